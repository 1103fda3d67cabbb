import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootstrapReplica,
  BOOTSTRAP_MARK,
  checkpointBootstrap,
  type BootstrapDb,
} from '../../../../web/src/features/sync/replica-bootstrap.ts';
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
 * The browser's first-sync bootstrap (apps/web/src/features/sync/replica-bootstrap.ts) run
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
  allDocs(options: {
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

describe('first sync from a bootstrap', () => {
  it('copies every document with the server revisions, page by page, and then has nothing left to replicate', async () => {
    const issues = Array.from({ length: 20 }, (_, i) =>
      issueDoc(ws, { number: i + 1, title: `Bootstrap ${i}` }),
    );
    await write(issues);
    const db = localDb();
    const pages: number[] = [];
    expect(await bootstrapReplica(db, remoteUrl(), withSession, (d) => pages.push(d.length))).toBe(
      true,
    );
    expect(pages.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(20);

    const some = issues[7]!;
    const local = await db.get<{ title: string }>(some._id);
    expect(local._rev).toBe((await serverDoc(some._id))._rev);
    expect(local.title).toBe('Bootstrap 7');

    // A replica that already holds documents is left alone.
    expect(await bootstrapReplica(db, remoteUrl(), withSession, () => undefined)).toBe(false);

    const r = remote();
    await checkpointBootstrap(db, r, () => undefined);
    // Replication continues from the bootstrap's sequence: nothing is fetched document by
    // document, and the local documents are not compared again.
    const pulled = await db.replicate.from(r);
    expect(pulled.docs_read).toBe(0);
    const pushed = await db.replicate.to(r);
    expect(pushed.docs_read).toBe(0);
    await db.close();
  });

  it('a change made on the server after the bootstrap arrives by replication, and a change made on the device goes up', async () => {
    const [issue] = [issueDoc(ws, { title: 'Before' })];
    await write([issue!]);
    const db = localDb();
    await bootstrapReplica(db, remoteUrl(), withSession, () => undefined);
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

  it('a document changed while the bootstrap runs ends with one revision history, not a conflict', async () => {
    const issue = issueDoc(ws, { title: 'Mid-bootstrap v1' });
    await write([issue]);
    const db = localDb();
    let changedOnce = false;
    // The server changes the document right after the page holding it is read: the feed then
    // lists it again at a later sequence, in a later page.
    const slowFetch = async (url: string | Request, opts?: RequestInit) => {
      const res = await withSession(url, opts);
      const page = String(url).includes('_changes') ? await res.clone().text() : '';
      if (!changedOnce && page.includes(issue._id)) {
        changedOnce = true;
        const current = await serverDoc(issue._id);
        await write([{ ...issue, _rev: current._rev, title: 'Mid-bootstrap v2' }]);
      }
      return res;
    };
    // Pages of one document, so the changed document comes again in a later page.
    await bootstrapReplica(db, remoteUrl(), slowFetch, () => undefined, 1);
    const local = await db.get<{ title: string }>(issue._id, { conflicts: true });
    expect(local.title).toBe('Mid-bootstrap v2');
    expect(local._conflicts ?? []).toEqual([]);
    await db.close();
  });

  it('a connection that drops after the first page leaves no completion mark, and replication then brings every document once', async () => {
    await write(
      Array.from({ length: 12 }, (_, i) => issueDoc(ws, { title: `Dropped bootstrap ${i}` })),
    );
    const db = localDb();
    let pages = 0;
    // The first page arrives; then the network goes, as a proxy or a train tunnel would do it.
    const dropping = async (url: string | Request, opts?: RequestInit) => {
      if (String(url).includes('_changes') && ++pages > 1) throw new TypeError('fetch failed');
      return withSession(url, opts);
    };
    const written: number[] = [];
    await expect(
      bootstrapReplica(db, remoteUrl(), dropping, (d) => written.push(d.length), 5),
    ).rejects.toThrow('fetch failed');
    expect(written).toEqual([5]);
    // Nothing may claim the bootstrap finished: live sync would continue from its sequences
    // and never fetch what the missing pages held.
    await expect(db.get(`_local/${BOOTSTRAP_MARK}`)).rejects.toMatchObject({ status: 404 });
    // Half-filled, the replica is not bootstrapped again; replication takes it from here.
    expect(await bootstrapReplica(db, remoteUrl(), withSession, () => undefined)).toBe(false);

    const r = remote();
    await checkpointBootstrap(db, r, () => undefined);
    await db.replicate.from(r);

    const feed = await owner.request(`/db/${ws.slug}/_changes?include_docs=true`);
    const onServer = ((await feed.json()) as ChangesFeed).results.filter((c) => !c.deleted);
    const local = await db.allDocs({ include_docs: true, conflicts: true });
    expect(onServer.length).toBeGreaterThan(5);
    expect(local.rows.map((row) => [row.id, row.value.rev]).sort()).toEqual(
      onServer.map((c) => [c.id, c.changes[0]!.rev]).sort(),
    );
    expect(local.rows.filter((row) => row.doc?._conflicts?.length)).toEqual([]);
    await db.close();
  });
});
