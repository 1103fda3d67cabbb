import type { FavoriteDoc } from './documents.ts';
import { typeOfId, type DocType } from './ids.ts';
import { byCodeUnits } from './compare-text.ts';

/** What a person may pin to their sidebar (SPEC §10). */
export const FAVORITE_TARGET_TYPES = ['issue', 'project', 'view', 'cycle'] as const;
export type FavoriteTargetType = (typeof FAVORITE_TARGET_TYPES)[number];

export function favoriteTargetType(id: string): FavoriteTargetType | null {
  const type: DocType | null = typeOfId(id);
  return (FAVORITE_TARGET_TYPES as readonly string[]).includes(type ?? '')
    ? (type as FavoriteTargetType)
    : null;
}

/**
 * The one id of a person's favourite of a target: a target is pinned once per person, so two
 * devices of one person pinning it offline write one document (as relations do, decision 020),
 * and a person's favourites share an id prefix, which is how the server reads only theirs to
 * count them (`favoritePrefix`).
 */
export function favoriteId(userId: string, target: string): string {
  return `${favoritePrefix(userId)}${target.replace(':', '.')}`;
}

/** The start of every id of one person's favourites. */
export function favoritePrefix(userId: string): string {
  return `favorite:${userId}.`;
}

export function newFavorite(input: {
  userId: string;
  target: string;
  sortOrder: string;
  now: string;
}): FavoriteDoc {
  return {
    _id: favoriteId(input.userId, input.target),
    type: 'favorite',
    userId: input.userId,
    target: input.target,
    sortOrder: input.sortOrder,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** One person's favourites in their sidebar order (ties by id, so every device agrees). */
export function favoritesOf(all: readonly FavoriteDoc[], userId: string): FavoriteDoc[] {
  return all
    .filter((f) => f.userId === userId)
    .sort((a, b) => byCodeUnits(a.sortOrder, b.sortOrder) || byCodeUnits(a._id, b._id));
}
