import { describe, expect, it } from 'vitest';
import {
  favoriteId,
  favoritePrefix,
  favoritesOf,
  favoriteTargetType,
  newFavorite,
} from './favorites.ts';
import { cycleId, typeOfId } from './ids.ts';
import { FIXTURE_TIME } from './test-fixtures.ts';

describe('favourites', () => {
  it('have one id per person and target, under the person’s prefix', () => {
    const cycle = cycleId('project:p1', 12);
    const id = favoriteId('u1', cycle);
    expect(id).toBe('favorite:u1.cycle.p1.12');
    expect(id.startsWith(favoritePrefix('u1'))).toBe(true);
    expect(typeOfId(id)).toBe('favorite');
    expect(favoriteId('u1', 'issue:abc')).not.toBe(favoriteId('u2', 'issue:abc'));
    // A person whose id starts like another's never shares their prefix.
    expect(favoriteId('u10', 'issue:abc').startsWith(favoritePrefix('u1'))).toBe(false);
  });

  it('pin issues, projects, views and cycles only', () => {
    expect(favoriteTargetType('issue:a')).toBe('issue');
    expect(favoriteTargetType('view:a')).toBe('view');
    expect(favoriteTargetType('label:a')).toBeNull();
    expect(favoriteTargetType('nonsense')).toBeNull();
  });

  it('are one person’s, in their order, ties by id', () => {
    const pin = (userId: string, target: string, sortOrder: string) =>
      newFavorite({ userId, target, sortOrder, now: FIXTURE_TIME });
    const all = [
      pin('u1', 'issue:b', 'a2'),
      pin('u2', 'issue:a', 'a0'),
      pin('u1', 'issue:z', 'a1'),
      pin('u1', 'issue:a', 'a1'),
    ];
    expect(favoritesOf(all, 'u1').map((f) => f.target)).toEqual(['issue:a', 'issue:z', 'issue:b']);
  });
});
