import type { CouchDoc } from './couch-client.ts';

/**
 * How a collision in the app database is settled once it has happened. On a CouchDB cluster
 * (or any database with several masters) two instances can write one document through two
 * nodes and both be told it worked; the document then has two leaf revisions, and every node,
 * once it has both, shows the same one as the winner. These rules read that state and say who
 * won and what to clean up; they never guess from timing. See docs/decisions/013.
 */

/** Whether revision `rev` is the document's winning revision or one of its ancestors. */
export function descendsFrom(doc: CouchDoc, rev: string): boolean {
  if (doc._rev === rev) return true;
  const [pos, hash] = rev.split('-');
  const history = doc._revisions;
  if (!history || !pos || !hash) return false;
  const index = history.start - Number(pos);
  return index >= 0 && history.ids[index] === hash;
}

/**
 * The outcome of a claim: revision `rev` just written, `current` the document read back (with
 * `conflicts` and `revs`) once the write has settled. The claim stands when the winner is that
 * revision or was written on top of it. Either way, the versions that lost are deleted, so a
 * conflict left behind can never become the document again (e.g. once the winner is deleted).
 */
export function settleClaim(
  current: CouchDoc | null,
  rev: string,
): { won: boolean; drop: string[] } {
  const won = current !== null && descendsFrom(current, rev);
  if (won) return { won, drop: current._conflicts ?? [] };
  return { won, drop: [rev] };
}

/**
 * The ids of a set document (`IdSetDoc`) whose versions were written through several nodes:
 * their union, so an id added through any node is never lost, with `add` and `remove` applied.
 * `changed` is false when the one version there is already says exactly that.
 */
export function mergeIdSet(
  leaves: { ids?: string[] }[],
  add: string[] = [],
  remove: string[] = [],
): { ids: string[]; changed: boolean } {
  const ids = new Set([...leaves.flatMap((l) => l.ids ?? []), ...add]);
  for (const gone of remove) ids.delete(gone);
  const merged = [...ids].sort();
  const only = leaves.length === 1 ? leaves[0]!.ids : undefined;
  const changed = !only || only.length !== merged.length || only.some((id, i) => id !== merged[i]);
  return { ids: merged, changed };
}

/**
 * The session a cookie names, from every leaf of its document (deleted ones too). Signing out
 * deletes the document, but a touch of its last use written through another node at the same
 * moment leaves a live version beside the deletion, and CouchDB picks a live version over a
 * deleted one: the session would come back. A session is only ever deleted to end it, so any
 * deleted leaf means it ended. Of live versions, the one used last counts.
 */
export function liveSession<T extends CouchDoc & { lastUsedAt: string }>(leaves: T[]): T | null {
  if (leaves.length === 0 || leaves.some((l) => l._deleted)) return null;
  return leaves.reduce((a, b) => (b.lastUsedAt > a.lastUsedAt ? b : a));
}
