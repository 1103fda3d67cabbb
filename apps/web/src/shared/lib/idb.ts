/**
 * IndexedDB without a wrapper library, for the small databases Keel keeps beside a replica
 * (store snapshots, the base versions of edits): promises for requests, transactions and
 * opening, and a handle that lets go when another tab deletes the database.
 */
export function idbRequest<T>(req: IDBRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when the transaction commits; rejects when it aborts (e.g. QuotaExceededError). */
export function idbDone(tx: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('Aborted', 'AbortError'));
    tx.onerror = () => undefined;
  });
}

/**
 * A database opened once and shared; `open()` opens it again after it failed or was deleted
 * from another tab (clearing the device, a removed workspace), which it lets go of at once.
 */
export class IdbHandle {
  private opened: Promise<IDBDatabase> | null = null;

  constructor(
    private readonly name: string,
    private readonly version: number,
    private readonly upgrade: (db: IDBDatabase) => void,
  ) {}

  open(): Promise<IDBDatabase> {
    this.opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(this.name, this.version);
      opening.onupgradeneeded = () => this.upgrade(opening.result);
      opening.onsuccess = () => {
        const db = opening.result;
        db.onversionchange = () => {
          db.close();
          this.opened = null;
        };
        resolve(db);
      };
      opening.onerror = () => reject(opening.error ?? new Error(`Could not open ${this.name}`));
    });
    // Failed, the next call tries again.
    this.opened.catch(() => (this.opened = null));
    return this.opened;
  }

  close(): void {
    const opened = this.opened;
    this.opened = null;
    void opened?.then((db) => db.close()).catch(() => undefined);
  }
}

/** Delete a database; like a replica's own deletion, it completes once other tabs let go. */
export function deleteIdb(name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase(name);
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error ?? new Error(`Could not delete ${name}`));
    deleting.onblocked = () => resolve();
  });
}
