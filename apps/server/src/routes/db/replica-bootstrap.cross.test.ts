import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplicaFill, type FillHooks } from '../../../../web/src/data/replica-bootstrap.ts';
import {
  BOOTSTRAP_MARK,
  checkpointBootstrap,
  needsFill,
  type BootstrapDb,
  type BootstrapMark,
} from '../../../../web/src/data/replica-fill-mark.ts';
import type { BrowserSession } from '../../testing/browser-session.ts';
import {
  fetchAs,
  pouchNode,
  type Replication as PouchReplication,
} from '../../testing/pouch-node.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  startWithOwnerWorkspace,
  issueDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * The browser's first fill of a replica (apps/web/src/data/replica-bootstrap.ts) run
 * against the real server and embedded database, with a LevelDB PouchDB standing in for the
 * browser's IndexedDB one (same PouchDB core, same replication code).
 */

type Replication = PouchReplication<{ docs_read: number }>;
interface Db extends BootstrapDb<Db> {
  get<T = Record<string, unknown>>(
    id: string,
    options?: { conflicts?: boolean },
  ): Promise<T & { _id: string; _rev: string; _conflicts?: string[] }>;
  put(doc: object): Promise<unknown>;
  allDocs(options?: {
    conflicts: true;
    include_docs: true;
  }): Promise<{ rows: { id: string; value: { rev: string }; doc?: { _conflicts?: string[] } }[] }>;
  close(): Promise<void>;
  replicate: {
    from(remote: Db, options?: object): Replication;
    to(remote: Db, options?: object): Replication;
  };
}
const PouchDB = pouchNode<Db>();

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dir: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('bootstrap'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-bootstrap-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const remoteUrl = () => `${server.url}/db/${ws.slug}`;
const withSession = (url: string | Request, opts?: RequestInit) =>
  fetchAs(PouchDB, owner)(url, opts);
const remote = () => new PouchDB(remoteUrl(), { skip_setup: true, fetch: withSession });
let dbs = 0;
const localDb = () => new PouchDB(path.join(dir, `local-${++dbs}`));

const quiet: FillHooks = { onDocs: () => undefined, onCaughtUp: () => undefined };
const fill = (
  db: Db,
  hooks: Partial<FillHooks> = {},
  fetchRemote = withSession,
  pageSize?: number,
) => new ReplicaFill(db, remoteUrl(), fetchRemote, { ...quiet, ...hooks }, pageSize).run();

async function write(docs: object[]) {
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, { method: 'POST', json: { docs } });
  const rows = (await res.json()) as { id: string; rev?: string; ok?: boolean }[];
  expect(rows.every((r) => r.ok)).toBe(true);
  return rows;
}

interface ChangesFeed {
  results: { id: string; deleted?: boolean; changes: { rev: string }[] }[];
}

async function serverDoc(id: string) {
  const res = await owner.request(`/db/${ws.slug}/${encodeURIComponent(id)}`);
  return (await res.json()) as { _id: string; _rev: string; title?: string };
}

/** The replica holds exactly the server's live documents at their revisions, without conflicts. */
async function expectSameAsServer(db: Db) {
  const feed = await owner.request(`/db/${ws.slug}/_changes?include_docs=true`);
  const onServer = ((await feed.json()) as ChangesFeed).results.filter((c) => !c.deleted);
  const local = await db.allDocs({ include_docs: true, conflicts: true });
  expect(local.rows.map((row) => [row.id, row.value.rev]).sort()).toEqual(
    onServer.map((c) => [c.id, c.changes[0]!.rev]).sort(),
  );
  expect(local.rows.filter((row) => row.doc?._conflicts?.length)).toEqual([]);
}

/** A page of a fill: the snapshot's (a fresh fill) or the change feed's. */
const isPage = (url: string | Request) => /\/snapshot\?|\/_changes\?/.test(String(url));

const mark = (db: Db) => db.get<BootstrapMark>(`_local/${BOOTSTRAP_MARK}`);

describe('first fill of a replica', () => {
  it('hands every document over before writing it, writes the server revisions, and then has nothing left to replicate', async () => {
    const issues = Array.from({ length: 20 }, (_, i) =>
      issueDoc(ws, { number: i + 1, title: `Bootstrap ${i}` }),
    );
    await write(issues);
    const db = localDb();
    expect(await needsFill(db)).toBe(true);
    const handed: number[] = [];
    let handedWhenCaughtUp = 0;
    const seqWhileWaited: number[] = [];
    const result = await fill(db, {
      onDocs: (docs) => handed.push(docs.length),
      // The page saves its store snapshot here; nothing may be written until it has.
      onCaughtUp: async () => {
        handedWhenCaughtUp = handed.reduce((a, b) => a + b, 0);
        seqWhileWaited.push(Number((await db.info()).update_seq));
        await new Promise((resolve) => setTimeout(resolve, 100));
        seqWhileWaited.push(Number((await db.info()).update_seq));
      },
    });
    expect(result?.resumed).toBe(false);
    // The screens had every document before the first one was written, and the fill waited for
    // the page to be done with them.
    expect(handedWhenCaughtUp).toBeGreaterThanOrEqual(20);
    expect(seqWhileWaited).toEqual([0, 0]);

    const some = issues[7]!;
    const local = await db.get<{ title: string }>(some._id);
    expect(local._rev).toBe((await serverDoc(some._id))._rev);
    expect(local.title).toBe('Bootstrap 7');
    expect((await mark(db)).phase).toBe('done');

    // A filled replica is left alone.
    expect(await needsFill(db)).toBe(false);
    expect(await fill(db)).toBeNull();

    const r = remote();
    await checkpointBootstrap(db, r, () => undefined);
    // Replication continues from the fill's sequence: nothing is fetched document by
    // document, and the local documents are not compared again.
    const pulled = await db.replicate.from(r);
    expect(pulled.docs_read).toBe(0);
    const pushed = await db.replicate.to(r);
    expect(pushed.docs_read).toBe(0);
    await db.close();
  });

  it('a change made on the server after the fill arrives by replication, and a change made on the device goes up', async () => {
    const [issue] = [issueDoc(ws, { title: 'Before' })];
    await write([issue!]);
    const db = localDb();
    await fill(db);
    const r = remote();
    await checkpointBootstrap(db, r, () => undefined);

    const current = await serverDoc(issue!._id);
    await write([{ ...issue, _rev: current._rev, title: 'Changed on the server' }]);
    await db.replicate.from(r);
    expect((await db.get<{ title: string }>(issue!._id)).title).toBe('Changed on the server');

    const mine = await db.get<object>(issue!._id);
    await db.put({ ...mine, title: 'Changed on the device' });
    const denied: unknown[] = [];
    await db.replicate.to(r).on('denied', (d) => denied.push(d));
    expect(denied).toEqual([]);
    expect((await serverDoc(issue!._id)).title).toBe('Changed on the device');
    await db.close();
  });

  it('a fresh fill reads the lists first and says so before any history; a change made while it reads still arrives', async () => {
    const issue = issueDoc(ws, { title: 'Parts v1' });
    const now = new Date().toISOString();
    const comment = {
      _id: `comment:parts${Date.now()}`,
      type: 'comment',
      issueId: issue._id,
      body: 'First',
      authorId: ws.userId,
      editedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await write([issue]);
    await write([comment]);
    const db = localDb();
    const order: string[] = [];
    let changed = false;
    // Changed on the server after the lists are read, as the history is asked for.
    const changing = async (url: string | Request, opts?: RequestInit) => {
      if (!changed && String(url).includes('type=comment')) {
        changed = true;
        const current = await serverDoc(issue._id);
        await write([{ ...issue, _rev: current._rev, title: 'Parts v2' }]);
      }
      return withSession(url, opts);
    };
    await fill(
      db,
      {
        onDocs: (docs) => order.push(...docs.map((d) => d.type)),
        onMainRead: () => void order.push('main read'),
        onCaughtUp: () => void order.push('caught up'),
      },
      changing,
    );
    expect(changed).toBe(true);
    const mainRead = order.indexOf('main read');
    expect(mainRead).toBeGreaterThan(order.indexOf('issue'));
    expect(order.slice(0, mainRead).every((t) => !['comment', 'activity'].includes(t))).toBe(true);
    expect(order.indexOf('comment')).toBeGreaterThan(mainRead);
    expect(order.at(-1)).toBe('caught up');
    expect((await db.get<{ title: string }>(issue._id)).title).toBe('Parts v2');
    await expectSameAsServer(db);
    await db.close();
  });

  it('a document changed while the pages are fetched ends with one revision history, not a conflict', async () => {
    const issue = issueDoc(ws, { title: 'Mid-bootstrap v1' });
    await write([issue]);
    const db = localDb();
    let changedOnce = false;
    // The server changes the document right after the page holding it is read: the feed then
    // lists it again at a later sequence (after the snapshot's pages, or in a later page).
    const slowFetch = async (url: string | Request, opts?: RequestInit) => {
      const res = await withSession(url, opts);
      const page = isPage(url) ? await res.clone().text() : '';
      if (!changedOnce && page.includes(issue._id)) {
        changedOnce = true;
        const current = await serverDoc(issue._id);
        await write([{ ...issue, _rev: current._rev, title: 'Mid-bootstrap v2' }]);
      }
      return res;
    };
    // Pages of one document, so the changed document comes again in a later page.
    await fill(db, {}, slowFetch, 1);
    const local = await db.get<{ title: string }>(issue._id, { conflicts: true });
    expect(local.title).toBe('Mid-bootstrap v2');
    expect(local._conflicts ?? []).toEqual([]);
    await db.close();
  });

  it('follows the server while it writes: a change and a deletion made meanwhile are on the device, without conflicts', async () => {
    const [kept, changed, deleted] = ['Live kept', 'Live changed v1', 'Live deleted'].map((title) =>
      issueDoc(ws, { title }),
    );
    await write([kept!, changed!, deleted!]);
    const db = localDb();
    // Writing waits until the server's change and deletion have come through the live feed.
    let seen = () => undefined as void;
    const seenBoth = new Promise<void>((resolve) => (seen = resolve));
    const slowDb = Object.create(db) as Db;
    slowDb.bulkDocs = async (docs, options) => {
      await Promise.race([seenBoth, new Promise((r) => setTimeout(r, 5_000))]);
      return db.bulkDocs(docs, options);
    };
    const handedDeletions: string[] = [];
    const handedTitles: string[] = [];
    const result = await fill(slowDb, {
      onCaughtUp: () => {
        void (async () => {
          const current = await serverDoc(changed!._id);
          const gone = await serverDoc(deleted!._id);
          await write([
            { ...changed, _rev: current._rev, title: 'Live changed v2' },
            { _id: deleted!._id, _rev: gone._rev, _deleted: true },
          ]);
        })();
      },
      onDocs: (docs, gone) => {
        handedDeletions.push(...gone);
        handedTitles.push(...docs.map((d) => (d as { title: string }).title));
        if (handedDeletions.includes(deleted!._id) && handedTitles.includes('Live changed v2'))
          seen();
      },
    });
    expect(result).not.toBeNull();
    expect((await db.get<{ title: string }>(changed!._id)).title).toBe('Live changed v2');
    await expect(db.get(deleted!._id)).rejects.toMatchObject({ status: 404 });
    await expectSameAsServer(db);
    await db.close();
  });

  it('a change of the page made while the fill writes is saved on top of the server revision and goes up with the checkpoint', async () => {
    const issue = issueDoc(ws, { title: 'Edited during the fill' });
    await write([issue]);
    const { _rev } = await serverDoc(issue._id);
    const db = localDb();
    let written: Promise<{ ok: boolean }[]> | null = null;
    const running = new ReplicaFill(db, remoteUrl(), withSession, {
      ...quiet,
      // The page has the server's revision in memory; the replica has nothing written yet.
      onCaughtUp: () => {
        written = running.write([{ ...issue, _rev, title: 'Edited on the device' }]);
      },
    });
    const result = await running.run();
    expect(result).not.toBeNull();
    expect((await written!)[0]!.ok).toBe(true);
    const local = await db.get<{ title: string }>(issue._id, { conflicts: true });
    expect(local.title).toBe('Edited on the device');
    expect(local._conflicts ?? []).toEqual([]);
    // The server's issue was written first (sequence 1) so the change could follow on from it;
    // the push starts right after it, before the change.
    expect(result!.push).toBe(1);
    // Of everything written after that, only the change is the device's own.
    expect(result!.mine).toEqual([issue._id]);

    await checkpointBootstrap(db, remote(), () => undefined);
    expect((await serverDoc(issue._id)).title).toBe('Edited on the device');
    await db.close();
  });

  it('a fill cut off is resumed by the next: documents written are kept, one changed meanwhile follows on, none is in conflict', async () => {
    const issues = Array.from({ length: 6 }, (_, i) => issueDoc(ws, { title: `Resume ${i}` }));
    await write(issues);
    const db = localDb();
    // The page closes after the first few documents are written.
    const cut = Object.create(db) as Db;
    cut.bulkDocs = async (docs, options) => {
      await db.bulkDocs(docs.slice(0, 3), options);
      throw new Error('page closed');
    };
    await expect(fill(cut)).rejects.toThrow('page closed');
    expect((await mark(db)).phase).toBe('filling');
    expect(await needsFill(db)).toBe(true);
    // Nothing may set replication's checkpoints at a fill that did not finish.
    await checkpointBootstrap(db, remote(), () => undefined);
    expect((await mark(db)).checkpointed).toBe(false);

    // Which documents were written first depends on the feed's order; change every one.
    const changedTitles = await Promise.all(
      issues.map(async (issue) => {
        const current = await serverDoc(issue._id);
        return { ...issue, _rev: current._rev, title: `${issue.title} changed` };
      }),
    );
    await write(changedTitles);

    expect(await fill(db)).not.toBeNull();
    await expectSameAsServer(db);
    expect((await db.get<{ title: string }>(issues[0]!._id)).title).toBe('Resume 0 changed');
    await db.close();
  });

  it('a change of the page saved through a fill that is then cut off still goes up after the next fill', async () => {
    const issues = Array.from({ length: 6 }, (_, i) => issueDoc(ws, { title: `Cut write ${i}` }));
    await write(issues);
    const target = issues[0]!;
    const { _rev } = await serverDoc(target._id);
    const db = localDb();
    let batches = 0;
    let written: Promise<{ ok: boolean }[]> | null = null;
    // Two documents a batch; the page writes after the first batch, and the page closes at the
    // second: the change is on the device, behind server documents, when the fill is cut off.
    const cut = Object.create(db) as Db;
    cut.bulkDocs = async (docs, options) => {
      if (!options) return db.bulkDocs(docs);
      // The page's write first writes the one document it updates (a batch of one).
      if (docs.length > 1 && ++batches > 1) throw new Error('page closed');
      const result = await db.bulkDocs(docs, options);
      written ??= running.write([{ ...target, _rev, title: 'Changed while filling' }]);
      return result;
    };
    const running = new ReplicaFill(cut, remoteUrl(), withSession, quiet, undefined, 2);
    await expect(running.run()).rejects.toThrow('page closed');
    expect((await written!)[0]!.ok).toBe(true);
    expect((await db.get<{ title: string }>(target._id)).title).toBe('Changed while filling');

    const resumed = await fill(db);
    // The page reads the replica again, as its pages did not bring the change.
    expect(resumed?.resumed).toBe(true);
    // The mark kept what the page wrote through the fill that was cut off.
    expect(resumed?.mine).toEqual([target._id]);
    await checkpointBootstrap(db, remote(), () => undefined);
    expect((await serverDoc(target._id)).title).toBe('Changed while filling');
    await db.close();
  });

  it('a page write the device fails to prepare leaves the server documents it needed waiting, and the fill still writes them', async () => {
    const issue = issueDoc(ws, { title: 'Prepared' });
    await write([issue]);
    const { _rev } = await serverDoc(issue._id);
    const db = localDb();
    let refused = false;
    // The one write that puts the issue on the device ahead of the page's change is refused
    // (a full disk for a moment, say).
    const flaky = Object.create(db) as Db;
    flaky.bulkDocs = async (docs, options) => {
      if (options && docs.length === 1 && !refused) {
        refused = true;
        throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      }
      return db.bulkDocs(docs, options);
    };
    let written: Promise<{ ok: boolean }[]> | null = null;
    const running = new ReplicaFill(flaky, remoteUrl(), withSession, {
      ...quiet,
      onCaughtUp: () => {
        written = running.write([{ ...issue, _rev, title: 'Not saved' }]);
      },
    });
    expect(await running.run()).not.toBeNull();
    expect(refused).toBe(true);
    // The change could not be saved on the revision it was made from…
    expect((await written!)[0]!.ok).toBe(false);
    // …and the server's document is on the device all the same.
    await expectSameAsServer(db);
    await db.close();
  });

  it('a connection that drops while fetching leaves the fill unfinished, and the next one brings every document once', async () => {
    await write(
      Array.from({ length: 12 }, (_, i) => issueDoc(ws, { title: `Dropped bootstrap ${i}` })),
    );
    const db = localDb();
    let pages = 0;
    // The first page arrives; then the network goes, as a proxy or a train tunnel would do it.
    const dropping = async (url: string | Request, opts?: RequestInit) => {
      if (isPage(url) && ++pages > 1) throw new TypeError('fetch failed');
      return withSession(url, opts);
    };
    const handed: number[] = [];
    await expect(fill(db, { onDocs: (d) => handed.push(d.length) }, dropping, 5)).rejects.toThrow(
      'fetch failed',
    );
    // The first page: the snapshot's members, the workspace's one.
    expect(handed).toEqual([1]);
    expect(await needsFill(db)).toBe(true);

    expect(await fill(db)).not.toBeNull();
    await expectSameAsServer(db);
    const r = remote();
    await checkpointBootstrap(db, r, () => undefined);
    expect((await db.replicate.from(r)).docs_read).toBe(0);
    await db.close();
  });

  it('offline while it writes, a later revision it cannot fetch is left to replication, which brings it without a conflict', async () => {
    const issue = issueDoc(ws, { title: 'Offline fill v1' });
    await write([issue]);
    const db = localDb();
    let fetchesRefused = 0;
    // The network goes after the pages are fetched: the live feed still answers here, so the
    // later revision is known, but fetching it with its history fails.
    const offlineForHistory = async (url: string | Request, opts?: RequestInit) => {
      if (String(url).includes('_bulk_get')) {
        fetchesRefused++;
        throw new TypeError('fetch failed');
      }
      return withSession(url, opts);
    };
    let seen = () => undefined as void;
    const seenV2 = new Promise<void>((resolve) => (seen = resolve));
    let changed = false;
    // Once the issue is on the device, the server changes it; the write returns only when the
    // live feed has brought that revision, so the fill knows the device holds an older one.
    const slowDb = Object.create(db) as Db;
    slowDb.bulkDocs = async (docs, options) => {
      const result = await db.bulkDocs(docs, options);
      if (!changed && docs.some((d) => (d as { _id: string })._id === issue._id)) {
        changed = true;
        const current = await serverDoc(issue._id);
        await write([{ ...issue, _rev: current._rev, title: 'Offline fill v2' }]);
        await Promise.race([seenV2, new Promise((r) => setTimeout(r, 10_000))]);
      }
      return result;
    };
    const result = await new ReplicaFill(slowDb, remoteUrl(), offlineForHistory, {
      ...quiet,
      onDocs: (docs) => {
        if (docs.some((d) => (d as { title?: string }).title === 'Offline fill v2')) seen();
      },
    }).run();
    expect(result).not.toBeNull();
    expect(fetchesRefused).toBeGreaterThan(0);
    expect((await mark(db)).phase).toBe('done');
    expect((await db.get<{ title: string }>(issue._id)).title).toBe('Offline fill v1');

    // Back online: the pull continues from before the page that brought the later revision.
    await checkpointBootstrap(db, remote(), () => undefined);
    const local = await db.get<{ title: string }>(issue._id, { conflicts: true });
    expect(local.title).toBe('Offline fill v2');
    expect(local._conflicts ?? []).toEqual([]);
    await expectSameAsServer(db);
    await db.close();
  });
});
