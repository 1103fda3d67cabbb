import { useMemo, useSyncExternalStore } from 'react';
import {
  cycleLabel,
  favoriteId,
  favoritesOf,
  favoriteTargetType,
  formatIssueKey,
  type FavoriteTargetType,
  idTail,
  maySeeView,
  type FavoriteDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import { useDoc, useDocs } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

/** The signed-in person's favourites, in their order. */
export function useMyFavorites(): readonly FavoriteDoc[] {
  const { userId } = useWorkspace();
  const all = useDocs('favorite');
  return useMemo(() => favoritesOf(all, userId), [all, userId]);
}

/** Whether the signed-in person has pinned `target`: their one favourite id for it. */
export function useIsFavorite(target: string): boolean {
  const { userId } = useWorkspace();
  return useDoc(favoriteId(userId, target)) !== undefined;
}

// The entries last handed out per store and base, kept while equal so the sidebar redraws only
// when a pinned document's name or place changes, not on every edit of the workspace.
const shownEntries = new WeakMap<object, { key: string; entries: readonly FavoriteEntry[] }>();

/**
 * The person's favourites as the sidebar shows them, in their order; one whose target is gone
 * (deleted, or a view made personal by its owner) leads nowhere and can be unpinned, since it
 * still counts toward the hundred. Read on every change of the workspace, but only a hundred
 * documents at most.
 */
export function useFavoriteEntries(base: string): readonly FavoriteEntry[] {
  const { store, userId } = useWorkspace();
  const favorites = useMyFavorites();
  const read = () => {
    const entries = favorites.map(
      (f) => favoriteEntry(f, (id) => store.get(id), base, userId) ?? goneEntry(f),
    );
    const key = JSON.stringify(entries.map((e) => [e.favorite._id, e.name, e.to]));
    const held = shownEntries.get(favorites);
    if (held?.key === key) return held.entries;
    shownEntries.set(favorites, { key, entries });
    return entries;
  };
  return useSyncExternalStore(store.subscribe, read);
}

/** A favourite as the sidebar shows it: what it is, its name and where it leads (if anywhere). */
export interface FavoriteEntry {
  favorite: FavoriteDoc;
  kind: FavoriteTargetType;
  name: string;
  /** Null when the pinned document is gone. */
  to: string | null;
}

const GONE_NAMES: Record<FavoriteTargetType, string> = {
  issue: 'Deleted issue',
  project: 'Deleted project',
  view: 'View no longer available',
  cycle: 'Deleted cycle',
};

function goneEntry(favorite: FavoriteDoc): FavoriteEntry {
  const kind = favoriteTargetType(favorite.target) ?? 'issue';
  return { favorite, kind, name: GONE_NAMES[kind], to: null };
}

/**
 * Where a pinned document leads and what it is called; null when it is gone (deleted, or a view
 * made personal by its owner), so the sidebar leaves it out until it comes back.
 */
export function favoriteEntry(
  favorite: FavoriteDoc,
  get: (id: string) => WorkspaceDoc | undefined,
  base: string,
  userId: string,
): FavoriteEntry | null {
  const target = get(favorite.target);
  if (!target) return null;
  const projectOf = (id: string) => {
    const project = get(id);
    return project?.type === 'project' ? project : undefined;
  };
  switch (target.type) {
    case 'issue': {
      const project = projectOf(target.projectId);
      if (!project) return null;
      const key = formatIssueKey(project.key, target.number);
      return {
        favorite,
        kind: 'issue',
        name: `${key} ${target.title}`,
        to: `${base}/issue/${key}`,
      };
    }
    case 'project':
      return { favorite, kind: 'project', name: target.name, to: `${base}/projects/${target.key}` };
    case 'view':
      if (!maySeeView(target, userId)) return null;
      return {
        favorite,
        kind: 'view',
        name: target.name,
        to: `${base}/views/${idTail(target._id)}`,
      };
    case 'cycle': {
      const project = projectOf(target.projectId);
      if (!project) return null;
      return {
        favorite,
        kind: 'cycle',
        name: `${project.key} ${cycleLabel(target)}`,
        to: `${base}/projects/${project.key}/cycles/${target.number}`,
      };
    }
    default:
      return null;
  }
}
