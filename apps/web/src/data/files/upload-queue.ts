import { idbDone, IdbHandle, idbRequest } from '../../shared/lib/idb.ts';

/** A file pasted or dropped into an issue, kept on this device until the server has it. */
export interface QueuedFile {
  /** The attachment's id (`attachment:…`), named in the text before the file is uploaded. */
  id: string;
  /** Whose and which workspace's: `userId slug`. */
  owner: string;
  slug: string;
  issueId: string;
  name: string;
  type: string;
  blob: Blob;
  queuedAt: string;
}

export const UPLOADS_DB = 'keel-uploads';
const STORE = 'uploads';

/**
 * Files waiting to be uploaded, in an IndexedDB database of the device's own (the replica never
 * holds file bytes): a file added offline stays here across reloads until it is sent, then it
 * goes. Deleted with the rest of the device's data (clear-device.ts).
 */
export class UploadQueue {
  private readonly handle = new IdbHandle(UPLOADS_DB, 1, (db) => {
    const store = db.createObjectStore(STORE, { keyPath: 'id' });
    store.createIndex('owner', 'owner');
  });

  async add(file: QueuedFile): Promise<void> {
    const db = await this.handle.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(file);
    await idbDone(tx);
  }

  async list(owner: string): Promise<QueuedFile[]> {
    const db = await this.handle.open();
    const index = db.transaction(STORE).objectStore(STORE).index('owner');
    const files = await idbRequest<QueuedFile[]>(index.getAll(owner));
    return files.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  }

  /** Forget every file waiting for `owner` (a workspace its person no longer belongs to). */
  async removeAll(owner: string): Promise<void> {
    for (const file of await this.list(owner)) await this.remove(file.id);
  }

  async remove(id: string): Promise<void> {
    const db = await this.handle.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(id);
    await idbDone(tx);
  }

  close(): void {
    this.handle.close();
  }
}
