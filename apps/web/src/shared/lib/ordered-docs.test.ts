import { describe, expect, it } from 'vitest';
import { milestonesOf, type MilestoneDoc } from '@keel/domain';
import { keyAfter, moveInOrder } from './ordered-docs.ts';

const T = '2026-01-01T00:00:00.000Z';
const milestone = (tail: string, sortOrder: string): MilestoneDoc => ({
  _id: `milestone:${tail}`,
  type: 'milestone',
  projectId: 'project:p1',
  name: tail,
  targetOn: null,
  sortOrder,
  createdAt: T,
  updatedAt: T,
});
const names = (docs: readonly MilestoneDoc[]) => docs.map((m) => m.name);
/** The order after writing `written` over `order`. */
const after = (order: readonly MilestoneDoc[], written: readonly MilestoneDoc[]) =>
  milestonesOf('project:p1', [
    ...order.filter((m) => !written.some((w) => w._id === m._id)),
    ...written,
  ]);

describe('moveInOrder', () => {
  const order = [milestone('a', 'a0'), milestone('b', 'a1'), milestone('c', 'a2')];

  it('moves one milestone a place, writing only it', () => {
    const up = moveInOrder(order, 'milestone:c', -1, T);
    expect(names(up)).toEqual(['c']);
    expect(names(after(order, up))).toEqual(['a', 'c', 'b']);
    const down = moveInOrder(order, 'milestone:a', 1, T);
    expect(names(after(order, down))).toEqual(['b', 'a', 'c']);
    expect(names(after(order, moveInOrder(order, 'milestone:b', -1, T)))).toEqual(['b', 'a', 'c']);
  });

  it('moves nothing past either end', () => {
    expect(moveInOrder(order, 'milestone:a', -1, T)).toEqual([]);
    expect(moveInOrder(order, 'milestone:c', 1, T)).toEqual([]);
    expect(moveInOrder(order, 'milestone:gone', 1, T)).toEqual([]);
  });

  it('keys the whole order afresh when the new neighbours share a key', () => {
    // Three devices each added a milestone after a0: all got a1 (ordered by id).
    const tied = [milestone('a', 'a0'), milestone('b', 'a1'), milestone('c', 'a1')];
    const third = [...tied, milestone('d', 'a1')];
    const up = moveInOrder(milestonesOf('project:p1', third), 'milestone:d', -1, T);
    expect(names(after(third, up))).toEqual(['a', 'b', 'd', 'c']);
    expect(new Set(up.map((m) => m.sortOrder)).size).toBe(4);
    // Between an untied pair, only the one moved is written.
    expect(names(moveInOrder(tied, 'milestone:c', -1, T))).toEqual(['c']);
  });
});

describe('keyAfter', () => {
  it('sorts after the last key, or starts afresh from a malformed one', () => {
    expect(keyAfter('a1') > 'a1').toBe(true);
    expect(keyAfter(null)).toBe('a0');
    expect(keyAfter('not a key')).toBe('a0');
  });
});
