import { deleteIdb, idbDone, IdbHandle, idbRequest } from '../../shared/lib/idb.ts';

/**
 * The versions this device's edits started from, kept on the device (decision 007). When an
 * edit later meets another device's concurrent edit of the same document, their common version
 * is one of these, so the merge can tell what each side changed (issue-merge.ts). The replica
 * cannot be asked instead: it compacts, and replication never brings the bodies of earlier
 * revisions.
 *
 * An IndexedDB database of its own beside the replica, like the store snapshots: a write here
 * never waits for the replica's transactions or holds them up.
 */
const STORE = 'versions';
const BY_REV = 'by-rev';
/**
 * Versions kept per document, newest first. An offline spell of edits needs the one it started
 * from, the oldest of the spell, so this is far more saves of one issue than a spell makes.
 */
const KEPT_PER_DOCUMENT = 200;

export function baseVersionsDbName(replicaName: string): string {
  return `keel-bases-${replicaName}`;
}

interface Entry {
  id: string;
  /** Increases with every entry, so a document's entries read back oldest first. */
  seq: number;
  rev: string;
  doc: object;
}

let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1_000));

export class BaseVersions {
  private readonly handle: IdbHandle;

  constructor(name: string) {
    this.handle = new IdbHandle(name, 1, (db) => {
      const store = db.createObjectStore(STORE, { keyPath: ['id', 'seq'] });
      store.createIndex(BY_REV, ['id', 'rev'], { unique: true });
    });
  }

  /** Keep `doc` (a stored version: it has a revision) as the base of an edit made from it. */
  async keep(doc: { _id: string; _rev?: string }): Promise<void> {
    if (!doc._rev) return;
    const db = await this.handle.open();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const known = await idbRequest<IDBValidKey | undefined>(
      store.index(BY_REV).getKey([doc._id, doc._rev]),
    );
    if (known === undefined) {
      const { _revisions: _history, ...content } = doc as typeof doc & { _revisions?: unknown };
      store.put({ id: doc._id, seq: nextSeq(), rev: doc._rev, doc: content } satisfies Entry);
      const keys = await idbRequest<IDBValidKey[]>(
        store.getAllKeys(IDBKeyRange.bound([doc._id, 0], [doc._id, Infinity])),
      );
      for (const key of keys.slice(0, Math.max(0, keys.length - KEPT_PER_DOCUMENT)))
        store.delete(key);
    }
    await idbDone(tx);
  }

  /** The kept version of document `id` at revision `rev`, or null. */
  async find(id: string, rev: string): Promise<object | null> {
    const db = await this.handle.open();
    const entry = await idbRequest<Entry | undefined>(
      db.transaction(STORE).objectStore(STORE).index(BY_REV).get([id, rev]),
    );
    return entry?.doc ?? null;
  }

  close(): void {
    this.handle.close();
  }
}

export function deleteBaseVersionsDb(replicaName: string): Promise<void> {
  return deleteIdb(baseVersionsDbName(replicaName));
}
