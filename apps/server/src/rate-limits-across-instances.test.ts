import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from './testing/browser-session.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';
import { createWorkspaceAs, type WorkspaceFixture } from './testing/workspace-fixture.ts';

/**
 * Two instances over one database, as behind a load balancer (KEEL_INSTANCES=2, one public
 * address): a person whose requests are spread over both is held to each limit in all, not to
 * twice it.
 */
let now = Date.parse('2026-01-01T00:00:00Z');
let first: TestServer;
let second: TestServer;
let ws: WorkspaceFixture;
let viaFirst: BrowserSession;
let viaSecond: BrowserSession;

/**
 * The same browser reaching the other instance: same cookies, same public origin. (The second
 * server's `url` is the public address it was given, the first's.)
 */
function throughSecond(browser: BrowserSession) {
  const { port } = second.app.server.address() as AddressInfo;
  const other = new BrowserSession(`http://127.0.0.1:${port}`, { origin: first.url });
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

beforeAll(async () => {
  first = await startTestServer({ now: () => now, env: { KEEL_INSTANCES: '2' } });
  second = await startTestServer({
    now: () => now,
    env: {
      KEEL_INSTANCES: '2',
      PUBLIC_URL: first.url,
      COUCHDB_URL: first.database.url,
      COUCHDB_USER: first.database.user ?? '',
      COUCHDB_PASSWORD: first.database.password ?? '',
      KEEL_APP_DB: first.store.db,
    },
  });
  viaFirst = new BrowserSession(first.url);
  await signUp(viaFirst, newAccount('spread'));
  ws = await createWorkspaceAs(viaFirst, 'spread');
  viaSecond = throughSecond(viaFirst);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const junk = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `junk-${i}` }));

async function bulk(browser: BrowserSession, docs: unknown[]) {
  const res = await browser.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs },
  });
  await res.body?.cancel();
  return res.status;
}

describe('rate limits with two instances (KEEL_INSTANCES=2)', () => {
  const half = LIMITS.writesPerUserPerMinute / 2;

  it(`holds a person to ${LIMITS.writesPerUserPerMinute} writes a minute in all, spread over both`, async () => {
    now += 60_000;
    expect(await bulk(viaFirst, junk(half - 1))).toBe(201);
    expect(await bulk(viaSecond, junk(half - 1))).toBe(201);
    expect(await bulk(viaFirst, junk(1))).toBe(201);
    expect(await bulk(viaSecond, junk(1))).toBe(201);
    // The 601st write is refused wherever it goes.
    expect(await bulk(viaFirst, junk(1))).toBe(429);
    expect(await bulk(viaSecond, junk(1))).toBe(429);
    now += 60_000;
    expect(await bulk(viaSecond, junk(1))).toBe(201);
  });

  it('gives each instance half: all through one, the person is refused there after half', async () => {
    now += 60_000;
    expect(await bulk(viaFirst, junk(half))).toBe(201);
    expect(await bulk(viaFirst, junk(1))).toBe(429);
    expect(await bulk(viaSecond, junk(half))).toBe(201);
    expect(await bulk(viaSecond, junk(1))).toBe(429);
  });

  it(`holds a person to ${LIMITS.importsPerUserPerMinute} imports a minute in all`, async () => {
    now += 60_000;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.importsPerUserPerMinute; i++) {
      const res = await (i % 2 ? viaSecond : viaFirst).request(
        `/api/workspaces/${ws.slug}/import`,
        { method: 'POST', json: { projectId: ws.projectId, csv: 'Title\nChecked', dryRun: true } },
      );
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMITS.importsPerUserPerMinute)).toEqual(
      Array(LIMITS.importsPerUserPerMinute).fill(200),
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it(`holds an email address to ${LIMITS.signInAttemptsPerMinute} sign-in attempts a minute in all`, async () => {
    const target = newAccount('guessed');
    const browser = new BrowserSession(first.url);
    const { res } = await browser.follow('/auth/login');
    const uid = /\/idp\/interaction\/([^/"]+)\/login/.exec(await res.text())![1];
    const other = throughSecond(browser);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signInAttemptsPerMinute; i++) {
      const attempt = await (i % 2 ? other : browser).form(`/idp/interaction/${uid}/login`, {
        email: target.email,
        password: `guess-${i}-guess`,
      });
      await attempt.res.body?.cancel();
      statuses.push(attempt.res.status);
    }
    expect(statuses.slice(0, LIMITS.signInAttemptsPerMinute)).toEqual(
      Array(LIMITS.signInAttemptsPerMinute).fill(401),
    );
    expect(statuses.at(-1)).toBe(429);
  });
});
