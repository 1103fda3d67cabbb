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
  private opened: Promise<IDBDatabase> | null = null;

  constructor(private readonly name: string) {}

  async read(part: SnapshotPart): Promise<Record<string, unknown> | null> {
    const db = await this.open();
    const found = await request<unknown>(
      db.transaction(STORE).objectStore(STORE).get(snapshotKey(part)),
    );
    return found && typeof found === 'object' ? (found as Record<string, unknown>) : null;
  }

  async write(part: SnapshotPart, value: Record<string, unknown>): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ ...value, id: snapshotKey(part) });
    await done(tx);
  }

  close(): void {
    const opened = this.opened;
    this.opened = null;
    void opened?.then((db) => db.close()).catch(() => undefined);
  }

  private open(): Promise<IDBDatabase> {
    this.opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(this.name, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'id' });
      opening.onsuccess = () => {
        const db = opening.result;
        // Deleted from another tab (clearing the device, a removed workspace): let it go.
        db.onversionchange = () => {
          db.close();
          this.opened = null;
        };
        resolve(db);
      };
      opening.onerror = () => reject(opening.error ?? new Error(`Could not open ${this.name}`));
    });
    // Failed, the next call tries again (a cache: the caller takes the slow path meanwhile).
    this.opened.catch(() => (this.opened = null));
    return this.opened;
  }
}

/** Delete a replica's snapshots; like the replica's own deletion, done once other tabs let go. */
export function deleteSnapshotDb(replicaName: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase(snapshotDbName(replicaName));
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error ?? new Error(`Could not delete ${replicaName}`));
    deleting.onblocked = () => resolve();
  });
}

function request<T>(req: IDBRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // Aborted, e.g. for want of room (QuotaExceededError): the caller keeps the slow path.
    tx.onabort = () => reject(tx.error ?? new DOMException('Aborted', 'AbortError'));
    tx.onerror = () => undefined;
  });
}
