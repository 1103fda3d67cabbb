import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signIn, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { SessionDoc } from '../db/app-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sign-in through the embedded provider', () => {
  it('creates an account, comes back signed in, and /api/me knows the user', async () => {
    const browser = new BrowserSession(server.url);
    const account = newAccount('ada');
    const landed = await signUp(browser, account, '/new');
    expect(landed).toBe(`${server.url}/new`);
    const me = await browser.request('/api/me');
    expect(me.status).toBe(200);
    const body = (await me.json()) as {
      user: { email: string; name: string };
      workspaces: unknown[];
    };
    expect(body.user.email).toBe(account.email);
    expect(body.user.name).toBe(account.name);
    expect(body.workspaces).toEqual([]);
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const browser = new BrowserSession(server.url);
    const { res } = await browser.follow('/auth/login');
    const uid = /\/idp\/interaction\/([^/"]+)\/signup/.exec(await res.text())![1];
    const signup = await browser.request(`/idp/interaction/${uid}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(newAccount()).toString(),
    });
    let next = signup;
    let setCookie = '';
    for (let i = 0; i < 10 && next.status >= 300 && next.status < 400; i++) {
      const lines = next.headers.getSetCookie().filter((l) => l.startsWith('keel_session='));
      if (lines.length) setCookie = lines[0]!;
      next = await browser.request(new URL(next.headers.get('location')!, server.url).href);
    }
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  it('ignores a returnTo that is not a local path', async () => {
    const browser = new BrowserSession(server.url);
    const landed = await signUp(browser, newAccount(), '//evil.example/steal');
    expect(landed).toBe(`${server.url}/`);
  });

  it('signs in again with the same password, and refuses a wrong one', async () => {
    const account = newAccount('grace');
    await signUp(new BrowserSession(server.url), account);
    const again = new BrowserSession(server.url);
    const wrong = await signIn(again, { email: account.email, password: 'not the password' });
    expect(wrong.res.status).toBe(401);
    expect(await wrong.res.text()).toContain('don’t match an account');
    const right = await signIn(again, account);
    await right.res.body?.cancel();
    expect((await again.request('/api/me')).status).toBe(200);
  });

  it('refuses a short password with a field message and keeps the typed name and email', async () => {
    const browser = new BrowserSession(server.url);
    const { res } = await browser.follow('/auth/login');
    const uid = /\/idp\/interaction\/([^/"]+)\/signup/.exec(await res.text())![1];
    const result = await browser.form(`/idp/interaction/${uid}/signup`, {
      name: 'Lin',
      email: 'lin@example.com',
      password: 'short',
    });
    expect(result.res.status).toBe(422);
    const html = await result.res.text();
    expect(html).toContain('Password must be at least 10 characters');
    expect(html).toContain('value="lin@example.com"');
    expect(html).toContain('value="Lin"');
  });

  it('limits sign-in attempts to 10 a minute per address', async () => {
    const account = newAccount('mallory');
    const browser = new BrowserSession(server.url);
    const { res } = await browser.follow('/auth/login');
    const uid = /\/idp\/interaction\/([^/"]+)\/login/.exec(await res.text())![1];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const attempt = await browser.form(`/idp/interaction/${uid}/login`, {
        email: account.email,
        password: `guess-${i}-guess`,
      });
      statuses.push(attempt.res.status);
      await attempt.res.body?.cancel();
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sign out ends the session on the server; the old cookie no longer works', async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount());
    const stolen = browser.cookieHeader();
    const out = await browser.request('/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    const replay = await fetch(`${server.url}/api/me`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('content-type')).toContain('application/problem+json');
    expect(((await replay.json()) as { code: string }).code).toBe('AUTH_REQUIRED');
  });

  it('sign out everywhere ends every session of the user', async () => {
    const account = newAccount('multi');
    const laptop = new BrowserSession(server.url);
    await signUp(laptop, account);
    const phone = new BrowserSession(server.url);
    (await signIn(phone, account)).res.body?.cancel();
    expect((await phone.request('/api/me')).status).toBe(200);
    expect((await laptop.request('/auth/logout-all', { method: 'POST' })).status).toBe(200);
    expect((await phone.request('/api/me')).status).toBe(401);
  });

  it("a session's secret under another user's id signs nobody in", async () => {
    const ada = new BrowserSession(server.url);
    await signUp(ada, newAccount('ada'));
    const bob = new BrowserSession(server.url);
    await signUp(bob, newAccount('bob'));
    const bobId = ((await (await bob.request('/api/me')).json()) as { user: { id: string } }).user
      .id;
    const adaCookie = ada.cookieHeader().match(/keel_session=([^;]+)/)?.[1] ?? '';
    const adaSecret = adaCookie.slice(adaCookie.indexOf('.') + 1);
    expect(adaSecret.length).toBeGreaterThan(20);
    const forged = await fetch(`${server.url}/api/me`, {
      headers: { cookie: `keel_session=${bobId}.${adaSecret}` },
    });
    expect(forged.status).toBe(401);
    expect((await ada.request('/api/me')).status).toBe(200);
  });

  it('a session whose user is gone signs nobody in', async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('gone'));
    const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
    await server.store.remove(`user:${me.user.id}`);
    const res = await browser.request('/api/me');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('AUTH_REQUIRED');
  });

  it('refuses a callback without the login cookie (forged or replayed state)', async () => {
    const browser = new BrowserSession(server.url);
    const { url } = await browser.follow('/auth/callback?code=abc&state=forged');
    expect(url).toContain('/signin?error=AUTH_FAILED');
    expect((await browser.request('/api/me')).status).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount());
    const res = await browser.request('/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await browser.request('/api/me')).status).toBe(200);
  });

  it('sign out works even when the session is due a last-used touch (no race with the touch)', async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('stale'));
    const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
    const sessions = await server.store.withPrefix<SessionDoc>(`session:${me.user.id}:`);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    for (const s of sessions) await server.store.put({ ...s, lastUsedAt: twoHoursAgo });
    const stolen = browser.cookieHeader();
    expect((await browser.request('/auth/logout', { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie: stolen } })).status).toBe(401);
  });

  it('sign out everywhere works when sessions are due a touch', async () => {
    const account = newAccount('stale-all');
    const laptop = new BrowserSession(server.url);
    await signUp(laptop, account);
    const phone = new BrowserSession(server.url);
    (await signIn(phone, account)).res.body?.cancel();
    const me = (await (await laptop.request('/api/me')).json()) as { user: { id: string } };
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    for (const s of await server.store.withPrefix<SessionDoc>(`session:${me.user.id}:`))
      await server.store.put({ ...s, lastUsedAt: twoHoursAgo });
    expect((await laptop.request('/auth/logout-all', { method: 'POST' })).status).toBe(200);
    expect((await phone.request('/api/me')).status).toBe(401);
    expect(await server.store.withPrefix(`session:${me.user.id}:`)).toEqual([]);
  });

  it('answers an unparseable URL with a problem, not a framework error', async () => {
    const res = await fetch(`${server.url}/api/%ZZ`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});
