import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@keel/domain';
import { userIdOf } from '../db/app-store.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { BrowserSession } from '../testing/browser-session.ts';
import { freePort, startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * A hosted OpenID provider (OIDC_ISSUER) that is down: nothing listens at its address, or it
 * accepts connections and never answers. Signing in must end on the sign-in page with
 * IDP_UNAVAILABLE (the page shows the catalogue's "Sign-in is unavailable right now…"), every
 * time it is tried, and what does not need the provider must keep working.
 */
const hosted = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'keel',
  OIDC_CLIENT_SECRET: 'not-used-the-provider-is-down',
});
const UNAVAILABLE = '/signin?error=IDP_UNAVAILABLE';
// The refusals are logged as warnings; they are expected here.
const quiet = { write() {} };

describe('hosted sign-in provider down', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A port that was free a moment ago and that nothing listens on.
    server = await startTestServer({
      env: hosted(`http://127.0.0.1:${await freePort()}/`),
      logStream: quiet,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends sign-in back to /signin with IDP_UNAVAILABLE, on every attempt', async () => {
    const browser = new BrowserSession(server.url);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await browser.request('/auth/login?returnTo=%2Facme%2Fissues');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(UNAVAILABLE);
      // No half-started sign-in is left behind to be completed later.
      expect(browser.cookies.has('keel_login')).toBe(false);
    }
  });

  it('does not mount the embedded provider in its place', async () => {
    const res = await fetch(`${server.url}/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });

  it('still signs out: the session ends, with no provider logout to visit', async () => {
    const user = await server.store.upsertUser({
      issuer: 'https://sso.example.com',
      subject: 'down-1',
      email: 'down@example.com',
      name: 'Down',
      avatarUrl: null,
    });
    const browser = new BrowserSession(server.url);
    browser.cookies.set(
      SESSION_COOKIE,
      await server.store.createSession(userIdOf(user), 'test', LIMITS.sessionMaxMs),
    );
    expect((await browser.request('/api/me')).status).toBe(200);
    const out = await browser.request('/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ endSessionUrl: null });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.request('/api/me')).status).toBe(401);
  });
});

describe('hosted sign-in provider that accepts connections and never answers', () => {
  let server: TestServer;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    server = await startTestServer({ env: hosted(`http://127.0.0.1:${port}/`), logStream: quiet });
  });
  afterAll(async () => {
    await server?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('gives up after its timeout and answers IDP_UNAVAILABLE instead of hanging', async () => {
    const started = Date.now();
    const res = await new BrowserSession(server.url).request('/auth/login');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 30_000);
});
