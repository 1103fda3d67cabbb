import { deleteIdb, idbDone, IdbHandle, idbRequest } from '../../shared/lib/idb.ts';
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
 * wrote it had gone. Here a write is one put (a third of a second at 10,000 issues), and the
 * replica never waits for it: IndexedDB orders transactions per database.
 */
export class SnapshotDb {
  private readonly handle: IdbHandle;

  constructor(name: string) {
    this.handle = new IdbHandle(name, 1, (db) => db.createObjectStore(STORE, { keyPath: 'id' }));
  }

  async read(part: SnapshotPart): Promise<Record<string, unknown> | null> {
    const db = await this.handle.open();
    const found = await idbRequest<unknown>(
      db.transaction(STORE).objectStore(STORE).get(snapshotKey(part)),
    );
    return found && typeof found === 'object' ? (found as Record<string, unknown>) : null;
  }

  async write(part: SnapshotPart, value: Record<string, unknown>): Promise<void> {
    const db = await this.handle.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ ...value, id: snapshotKey(part) });
    // Aborted, e.g. for want of room: the caller keeps the slow path.
    await idbDone(tx);
  }

  close(): void {
    this.handle.close();
  }
}

/**
 * Delete the databases kept beside a replica (its snapshots and the base versions of its edits);
 * like the replica's own deletion, done once other tabs let go.
 */
export async function deleteSnapshotDb(replicaName: string): Promise<void> {
  await Promise.all([deleteIdb(snapshotDbName(replicaName)), deleteBaseVersionsDb(replicaName)]);
}
