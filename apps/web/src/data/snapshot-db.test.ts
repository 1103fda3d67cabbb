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
    const [head, ...slices] = await records(name);
    expect(head).toBe('keel-snapshot-main');
    expect(slices).toHaveLength(3);
    expect(slices.map((key) => key.slice(key.lastIndexOf('#')))).toEqual([
      '#00000',
      '#00001',
      '#00002',
    ]);
    snapshots.close();
  });

  it('a shorter write leaves no slice of the longer one before it', async () => {
    const { name, snapshots } = fresh();
    await snapshots.write('history', { version: 'v1', seq: 1, docs: docs(11_000) });
    await snapshots.write('history', { version: 'v1', seq: 2, docs: docs(10, 'b') });
    expect((await snapshots.read('history'))?.docs).toEqual(docs(10, 'b'));
    const keys = await records(name);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toMatch(/^keel-snapshot-history#.+#00000$/);
    snapshots.close();
  });

  it('reads nothing when a slice the head names is missing or not the head’s', async () => {
    const { name, snapshots } = fresh();
    await snapshots.write('main', { version: 'v1', seq: 1, docs: docs(6_000) });
    const slice = (await records(name))[2]!;
    await putRaw(name, { id: slice, writeId: 'other', docs: [] });
    expect(await snapshots.read('main')).toBeNull();
    snapshots.close();
  });

  it('a write cut off part-way (the page went away) leaves the earlier snapshot whole', async () => {
    const { name, snapshots } = fresh();
    const earlier = docs(12_000);
    await snapshots.write('main', { version: 'v1', seq: 1, docs: earlier });
    const cut = snapshots.write('main', { version: 'v1', seq: 2, docs: docs(12_000, 'd') });
    // The page goes away while the first of its three slices is being written.
    await new Promise((resolve) => setTimeout(resolve, 0));
    snapshots.close();
    await expect(cut).rejects.toThrow();

    const reopened = new SnapshotDb(name);
    const read = await reopened.read('main');
    expect(read?.seq).toBe(1);
    expect(read?.docs).toEqual(earlier);
    // The next whole write clears what the cut one left.
    await reopened.write('main', { version: 'v1', seq: 3, docs: docs(10) });
    expect(await records(name)).toHaveLength(2);
    reopened.close();
  });

  it('a snapshot whose slices are of the older key form is not read', async () => {
    const { name, snapshots } = fresh();
    await snapshots.read('main'); // creates the store
    await putRaw(name, {
      id: 'keel-snapshot-main',
      writeId: 'w',
      slices: 1,
      version: 'v1',
      seq: 1,
    });
    await putRaw(name, { id: 'keel-snapshot-main#00000', writeId: 'w', docs: docs(3) });
    expect(await snapshots.read('main')).toBeNull();
    await snapshots.write('main', { version: 'v1', seq: 2, docs: docs(3) });
    expect(await records(name)).not.toContain('keel-snapshot-main#00000');
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
