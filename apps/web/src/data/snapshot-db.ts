import { deleteIdb, idbDone, IdbHandle, idbRequest } from '../shared/lib/idb.ts';
import { deleteBaseVersionsDb } from './merge/base-versions.ts';
import { snapshotKey, type SnapshotPart } from './store-snapshot.ts';

const STORE = 'snapshots';

/** The IndexedDB database beside a replica that holds its store snapshots. */
export function snapshotDbName(replicaName: string): string {
  return `keel-snapshots-${replicaName}`;
}

/**
 * A replica's store snapshots (store-snapshot.ts), in an IndexedDB database of their own and
 * written with IndexedDB alone. Kept as PouchDB local documents in the replica, each write was a
 * transaction over all of the replica's stores and went through PouchDB's processing of the
 * whole record: at 10,000 issues about two seconds of main thread, during which the replica's
 * own reads and writes (a change arriving from another member) waited, even after the page that
 * wrote it had gone. Here a write is a put per slice of 5,000 documents (a third of a second in
 * all at 10,000 issues; one slice at a time, so no task is long at 100,000), and the replica never
 * waits for it: IndexedDB orders transactions per database.
 */
export class SnapshotDb {
  private readonly handle: IdbHandle;
  /** Each part's writes one after the other, so two never interleave their slices. */
  private readonly writing = new Map<SnapshotPart, Promise<void>>();

  constructor(name: string) {
    this.handle = new IdbHandle(name, 1, (db) => db.createObjectStore(STORE, { keyPath: 'id' }));
  }

  /** A part as written (its documents joined again), or null when it is missing or torn. */
  async read(part: SnapshotPart): Promise<Record<string, unknown> | null> {
    const db = await this.handle.open();
    const key = snapshotKey(part);
    const found = await idbRequest<unknown>(db.transaction(STORE).objectStore(STORE).get(key));
    if (!found || typeof found !== 'object') return null;
    const { slices, writeId, ...head } = found as Record<string, unknown>;
    if (typeof slices !== 'number') return head;
    const docs: unknown[] = [];
    // One slice a task: a workspace of 100,000 issues is tens of megabytes to clone.
    for (let i = 0; i < slices; i++) {
      const slice = await idbRequest<{ writeId?: unknown; docs?: unknown } | undefined>(
        db
          .transaction(STORE)
          .objectStore(STORE)
          .get(sliceKey(key, String(writeId), i)),
      );
      // Missing or not the head's (the slices of a build before theirs were keyed by write):
      // the caller reads the replica.
      if (!slice || slice.writeId !== writeId || !Array.isArray(slice.docs)) return null;
      for (const doc of slice.docs) docs.push(doc);
    }
    return { ...head, docs };
  }

  /**
   * Write a part: its documents in slices of SLICE, each its own transaction (so the page's
   * thread clones one slice at a time, between its frames), then the head that names them. The
   * slices are new records beside the ones the current head names, so a write cut off part-way
   * (the page closed or navigated, which a snapshot write of 100,000 issues takes seconds to
   * allow) leaves the earlier snapshot whole. Once the head names the new slices, the others go.
   */
  write(part: SnapshotPart, value: Record<string, unknown> & { docs: readonly unknown[] }) {
    const previous = this.writing.get(part) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.writeNow(part, value));
    this.writing.set(part, next);
    return next;
  }

  private async writeNow(
    part: SnapshotPart,
    { docs, ...head }: Record<string, unknown> & { docs: readonly unknown[] },
  ): Promise<void> {
    const db = await this.handle.open();
    const key = snapshotKey(part);
    const writeId = crypto.randomUUID();
    const slices = Math.ceil(docs.length / SLICE);
    for (let i = 0; i < slices; i++) {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({
        id: sliceKey(key, writeId, i),
        writeId,
        docs: docs.slice(i * SLICE, (i + 1) * SLICE),
      });
      // Aborted, e.g. for want of room: the caller keeps the slow path.
      await idbDone(tx);
    }
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    store.put({ ...head, id: key, writeId, slices });
    // Every other write's slices: the one replaced, any cut off, any of an older key form.
    const mine = `${key}#${writeId}#`;
    store.delete(IDBKeyRange.bound(`${key}#`, mine, false, true));
    store.delete(IDBKeyRange.bound(`${mine}\uffff`, `${key}#\uffff`, true, false));
    await idbDone(tx);
  }

  close(): void {
    this.handle.close();
  }
}

// About 50 ms of the page's thread to clone at 100,000 issues.
const SLICE = 5_000;

/** A write's slices sort together and in their order: `keel-snapshot-main#<write>#00000`, … */
function sliceKey(key: string, writeId: string, index: number): string {
  return `${key}#${writeId}#${String(index).padStart(5, '0')}`;
}

/**
 * Delete the databases kept beside a replica (its snapshots and the base versions of its edits);
 * like the replica's own deletion, done once other tabs let go.
 */
export async function deleteSnapshotDb(replicaName: string): Promise<void> {
  await Promise.all([deleteIdb(snapshotDbName(replicaName)), deleteBaseVersionsDb(replicaName)]);
}
