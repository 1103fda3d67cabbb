export interface SnapshotChanges<T> {
  /** Documents new in `next`, or replaced by another object with the same id. */
  changed: T[];
  /** Ids in `previous` that `next` no longer holds. */
  removed: string[];
}

/**
 * What changed between two snapshots of one collection of immutable documents (a change
 * replaces the object). The store keeps a collection in insertion order and an edit in place,
 * so two snapshots usually agree position by position up to a few replaced objects and an
 * appended tail: that is checked by identity alone, without a lookup per document. Anything
 * else (a removal in the middle, a reordering) is compared id by id.
 */
export function snapshotChanges<T extends { _id: string }>(
  previous: readonly T[],
  next: readonly T[],
): SnapshotChanges<T> {
  const changed: T[] = [];
  if (previous === next) return { changed, removed: [] };
  const shared = Math.min(previous.length, next.length);
  let at = 0;
  for (; at < shared; at++) {
    const before = previous[at]!;
    const now = next[at]!;
    if (before === now) continue;
    if (before._id !== now._id) break;
    changed.push(now);
  }
  if (at === shared) {
    for (let i = shared; i < next.length; i++) changed.push(next[i]!);
    const removed: string[] = [];
    for (let i = shared; i < previous.length; i++) removed.push(previous[i]!._id);
    return { changed, removed };
  }
  // Out of step from `at` on: everything before it has been compared already.
  const before = new Map<string, T>();
  for (let i = at; i < previous.length; i++) before.set(previous[i]!._id, previous[i]!);
  const kept = new Set<string>();
  for (let i = at; i < next.length; i++) {
    const now = next[i]!;
    kept.add(now._id);
    if (before.get(now._id) !== now) changed.push(now);
  }
  const removed: string[] = [];
  for (const id of before.keys()) if (!kept.has(id)) removed.push(id);
  return { changed, removed };
}
