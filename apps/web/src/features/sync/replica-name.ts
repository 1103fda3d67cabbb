/** The name of the IndexedDB database holding one user's copy of one workspace. */
export function replicaName(userId: string, slug: string): string {
  return `keel-${userId}-${slug}`;
}
