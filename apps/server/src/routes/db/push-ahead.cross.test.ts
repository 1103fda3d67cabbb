import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushAhead, type PushAheadDb } from '../../../../web/src/data/replica-push-ahead.ts';
import type { BrowserSession } from '../../testing/browser-session.ts';
import { fetchAs, pouchNode, type Replication } from '../../testing/pouch-node.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  storedDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * The page's writes during a first fill, sent up at once (apps/web/src/data/
 * replica-push-ahead.ts), against the real server and embedded database, with a LevelDB PouchDB
 * standing in for the browser's IndexedDB replica.
 */

interface Db extends PushAheadDb {
  put(doc: object): Promise<{ id: string; rev: string }>;
  get<T = Record<string, unknown>>(id: string): Promise<T & { _id: string; _rev: string }>;
  close(): Promise<void>;
  replicate: { from(remote: Db, options?: object): Replication };
}
const PouchDB = pouchNode<Db>();

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dir: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('ahead'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-ahead-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const remoteUrl = () => `${server.url}/db/${ws.slug}`;
const withSession = (url: string | Request, opts?: RequestInit) =>
  fetchAs(PouchDB, owner)(url, opts);
let dbs = 0;

/** A device replica holding what the server has. */
async function device(): Promise<Db> {
  const db = new PouchDB(path.join(dir, `device-${++dbs}`));
  await db.replicate.from(new PouchDB(remoteUrl(), { skip_setup: true, fetch: withSession }));
  return db;
}

describe('pushAhead', () => {
  it('sends a new document and an edit of one the server has, with their history', async () => {
    const db = await device();
    const created = issueDoc(ws, { title: 'Written during the fill' });
    const first = await db.put(created);
    // An edit on top of a revision the server holds: it goes up as the next in its history.
    const saved = await db.get<typeof created>(created._id);
    const edited = await db.put({ ...saved, title: 'Edited during the fill' });
    expect(first.rev).not.toBe(edited.rev);
    const outcome = await pushAhead(db, remoteUrl(), withSession, [
      { id: created._id, rev: edited.rev },
    ]);
    expect(outcome).toEqual({ pushed: [created._id], denied: [] });
    const stored = await storedDoc(owner, ws.slug, created._id);
    expect(stored?.title).toBe('Edited during the fill');
    expect(stored?._rev).toBe(edited.rev);
    await db.close();
  });

  it('returns each refusal with its message and code, and still sends the rest', async () => {
    const db = await device();
    const fine = issueDoc(ws, { title: 'Fine', number: 2 });
    const bad = issueDoc(ws, { title: '', number: 3 });
    const a = await db.put(fine);
    const b = await db.put(bad);
    const outcome = await pushAhead(db, remoteUrl(), withSession, [
      { id: fine._id, rev: a.rev },
      { id: bad._id, rev: b.rev },
    ]);
    expect(outcome.pushed).toEqual([fine._id]);
    expect(outcome.denied).toEqual([
      expect.objectContaining({ id: bad._id, code: 'VALIDATION_FAILED' }),
    ]);
    expect(outcome.denied[0]!.reason).toMatch(/title/i);
    expect(await storedDoc(owner, ws.slug, bad._id)).toBeNull();
    expect((await storedDoc(owner, ws.slug, fine._id))?._rev).toBe(a.rev);
    await db.close();
  });

  it('rejects when the server cannot be reached or refuses the request, saving nothing', async () => {
    const db = await device();
    const doc = issueDoc(ws, { title: 'Not yet', number: 4 });
    const { rev } = await db.put(doc);
    const unreachable = () => Promise.reject(new TypeError('fetch failed'));
    await expect(pushAhead(db, remoteUrl(), unreachable, [{ id: doc._id, rev }])).rejects.toThrow(
      'fetch failed',
    );
    // Signed out: the whole request is refused.
    const signedOut = (url: string | Request, opts?: RequestInit) =>
      fetch(url, { ...opts, headers: { ...(opts?.headers as object), origin: owner.origin } });
    await expect(pushAhead(db, remoteUrl(), signedOut, [{ id: doc._id, rev }])).rejects.toThrow(
      /401/,
    );
    expect(await storedDoc(owner, ws.slug, doc._id)).toBeNull();
    await db.close();
  });
});
