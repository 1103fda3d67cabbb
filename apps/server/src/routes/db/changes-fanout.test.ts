import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { databaseRequests } from '../../metrics.ts';
import { externalDatabase, type TestServer } from '../../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * Live `_changes` answered from one upstream feed per workspace on this instance (issue 22),
 * through the real server and embedded database: clients waiting on a workspace share one feed,
 * get each change as soon as it is written, and fetch its documents from what the feed read.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('fanout'));
});
afterAll(async () => {
  await server?.close();
});

interface Changes {
  results: { seq: string | number; id: string; changes: { rev: string }[] }[];
  last_seq: string | number;
}

/** Where the workspace's feed is now, as a client that has read everything would be. */
async function caughtUp(browser: BrowserSession = owner): Promise<string> {
  const res = await browser.request(`/db/${ws.slug}/_changes?style=all_docs&since=0`);
  return String(((await res.json()) as Changes).last_seq);
}

/** PouchDB's live pull request. */
function longpoll(browser: BrowserSession, since: string, extra = ''): Promise<Response> {
  return browser.request(
    `/db/${ws.slug}/_changes?style=all_docs&feed=longpoll&limit=100&since=${encodeURIComponent(since)}${extra}`,
  );
}

async function write(title: string) {
  const doc = issueDoc(ws, { title, number: 1 + Math.floor(Math.random() * 20) });
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [{ ...doc, _id: doc._id }] },
  });
  const [row] = (await res.json()) as { id: string; rev: string }[];
  return { id: row!.id, rev: row!.rev };
}

async function joinAsMember(label: string) {
  const browser = new BrowserSession(server.url);
  await signUp(browser, newAccount(label));
  const invited = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
    method: 'POST',
    json: { role: 'member' },
  });
  const { token } = (await invited.json()) as { token: string };
  const accepted = await browser.request(`/api/invitations/${token}/accept`, { method: 'POST' });
  expect(accepted.status).toBe(200);
  const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
  return { browser, userId: me.user.id };
}

describe('live _changes from one feed per workspace', () => {
  it('wakes every waiting client with the change, from one upstream feed, documents included', async () => {
    const since = await caughtUp();
    const waiting = Array.from({ length: 12 }, () => longpoll(owner, since));
    // Every client is waiting on the instance's feed; the database holds one request for all.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.feeds.size).toBe(1);
    const written = await write('Seen by everyone');
    const answers = await Promise.all(waiting);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = (await res.json()) as Changes;
      expect(body.results.map((r) => r.id)).toContain(written.id);
      // The next request names a sequence the feed published: it is answered from the feed.
      await expect.poll(() => server.feeds.peek(dbName)?.knows(String(body.last_seq))).toBe(true);
    }
    // PouchDB then fetches the revision: the feed read it once and answers it.
    expect(server.feeds.peek(dbName)?.doc(written.id, written.rev)).toBeDefined();
    const got = await owner.request(`/db/${ws.slug}/_bulk_get?revs=true&latest=true`, {
      method: 'POST',
      json: { docs: [{ id: written.id, rev: written.rev }] },
    });
    const body = (await got.json()) as { results: { docs: { ok?: { title?: string } }[] }[] };
    expect(body.results[0]?.docs[0]?.ok?.title).toBe('Seen by everyone');
  });

  it('catches a client up from an old sequence at once, then follows the feed', async () => {
    const first = await write('Old news');
    // (A cluster's feed reads one copy of each shard, which may be a moment behind the write:
    // asked again, as a client would, it brings it.)
    let body: Changes = { results: [], last_seq: 0 };
    await expect
      .poll(
        async () => {
          body = (await (await longpoll(owner, '0')).json()) as Changes;
          return body.results.map((r) => r.id);
        },
        { timeout: 10_000 },
      )
      .toContain(first.id);
    // Caught up, it waits; the next change answers it.
    const waiting = longpoll(owner, String(body.last_seq));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await write('Fresh news');
    const seen: string[] = [];
    for (let answer = waiting; ;) {
      const page = (await (await answer).json()) as Changes;
      seen.push(...page.results.map((r) => r.id));
      if (seen.includes(next.id)) break;
      answer = longpoll(owner, String(page.last_seq));
    }
    expect(seen).toContain(next.id);
    // Exactly the new change; a cluster's lagging copy may bring older ones along first.
    if (!externalDatabase) expect(seen).toEqual([next.id]);
  });

  it('answers with nothing at the timeout, with heartbeats before, as CouchDB does', async () => {
    const since = await caughtUp();
    const started = Date.now();
    const res = await longpoll(owner, since, '&timeout=1500&heartbeat=1000');
    const text = await res.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(text.startsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({ results: [], last_seq: since, pending: 0 });
  });

  it('cuts a removed member’s waiting request at once', async () => {
    const member = await joinAsMember('removed-live');
    const since = await caughtUp(member.browser);
    const started = Date.now();
    const waiting = longpoll(member.browser, since).then(
      (res) => res.status,
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const removed = await owner.request(`/api/workspaces/${ws.slug}/members/${member.userId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBeLessThan(300);
    expect(await waiting).not.toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await longpoll(member.browser, since)).status).toBe(404);
  });

  it('does not hold other clients up behind one that never reads its answer', async () => {
    const since = await caughtUp();
    const url = new URL(
      `/db/${ws.slug}/_changes?style=all_docs&feed=longpoll&heartbeat=1000&since=${encodeURIComponent(since)}`,
      server.url,
    );
    // A client that sends its request and then never reads a byte of the answer.
    const stalled = http.get(url, { headers: { cookie: owner.cookieHeader() } }, (res) =>
      res.pause(),
    );
    const other = longpoll(owner, since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written = await write('Past the stalled one');
    const started = Date.now();
    const body = (await (await other).json()) as Changes;
    expect(body.results.map((r) => r.id)).toContain(written.id);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Destroying it is how this client goes away; its "socket hang up" is expected.
    stalled.on('error', () => undefined);
    stalled.destroy();
  });

  it('answers the first live client of a quiet workspace as soon as a change comes', async () => {
    // A workspace nobody follows on this instance yet, where nothing else happens: the
    // embedded database says nothing on a new feed before its first heartbeat.
    const quiet = await createWorkspaceAs(owner, 'fanout-quiet');
    const read = await owner.request(`/db/${quiet.slug}/_changes?style=all_docs&since=0`);
    const since = String(((await read.json()) as Changes).last_seq);
    const started = Date.now();
    const answer = owner.request(
      `/db/${quiet.slug}/_changes?style=all_docs&feed=longpoll&since=${encodeURIComponent(since)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const doc = issueDoc(quiet, { title: 'Into the quiet', number: 1 });
    const saved = await owner.request(`/db/${quiet.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [doc] },
    });
    expect(saved.status).toBe(201);
    const body = (await (await answer).json()) as Changes;
    expect(body.results.map((r) => r.id)).toContain(doc._id);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

/** Requests this process has sent to workspace databases so far (keel_database_requests_total). */
async function workspaceDatabaseRequests(): Promise<number> {
  const { values } = await databaseRequests.get();
  return values.find((v) => v.labels.database === 'workspace')?.value ?? 0;
}

describe('what a following client asks after each change, answered without the database', () => {
  it('says no revision is missing when the feed read them all, and asks the database otherwise', async () => {
    const since = await caughtUp();
    const waiting = longpoll(owner, since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written = await write('Echoed back');
    await waiting;
    await expect.poll(() => server.feeds.peek(dbName)?.doc(written.id, written.rev)).toBeDefined();

    const before = await workspaceDatabaseRequests();
    const echo = await owner.request(`/db/${ws.slug}/_revs_diff`, {
      method: 'POST',
      json: { [written.id]: [written.rev] },
    });
    expect(echo.status).toBe(200);
    expect(await echo.json()).toEqual({});
    expect(await workspaceDatabaseRequests()).toBe(before);

    // A revision the feed never read (the device's own edit) is the database's to judge.
    const own = `2-${'a'.repeat(32)}`;
    const asked = await owner.request(`/db/${ws.slug}/_revs_diff`, {
      method: 'POST',
      json: { [written.id]: [written.rev, own] },
    });
    // (CouchDB also names `possible_ancestors`; the embedded database does not.)
    const diff = (await asked.json()) as Record<string, { missing: string[] }>;
    expect(Object.keys(diff)).toEqual([written.id]);
    expect(diff[written.id]!.missing).toEqual([own]);
    expect(await workspaceDatabaseRequests()).toBe(before + 1);
  });

  it("answers the database's info from one read a second, never older than that", async () => {
    const info = async () => {
      const res = await owner.request(`/db/${ws.slug}/`);
      expect(res.status).toBe(200);
      return (await res.json()) as { update_seq: string | number; db_name: string };
    };
    const first = await info();
    const before = await workspaceDatabaseRequests();
    const started = performance.now();
    for (let i = 0; i < 10; i++) expect((await info()).db_name).toBe(first.db_name);
    // One read per second at most, however slow this machine makes the ten requests.
    const seconds = Math.ceil((performance.now() - started) / 1_000);
    expect(await workspaceDatabaseRequests()).toBeLessThanOrEqual(before + seconds);

    await write('Moves the sequence');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await info()).update_seq).not.toEqual(first.update_seq);
  });
});
