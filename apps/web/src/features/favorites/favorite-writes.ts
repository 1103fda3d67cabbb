import { favoriteId, favoritesOf, newFavorite, type FavoriteDoc } from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import { keyAfter, moveInOrder } from '../../shared/lib/ordered-docs.ts';

function own(session: WorkspaceSession): FavoriteDoc[] {
  return favoritesOf(session.store.list('favorite'), session.userId);
}

/** Pin `target` (an issue, project, view or cycle id) last in the person's favourites. */
export function addFavorite(session: WorkspaceSession, target: string): Promise<WriteOutcome> {
  return session.update(() => {
    if (session.store.get(favoriteId(session.userId, target))) return null;
    return [
      newFavorite({
        userId: session.userId,
        target,
        sortOrder: keyAfter(own(session).at(-1)?.sortOrder ?? null),
        now: new Date().toISOString(),
      }),
    ];
  });
}

/** Unpin `target`; nothing to do when it is not pinned. */
export function removeFavorite(session: WorkspaceSession, target: string): Promise<WriteOutcome> {
  return session.update(() => {
    const held = session.store.get(favoriteId(session.userId, target));
    return held ? [{ _id: held._id, _rev: held._rev, _deleted: true }] : null;
  });
}

/** Move a favourite one place up (-1) or down (+1) among those the sidebar `shown`. */
export function moveFavorite(
  session: WorkspaceSession,
  id: string,
  step: -1 | 1,
  shown: ReadonlySet<string>,
): Promise<WriteOutcome> {
  return session.update(() => {
    const order = own(session).filter((f) => shown.has(f._id));
    const moved = moveInOrder(order, id, step, new Date().toISOString());
    return moved.length ? moved : null;
  });
}
