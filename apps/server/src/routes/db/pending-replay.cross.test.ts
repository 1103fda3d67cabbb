import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayPending, type ReplayTarget } from '../../../../web/src/data/pending-replay.ts';
import { currentVersion, writeDocs, type DocsDb } from '../../../../web/src/data/replica-docs.ts';
import { pouchNode } from '../../testing/pouch-node.ts';

/**
 * Saving a change that a closed page showed but may not have committed (pending-replay.ts),
 * against a real LevelDB PouchDB: the same revision rules as the browser's replica.
 */

interface Db extends DocsDb {
  put(doc: object): Promise<{ rev: string }>;
  get(id: string): Promise<{ _id: string; _rev: string; [field: string]: unknown }>;
  close(): Promise<void>;
}
const PouchDB = pouchNode<Db>();

let dir: string;
let dbs = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-replay-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function replicaWithIssue() {
  const db = new PouchDB(path.join(dir, `device-${++dbs}`));
  const { rev } = await db.put({ _id: 'issue:1', title: 'Before', labelIds: ['label:a'] });
  const target: ReplayTarget = {
    bulk: (docs) => writeDocs(db, docs),
    current: (id) => currentVersion(db, id),
  };
  return { db, rev, target };
}

/** The change the page showed: the issue from `rev`, and its activity record. */
const change = (rev: string) => [
  { _id: 'issue:1', _rev: rev, title: 'After', labelIds: ['label:a'] },
  { _id: 'activity:1', issueId: 'issue:1', field: 'title' },
];

const exists = (db: Db, id: string) =>
  db.get(id).then(
    () => true,
    () => false,
  );

describe('replayPending', () => {
  it('saves a change the closed page never committed', async () => {
    const { db, rev, target } = await replicaWithIssue();
    expect(await replayPending(target, change(rev))).toEqual({ saved: true });
    expect((await db.get('issue:1')).title).toBe('After');
    expect(await exists(db, 'activity:1')).toBe(true);
    await db.close();
  });

  it('leaves a change the page did commit as it is', async () => {
    const { db, rev, target } = await replicaWithIssue();
    await writeDocs(db, change(rev));
    const committed = (await db.get('issue:1'))._rev;
    expect(await replayPending(target, change(rev))).toEqual({ saved: true });
    expect((await db.get('issue:1'))._rev).toBe(committed);
    await db.close();
  });

  it('saves the record when only the update had been committed', async () => {
    const { db, rev, target } = await replicaWithIssue();
    // Stored with its fields in another order: the content is what counts.
    await db.put({ labelIds: ['label:a'], title: 'After', _rev: rev, _id: 'issue:1' });
    expect(await replayPending(target, change(rev))).toEqual({ saved: true });
    expect(await exists(db, 'activity:1')).toBe(true);
    await db.close();
  });

  it('drops a change another device overtook, record and all', async () => {
    const { db, rev, target } = await replicaWithIssue();
    await db.put({ _id: 'issue:1', _rev: rev, title: 'Theirs', labelIds: ['label:a'] });
    const outcome = await replayPending(target, change(rev));
    expect(outcome).toMatchObject({
      saved: false,
      mine: { _id: 'issue:1', title: 'After' },
      held: { title: 'Theirs' },
    });
    expect((await db.get('issue:1')).title).toBe('Theirs');
    expect(await exists(db, 'activity:1')).toBe(false);
    await db.close();
  });

  it('writes nothing of a change when one of its updates was overtaken', async () => {
    const { db, rev, target } = await replicaWithIssue();
    const { rev: otherRev } = await db.put({ _id: 'issue:2', title: 'Second' });
    await db.put({ _id: 'issue:2', _rev: otherRev, title: 'Theirs' });
    const bulkEdit = [
      { _id: 'issue:1', _rev: rev, title: 'After', labelIds: ['label:a'] },
      { _id: 'issue:2', _rev: otherRev, title: 'Mine' },
      { _id: 'activity:1', issueId: 'issue:1', field: 'title' },
    ];
    expect(await replayPending(target, bulkEdit)).toMatchObject({
      saved: false,
      mine: { _id: 'issue:2' },
    });
    expect((await db.get('issue:1')).title).toBe('Before');
    expect(await exists(db, 'activity:1')).toBe(false);
    await db.close();
  });

  it('does not bring back a new document that was saved and deleted since', async () => {
    const { db, target } = await replicaWithIssue();
    const { rev } = await db.put({ _id: 'comment:1', body: 'Typed' });
    await db.put({ _id: 'comment:1', _rev: rev, _deleted: true });
    expect(await replayPending(target, [{ _id: 'comment:1', body: 'Typed' }])).toEqual({
      saved: true,
    });
    expect(await exists(db, 'comment:1')).toBe(false);
    await db.close();
  });

  it('replays a deletion, and counts one already made as saved', async () => {
    const { db, rev, target } = await replicaWithIssue();
    const deletion = [{ _id: 'issue:1', _rev: rev, _deleted: true }];
    expect(await replayPending(target, deletion)).toEqual({ saved: true });
    expect(await exists(db, 'issue:1')).toBe(false);
    expect(await replayPending(target, deletion)).toEqual({ saved: true });
    await db.close();
  });
});
