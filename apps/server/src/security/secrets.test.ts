import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signIn, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createWorkspaceAs, issueDoc } from '../testing/workspace-fixture.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import type { Secrets } from '../db/secrets.ts';
import type { CouchDoc } from '../db/couch-client.ts';

/**
 * What must never leave the server: the database's credentials (to the browser) and sign-in
 * secrets (to the log). The server runs at debug level so every log line a request can cause
 * is captured.
 */
const logLines: string[] = [];
let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Keel</title>');
  server = await startTestServer({
    env: { LOG_LEVEL: 'debug', KEEL_WEB_DIST: webDist },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await server?.close();
});

/** Every secret the server holds, as the strings that would give it away. */
async function serverSecrets(): Promise<string[]> {
  const db = server.database;
  const basic = Buffer.from(`${db.user ?? ''}:${db.password ?? ''}`).toString('base64');
  const stored = await server.store.get<Secrets & CouchDoc>('config:secrets');
  return [
    ...(db.password ? [db.password] : []),
    basic,
    db.url, // the database's own address: the browser only ever sees /db
    stored!.cookieSecret,
    stored!.idpClientSecret,
    ...stored!.idpCookieKeys,
    String(stored!.idpJwks.keys[0]!.d),
  ];
}

describe('the database credentials never reach the browser', () => {
  it('in pages, /api, /db replies, and error bodies', async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('creds'));
    const ws = await createWorkspaceAs(browser, 'creds');
    const issue = issueDoc(ws);
    const answers: string[] = [];
    const get = async (url: string, init: Parameters<BrowserSession['request']>[1] = {}) => {
      const res = await browser.request(url, init);
      answers.push(`${url} ${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`);
    };
    await get(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [issue, { _id: 'x' }] },
    });
    for (const url of [
      '/',
      '/acme/issues',
      '/api/me',
      '/api/nothing-here',
      '/healthz',
      '/readyz',
      '/db/',
      `/db/${ws.slug}/`,
      `/db/${ws.slug}/_changes?include_docs=true`,
      `/db/${ws.slug}/${issue._id}`,
      `/db/${ws.slug}/${issue._id}?open_revs=garbage`,
      `/db/${ws.slug}/_all_dbs`,
      `/db/${ws.slug}/_config`,
      '/db/no-such-workspace/',
    ])
      await get(url);
    await get(`/db/${ws.slug}/_revs_diff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    await get('/api/workspaces', { method: 'POST', json: { name: 42 } });
    // While the database is down the error says so, and no more. (An external database, from
    // COUCHDB_URL, cannot be crashed from here: NEEDS_EMBEDDED_DB.)
    if (server.embeddedDb) {
      server.embeddedDb.crash();
      await get('/api/me');
      await get(`/db/${ws.slug}/_changes`);
    }
    const secrets = await waitForSecrets();
    const all = answers.join('\n');
    if (server.embeddedDb) expect(all).toContain('"code":"DB_UNAVAILABLE"');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});

/** The database restarts after the crash above; its credentials stay the same. */
async function waitForSecrets() {
  for (let i = 0; i < 50; i++) {
    try {
      return await serverSecrets();
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('database did not come back');
}

describe('the log carries no tokens, cookies or passwords', () => {
  it('through sign-up, sign-in, writes, refusals and sign-out', async () => {
    const account = newAccount('logged');
    const browser = new BrowserSession(server.url);
    await signUp(browser, account);
    const second = new BrowserSession(server.url);
    const wrong = await signIn(second, { email: account.email, password: 'wrong password!' });
    await wrong.res.body?.cancel();
    (await signIn(second, account)).res.body?.cancel();
    const cookies = [...browser.cookies.values(), ...second.cookies.values()];
    expect(browser.cookies.get(SESSION_COOKIE)).toBeTruthy();

    await waitForSecrets();
    const ws = await createWorkspaceAs(browser, 'logged');
    const doc = issueDoc(ws);
    await (
      await browser.request(`/db/${ws.slug}/_bulk_docs`, {
        method: 'POST',
        json: { docs: [doc, { ...doc, _id: 'issue:forged', createdBy: 'someone-else' }] },
      })
    ).body?.cancel();
    await (await browser.request('/api/workspaces', { method: 'POST', json: {} })).body?.cancel();
    await (await second.request('/auth/logout', { method: 'POST' })).body?.cancel();

    // The provider's stored grants: their ids are the codes and tokens themselves.
    const tokens = (await server.store.withPrefix<{ _id: string }>('oidc:'))
      .filter((d) =>
        /^oidc:(AccessToken|AuthorizationCode|RefreshToken|Session|Grant):/.test(d._id),
      )
      .map((d) => d._id.split(':').slice(2).join(':'));
    const log = logLines.join('');
    expect(log).toContain('"url":"/api/me"'); // the capture works: requests are logged
    for (const secret of [
      account.password,
      'wrong password!',
      ...cookies,
      ...tokens,
      ...(await serverSecrets()),
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log.includes(secret) ? `leaked: ${secret}` : 'kept').toBe('kept');
    }
    // No JSON Web Token (an ID token) and no authorization code in a URL.
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
    expect(log).not.toMatch(/[?&]code=/);
  });
});

describe('the session cookie behind a proxy (TRUST_PROXY)', () => {
  async function sessionCookieLine(target: TestServer, headers: Record<string, string>) {
    const browser = new BrowserSession(target.url, headers);
    const { res } = await browser.follow('/auth/login');
    const uid = /\/idp\/interaction\/([^/"]+)\/signup/.exec(await res.text())![1];
    let next = await browser.request(`/idp/interaction/${uid}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(newAccount('proxied')).toString(),
    });
    for (let i = 0; i < 10 && next.status >= 300 && next.status < 400; i++) {
      const line = next.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
      if (line) return line;
      await next.body?.cancel();
      // The proxy ends TLS: what the browser reaches at https:// arrives here over http.
      const location = new URL(next.headers.get('location')!, target.url);
      location.protocol = 'http:';
      next = await browser.request(location.href);
    }
    throw new Error('no session cookie');
  }

  it('is Secure when a trusted proxy says the request came over HTTPS', async () => {
    const trusting = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      expect(await sessionCookieLine(trusting, { 'x-forwarded-proto': 'https' })).toMatch(
        /;\s*Secure/i,
      );
      expect(await sessionCookieLine(trusting, {})).not.toMatch(/;\s*Secure/i);
    } finally {
      await trusting.close();
    }
  });

  it('ignores a forged X-Forwarded-Proto when no proxy is trusted', async () => {
    await waitForSecrets();
    expect(await sessionCookieLine(server, { 'x-forwarded-proto': 'https' })).not.toMatch(
      /;\s*Secure/i,
    );
  });
});
