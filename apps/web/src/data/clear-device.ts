import { removeAllOwnKeys } from '../shared/lib/local-store.ts';
import { UPLOADS_DB } from './files/upload-queue.ts';
import { knownReplicas } from './known-replicas.ts';
import { baseVersionsDbName } from './merge/base-versions.ts';
import { snapshotDbName } from './snapshot-db.ts';
import { closeWorkspaceSession } from './open-session.ts';

// The databases kept beside a replica (snapshot-db.ts, merge/base-versions.ts).
const BESIDE_PREFIXES = [snapshotDbName(''), baseVersionsDbName('')];

/**
 * Delete every workspace replica on this device, the cached app files and Keel's localStorage.
 * Unsent changes are lost; the caller asks the user first.
 */
export async function clearDeviceData(): Promise<void> {
  closeWorkspaceSession();
  const names = new Set(knownReplicas());
  // Replicas opened by an older version or another tab may be missing from our list.
  const listed = await indexedDB.databases?.().catch(() => []);
  for (const db of listed ?? []) {
    if (db.name?.startsWith('_pouch_keel-')) names.add(db.name.slice('_pouch_'.length));
    // What was kept beside a replica, with no replica left beside it.
    for (const prefix of BESIDE_PREFIXES)
      if (db.name?.startsWith(prefix)) names.add(db.name.slice(prefix.length));
  }
  const { destroyReplica } = await import('./replica.ts');
  await Promise.all([...names].map((name) => destroyReplica(name).catch(() => undefined)));
  // Files waiting to be uploaded go with the rest (their cache, keel-files, below).
  await new Promise<void>((resolve) => {
    const deleting = indexedDB.deleteDatabase(UPLOADS_DB);
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k.startsWith('keel-')).map((k) => caches.delete(k)));
  }
  removeAllOwnKeys();
}
