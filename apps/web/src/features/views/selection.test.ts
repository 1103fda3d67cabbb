import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, keepVisible, selectRange, toggleSelected } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('toggles one issue and remembers it as the anchor', () => {
    const one = toggleSelected(EMPTY_SELECTION, 'b');
    expect([...one.ids]).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(toggleSelected(one, 'b').ids.size).toBe(0);
  });

  it('shift-click selects the range from the anchor, in either direction', () => {
    const from = toggleSelected(EMPTY_SELECTION, 'd');
    expect([...selectRange(from, 'b', order).ids].sort()).toEqual(['b', 'c', 'd']);
    expect([...selectRange(toggleSelected(EMPTY_SELECTION, 'a'), 'c', order).ids].sort()).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('without an anchor, a range is just the clicked issue', () => {
    expect([...selectRange(EMPTY_SELECTION, 'c', order).ids]).toEqual(['c']);
  });

  it('drops issues no longer shown and keeps the same object when nothing changed', () => {
    const s = selectRange(toggleSelected(EMPTY_SELECTION, 'a'), 'c', order);
    expect(keepVisible(s, new Set(order))).toBe(s);
    const kept = keepVisible(s, new Set(['b', 'c']));
    expect([...kept.ids].sort()).toEqual(['b', 'c']);
    expect(kept.anchor).toBeNull();
  });
});
