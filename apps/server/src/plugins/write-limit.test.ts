import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';

// The limiter reads this clock, so a test moves a minute on instead of waiting for it.
let now = Date.parse('2026-01-01T00:00:00Z');
let server: TestServer;
let writer: BrowserSession;
let ws: WorkspaceFixture;

beforeAll(async () => {
  server = await startTestServer({ now: () => now });
  writer = new BrowserSession(server.url);
  await signUp(writer, newAccount('writer'));
  ws = await createWorkspaceAs(writer, 'limits');
});
afterAll(async () => {
  await server?.close();
});

const nextMinute = () => {
  now += 60_000;
};

/** `n` writes' worth of documents the proxy refuses cheaply: they count, they store nothing. */
const junk = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `junk-${i}` }));

async function bulk(browser: BrowserSession, docs: unknown[]) {
  return browser.request(`/db/${ws.slug}/_bulk_docs`, { method: 'POST', json: { docs } });
}

async function stored(id: string) {
  const res = await writer.request(`/db/${ws.slug}/${encodeURIComponent(id)}`);
  await res.body?.cancel();
  return res.status === 200;
}

describe(`writes per user: ${LIMITS.writesPerUserPerMinute} a minute (SPEC §9)`, () => {
  it('counts every document of _bulk_docs; over the limit the whole request is a 429 that stores nothing', async () => {
    nextMinute();
    const first = await bulk(writer, junk(LIMITS.writesPerUserPerMinute - 1));
    expect(first.status).toBe(201);
    await first.body?.cancel();
    const last = issueDoc(ws, { title: 'The 600th write' });
    expect((await bulk(writer, [last])).status).toBe(201);

    const over = issueDoc(ws, { title: 'One too many' });
    const refused = await bulk(writer, [over]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // PouchDB reads CouchDB's `error`; a failed push is retried with back-off.
    expect(await refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      error: 'too_many_requests',
      title: 'Too many attempts. Wait a minute and try again.',
    });
    expect(await stored(last._id)).toBe(true);
    expect(await stored(over._id)).toBe(false);

    nextMinute();
    expect((await bulk(writer, [over])).status).toBe(201);
    expect(await stored(over._id)).toBe(true);
  });

  it('counts unsafe /api calls, and refuses them with RATE_LIMITED once the limit is reached', async () => {
    nextMinute();
    await (await bulk(writer, junk(LIMITS.writesPerUserPerMinute))).body?.cancel();
    const numbers = `/api/workspaces/${ws.slug}/projects/${ws.projectId}/numbers`;
    const refused = await writer.request(numbers, { method: 'POST', json: {} });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const create = await writer.request('/api/workspaces', {
      method: 'POST',
      json: { name: 'Not now', slug: 'not-now' },
    });
    expect(create.status).toBe(429);
    expect(await server.store.workspaceBySlug('not-now')).toBeNull();

    nextMinute();
    const again = await writer.request(numbers, { method: 'POST', json: {} });
    expect(again.status).toBe(200);
  });

  it('does not count reads (GET, POST _changes, _revs_diff) and limits each user on their own', async () => {
    nextMinute();
    await (await bulk(writer, junk(LIMITS.writesPerUserPerMinute))).body?.cancel();
    const reads = await Promise.all([
      writer.request(`/db/${ws.slug}/_changes`),
      writer.request(`/db/${ws.slug}/_changes`, { method: 'POST', json: {} }),
      writer.request(`/db/${ws.slug}/_revs_diff`, { method: 'POST', json: {} }),
      writer.request('/api/me'),
    ]);
    for (const res of reads) await res.body?.cancel();
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    const other = new BrowserSession(server.url);
    await signUp(other, newAccount('other'));
    const own = await createWorkspaceAs(other, 'limits-other');
    expect(own.slug).toBe('limits-other');
  });

  it('does not count replication checkpoints (_local), which follow every batch pulled', async () => {
    nextMinute();
    // A device following a busy workspace writes about nine a second, with its other writes.
    const checkpoint = async (n: number, rev?: string) => {
      const res = await writer.request(`/db/${ws.slug}/_local/device-a`, {
        method: 'PUT',
        json: {
          ...(rev ? { _rev: rev } : {}),
          session_id: `session-${n}`,
          history: [{ last_seq: n, session_id: `session-${n}` }],
          replicator: 'pouchdb',
          version: 1,
          last_seq: n,
        },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { rev: string }).rev;
    };
    let rev: string | undefined;
    for (let n = 1; n <= 20; n++) rev = await checkpoint(n, rev);
    const all = await bulk(writer, junk(LIMITS.writesPerUserPerMinute));
    expect(all.status).toBe(201);
    await all.body?.cancel();
    // At the limit, the device still records how far it got.
    await checkpoint(21, rev);
    const over = await bulk(writer, junk(1));
    expect(over.status).toBe(429);
    await over.body?.cancel();
  });
});
