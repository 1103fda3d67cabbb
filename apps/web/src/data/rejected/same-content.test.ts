import { describe, expect, it } from 'vitest';
import { contentOf, sameContent } from './same-content.ts';

describe('sameContent', () => {
  it('ignores revisions and key order, not values', () => {
    expect(
      sameContent(
        { _id: 'a', _rev: '1-x', b: 1, c: [1, { d: 2, e: 3 }] },
        {
          c: [1, { e: 3, d: 2 }],
          _rev: '4-y',
          _revisions: { start: 4, ids: ['y'] },
          b: 1,
          _id: 'a',
        },
      ),
    ).toBe(true);
    expect(sameContent({ _id: 'a', b: 1 }, { _id: 'a', b: 2 })).toBe(false);
    expect(sameContent({ _id: 'a', b: [1, 2] }, { _id: 'a', b: [2, 1] })).toBe(false);
  });

  it('treats null as absent: equal only to itself', () => {
    expect(sameContent(null, null)).toBe(true);
    expect(sameContent(null, { _id: 'a' })).toBe(false);
    expect(sameContent({ _id: 'a' }, null)).toBe(false);
  });
});

describe('contentOf', () => {
  it('drops revision bookkeeping only', () => {
    expect(contentOf({ _id: 'a', _rev: '1-x', _conflicts: ['1-y'], title: 't' })).toEqual({
      _id: 'a',
      title: 't',
    });
  });
});
