/**
 * The name of the IndexedDB database holding one user's copy of one workspace. The `r2` marks
 * the storage format (PouchDB's `indexeddb` adapter); replicas of the earlier `idb` format are
 * left alone and removed by "clear this device".
 */
export function replicaName(userId: string, slug: string): string {
  return `keel-r2-${userId}-${slug}`;
}
