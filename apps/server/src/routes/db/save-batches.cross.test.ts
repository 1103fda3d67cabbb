import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBatches, type BatchWriter } from '../../../../web/src/data/save-batches.ts';
import { writeDocs, type DocsDb } from '../../../../web/src/data/replica-docs.ts';
import { pouchNode } from '../../testing/pouch-node.ts';

/**
 * How the browser saves a change and its activity records (save-batches.ts), against a real
 * LevelDB PouchDB: same PouchDB core and revision rules as the browser's IndexedDB replica.
 */

interface Db extends DocsDb {
  put(doc: object): Promise<{ rev: string }>;
  get(id: string): Promise<{ _id: string; _rev: string; [field: string]: unknown }>;
  info(): Promise<{ update_seq: number | string }>;
  close(): Promise<void>;
}
const PouchDB = pouchNode<Db>();

let dir: string;
let dbs = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-save-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A replica holding one issue, and a writer that counts the writes it makes. */
async function replicaWithIssue() {
  const db = new PouchDB(path.join(dir, `device-${++dbs}`));
  const { rev } = await db.put({ _id: 'issue:1', title: 'Before' });
  const writes: string[][] = [];
  const writer: BatchWriter = {
    bulk: (docs) => {
      writes.push(docs.map((d) => (d as { _id: string })._id));
      return writeDocs(db, docs);
    },
  };
  return { db, rev, writes, writer };
}

/** The issue's title changed from revision `rev`, with new documents `records`. */
const editTitle = (writer: BatchWriter, rev: string, records: string[], together: boolean) =>
  saveBatches(
    writer,
    [{ _id: 'issue:1', _rev: rev, title: 'After' } as { _id: string }],
    records.map((_id) => ({ _id })),
    together,
  );

const state = async (db: Db, id: string) => {
  const { rows } = await db.allDocs({ keys: [id], include_docs: true });
  const row = rows[0];
  if (!row || 'error' in row) return 'absent';
  return row.value.deleted ? 'deleted' : 'present';
};

describe('saveBatches', () => {
  it('saves a change and its record in one write when asked to', async () => {
    const { db, rev, writes, writer } = await replicaWithIssue();
    const outcome = await editTitle(writer, rev, ['activity:1'], true);
    expect(outcome.failed).toBeNull();
    expect(writes).toEqual([['issue:1', 'activity:1']]);
    expect((await db.get('issue:1')).title).toBe('After');
    expect(await state(db, 'activity:1')).toBe('present');
    await db.close();
  });

  it('takes the record back when the change was refused in the same write', async () => {
    const { db, rev, writes, writer } = await replicaWithIssue();
    // Another tab changed the issue first: the revision this change starts from is old.
    await db.put({ _id: 'issue:1', _rev: rev, title: 'Other tab' });
    const outcome = await editTitle(writer, rev, ['activity:1'], true);
    expect(outcome.failed).toMatchObject({ id: 'issue:1', ok: false, error: 'conflict' });
    expect(writes).toEqual([['issue:1', 'activity:1'], ['activity:1']]);
    expect((await db.get('issue:1')).title).toBe('Other tab');
    expect(await state(db, 'activity:1')).toBe('deleted');
    await db.close();
  });

  it('writes updates first otherwise, and nothing new when an update is refused', async () => {
    const { db, rev, writes, writer } = await replicaWithIssue();
    await db.put({ _id: 'issue:1', _rev: rev, title: 'Other tab' });
    const outcome = await editTitle(writer, rev, ['activity:1'], false);
    expect(outcome.failed).toMatchObject({ id: 'issue:1', error: 'conflict' });
    expect(writes).toEqual([['issue:1']]);
    expect(await state(db, 'activity:1')).toBe('absent');
    await db.close();
  });

  it('writes updates then new documents when not together, each once', async () => {
    const { db, rev, writes, writer } = await replicaWithIssue();
    const outcome = await editTitle(writer, rev, ['activity:1', 'activity:2'], false);
    expect(outcome.failed).toBeNull();
    expect(outcome.results.map((r) => r.id)).toEqual(['issue:1', 'activity:1', 'activity:2']);
    expect(writes).toEqual([['issue:1'], ['activity:1', 'activity:2']]);
    expect(await state(db, 'activity:2')).toBe('present');
    await db.close();
  });
});
