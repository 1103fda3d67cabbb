import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SnapshotDb } from './snapshot-db.ts';

/**
 * Store snapshots in slices (decision 014), against an in-memory IndexedDB: written a slice per
 * transaction, read back whole, and never read back torn.
 */
let dbs = 0;
const fresh = () => {
  const name = `keel-snapshots-test-${++dbs}`;
  return { name, snapshots: new SnapshotDb(name) };
};
const docs = (n: number, tag = 'a') =>
  Array.from({ length: n }, (_, i) => ({ _id: `issue:${tag}${i}`, title: `Issue ${i}` }));

/** Put a record straight into a snapshot database, as another build or a torn write left it. */
async function putRaw(name: string, record: object): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('snapshots', 'readwrite');
    tx.objectStore('snapshots').put(record);
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

async function records(name: string): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const req = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return keys.map(String);
}

describe('store snapshots in slices', () => {
  it('reads back in order what was written over several slices', async () => {
    const { name, snapshots } = fresh();
    const written = docs(12_345);
    await snapshots.write('main', { version: 'v1', seq: '42-abc', docs: written });
    expect(await snapshots.read('main')).toEqual({
      id: 'keel-snapshot-main',
      version: 'v1',
      seq: '42-abc',
      docs: written,
    });
    expect(await records(name)).toEqual([
      'keel-snapshot-main',
      'keel-snapshot-main#00000',
      'keel-snapshot-main#00001',
      'keel-snapshot-main#00002',
    ]);
    snapshots.close();
  });

  it('a shorter write leaves no slice of the longer one before it', async () => {
    const { name, snapshots } = fresh();
    await snapshots.write('history', { version: 'v1', seq: 1, docs: docs(11_000) });
    await snapshots.write('history', { version: 'v1', seq: 2, docs: docs(10, 'b') });
    expect((await snapshots.read('history'))?.docs).toEqual(docs(10, 'b'));
    expect(await records(name)).toEqual(['keel-snapshot-history', 'keel-snapshot-history#00000']);
    snapshots.close();
  });

  it('reads nothing when a slice is not the head’s (a write cut off part-way)', async () => {
    const { name, snapshots } = fresh();
    await snapshots.write('main', { version: 'v1', seq: 1, docs: docs(6_000) });
    await putRaw(name, {
      id: 'keel-snapshot-main#00001',
      writeId: 'other',
      docs: [],
    });
    expect(await snapshots.read('main')).toBeNull();
    snapshots.close();
  });

  it('two writes of a part started at once end as the later one, whole', async () => {
    const { snapshots } = fresh();
    const first = snapshots.write('main', { version: 'v1', seq: 1, docs: docs(9_000) });
    const second = snapshots.write('main', { version: 'v1', seq: 2, docs: docs(7_000, 'c') });
    await Promise.all([first, second]);
    const read = await snapshots.read('main');
    expect(read?.seq).toBe(2);
    expect(read?.docs).toEqual(docs(7_000, 'c'));
    snapshots.close();
  });

  it('reads a snapshot of the one-record form written before slices', async () => {
    const { name, snapshots } = fresh();
    await snapshots.read('main'); // creates the store
    await putRaw(name, {
      id: 'keel-snapshot-main',
      version: 'v0',
      seq: 3,
      docs: docs(2),
    });
    expect(await snapshots.read('main')).toEqual({
      id: 'keel-snapshot-main',
      version: 'v0',
      seq: 3,
      docs: docs(2),
    });
    snapshots.close();
  });
});
