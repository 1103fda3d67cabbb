import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRequests } from '../../metrics.ts';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { openStream, type Batch } from '../../testing/change-stream-client.ts';
import { externalDatabase, type TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * A device's live pull as one long answer (change-stream.ts), through the real server and
 * embedded database: each change arrives once, with its revisions and their history, without
 * the device asking again; a device behind catches up first; removal cuts the stream and
 * shutting down ends it.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('stream'));
});
afterAll(async () => {
  await server?.close();
});

/** Where the workspace's feed is now, as a device that has everything would be. */
async function caughtUp(browser: BrowserSession = owner): Promise<string> {
  const res = await browser.request(`/db/${ws.slug}/_changes?style=all_docs&since=0`);
  return String(((await res.json()) as Batch).last_seq);
}

async function write(title: string, overrides: Record<string, unknown> = {}) {
  const doc = {
    ...issueDoc(ws, { title, number: 1 + Math.floor(Math.random() * 20) }),
    ...overrides,
  };
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [doc] },
  });
  const [row] = (await res.json()) as { id: string; rev: string }[];
  return { id: row!.id, rev: row!.rev, doc };
}

/** Requests the instance made to this workspace's database so far. */
async function databaseReads(): Promise<number> {
  const metric = await databaseRequests.get();
  return metric.values.find((v) => v.labels.database === 'workspace')?.value ?? 0;
}

describe('the change stream', () => {
  it('brings each change with its revision and history, to every device, without more requests', async () => {
    const since = await caughtUp();
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => openStream(owner, ws.slug, since)),
    );
    for (const s of streams) {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    }
    // Every stream follows the instance's feed (it is ready once it answers a change).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await write('Streamed');
    await Promise.all(streams.map((s) => s.change(first.id)));
    const before = await databaseReads();
    const second = await write('Streamed again');
    for (const s of streams) {
      const change = await s.change(second.id);
      const [doc] = change.docs;
      expect(doc && 'ok' in doc ? doc.ok : null).toMatchObject({
        _id: second.id,
        _rev: second.rev,
        title: 'Streamed again',
        _revisions: { start: 1, ids: [second.rev.split('-')[1]] },
      });
    }
    // The write itself and the feed's one read of it; nothing per device.
    expect((await databaseReads()) - before).toBeLessThanOrEqual(4);
    for (const s of streams) s.close();
  });

  it('catches a device up from an old sequence first, then follows the feed', async () => {
    const old = await caughtUp();
    const missed = await write('Missed while away');
    const stream = await openStream(owner, ws.slug, old);
    const caught = await stream.change(missed.id);
    expect(caught.docs[0]).toMatchObject({ ok: { _id: missed.id, title: 'Missed while away' } });
    const live = await write('After catching up');
    await stream.change(live.id);
    // In order, each once.
    const ids = stream.batches.flatMap((b) => b.results.map((r) => r.id));
    expect(ids.indexOf(missed.id)).toBeLessThan(ids.indexOf(live.id));
    expect(ids.filter((id) => id === live.id)).toHaveLength(1);
    stream.close();
  });

  it('carries a deletion as the deleted revision with its history', async () => {
    const since = await caughtUp();
    const stream = await openStream(owner, ws.slug, since);
    const written = await write('To delete');
    await stream.change(written.id);
    const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [{ ...written.doc, _rev: written.rev, _deleted: true }] },
    });
    const [row] = (await res.json()) as { rev: string }[];
    const deleted = await stream.change(written.id, row!.rev);
    expect(deleted.docs[0]).toMatchObject({
      ok: { _id: written.id, _rev: row!.rev, _deleted: true, _revisions: { start: 2 } },
    });
    stream.close();
  });

  it('refuses a missing sequence, a workspace the person is not in, and no session', async () => {
    const none = await owner.request(`/api/workspaces/${ws.slug}/changes`);
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    const notMember = await stranger.request(`/api/workspaces/${ws.slug}/changes?since=0`);
    expect(notMember.status).toBe(404);
    const anonymous = await new BrowserSession(server.url).request(
      `/api/workspaces/${ws.slug}/changes?since=0`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('cuts a removed member’s stream at once, and refuses the next', async () => {
    const member = new BrowserSession(server.url);
    await signUp(member, newAccount('streamed-out'));
    const invited = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
      method: 'POST',
      json: { role: 'member' },
    });
    const { token } = (await invited.json()) as { token: string };
    expect(
      (await member.request(`/api/invitations/${token}/accept`, { method: 'POST' })).status,
    ).toBe(200);
    const me = (await (await member.request('/api/me')).json()) as { user: { id: string } };
    const since = await caughtUp(member);
    const stream = await openStream(member, ws.slug, since);
    expect(stream.res.status).toBe(200);
    const started = Date.now();
    const removed = await owner.request(`/api/workspaces/${ws.slug}/members/${me.user.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBeLessThan(300);
    expect(await stream.ended).toBe('cut');
    expect(Date.now() - started).toBeLessThan(5_000);
    const again = await member.request(`/api/workspaces/${ws.slug}/changes?since=0`);
    expect(again.status).toBe(404);
  });
});

describe('the change stream while the database is down', () => {
  // It stops the database (a child it can crash), so it runs on a server of its own.
  it.skipIf(externalDatabase)(
    'is refused or cut, never ended as if caught up, and catches up once the database is back',
    async () => {
      const own = await startWithOwnerWorkspace('stream-down');
      const feedOf = (path: string) => own.owner.request(`/db/${own.ws.slug}${path}`);
      const since = String(
        ((await (await feedOf('/_changes?style=all_docs&since=0')).json()) as Batch).last_seq,
      );
      const doc = issueDoc(own.ws, { title: 'Written before the outage' });
      const saved = await own.owner.request(`/db/${own.ws.slug}/_bulk_docs`, {
        method: 'POST',
        json: { docs: [doc] },
      });
      expect(saved.status).toBe(201);
      own.server.embeddedDb!.crash();
      // From an old sequence the stream must read the database: it cannot.
      const res = await own.owner.request(
        `/api/workspaces/${own.ws.slug}/changes?since=${encodeURIComponent(since)}`,
      );
      if (res.status === 200) {
        // Opened before the read failed: cut, not ended, so the device asks again.
        await expect(res.text()).rejects.toThrow();
      } else {
        expect(res.status).toBe(503);
        expect(((await res.json()) as { code: string }).code).toBe('DB_UNAVAILABLE');
      }
      await expect.poll(async () => (await feedOf('/')).status, { timeout: 15_000 }).toBe(200);
      const back = await own.owner.request(
        `/api/workspaces/${own.ws.slug}/changes?since=${encodeURIComponent(since)}`,
      );
      expect(back.status).toBe(200);
      const reader = back.body!.getReader();
      let text = '';
      while (!text.includes(doc._id)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('Written before the outage');
      await reader.cancel();
      await own.server.close();
    },
  );
});

describe('the change stream when the instance closes', () => {
  it('ends cleanly, so the device asks again from what it wrote', async () => {
    const own = await startWithOwnerWorkspace('stream-close');
    const since = String(
      (
        (await (
          await own.owner.request(`/db/${own.ws.slug}/_changes?style=all_docs&since=0`)
        ).json()) as Batch
      ).last_seq,
    );
    const res = await own.owner.request(
      `/api/workspaces/${own.ws.slug}/changes?since=${encodeURIComponent(since)}`,
    );
    expect(res.status).toBe(200);
    const body = res.text();
    const started = Date.now();
    await own.server.close();
    // Ended with nothing but its opening heartbeat: no error, nothing lost.
    expect((await body).trim()).toBe('');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
