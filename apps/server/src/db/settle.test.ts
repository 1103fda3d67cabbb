import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendsFrom, liveSession, mergeIdSet, settleClaim } from './settle.ts';

const doc = (rev: string, extra: Record<string, unknown> = {}) => ({
  _id: 'slug:acme',
  _rev: rev,
  ...extra,
});

describe('descendsFrom', () => {
  it('is true for the winning revision itself', () => {
    expect(descendsFrom(doc('1-aaa'), '1-aaa')).toBe(true);
  });

  it('is true for an ancestor in the winner’s history', () => {
    const current = doc('3-ccc', { _revisions: { start: 3, ids: ['ccc', 'bbb', 'aaa'] } });
    expect(descendsFrom(current, '2-bbb')).toBe(true);
    expect(descendsFrom(current, '1-aaa')).toBe(true);
  });

  it('is false for a sibling of the same generation (the other side of a conflict)', () => {
    const current = doc('2-bbb', { _revisions: { start: 2, ids: ['bbb', 'aaa'] } });
    expect(descendsFrom(current, '2-xxx')).toBe(false);
  });

  it('is false for a revision newer than the winner, or one it cannot place', () => {
    const current = doc('2-bbb', { _revisions: { start: 2, ids: ['bbb', 'aaa'] } });
    expect(descendsFrom(current, '3-bbb')).toBe(false);
    expect(descendsFrom(current, 'nonsense')).toBe(false);
    expect(descendsFrom(doc('2-bbb'), '1-aaa')).toBe(false);
  });
});

describe('settleClaim', () => {
  it('wins when its revision is the winner, and drops the versions that lost', () => {
    const current = doc('1-b', { _conflicts: ['1-a'] });
    expect(settleClaim(current, '1-b')).toEqual({ won: true, drop: ['1-a'] });
  });

  it('loses when another revision won, and drops its own', () => {
    const current = doc('1-b', { _conflicts: ['1-a'] });
    expect(settleClaim(current, '1-a')).toEqual({ won: false, drop: ['1-a'] });
  });

  it('still wins when the winner has since been written on top of its revision', () => {
    const current = doc('2-c', { _revisions: { start: 2, ids: ['c', 'b'] } });
    expect(settleClaim(current, '1-b')).toEqual({ won: true, drop: [] });
  });

  it('loses when the document is gone', () => {
    expect(settleClaim(null, '1-a')).toEqual({ won: false, drop: ['1-a'] });
  });

  it('gives exactly one of two colliding writers the claim, whichever way the winner falls', () => {
    for (const [winner, loser] of [
      ['1-a', '1-b'],
      ['1-b', '1-a'],
    ] as const) {
      // Both read the same document back: every node shows the same winner.
      const current = doc(winner, { _conflicts: [loser] });
      const outcomes = [settleClaim(current, '1-a'), settleClaim(current, '1-b')];
      expect(outcomes.filter((o) => o.won)).toHaveLength(1);
      // Both drop the loser, nobody drops the winner.
      expect(outcomes.flatMap((o) => o.drop)).toEqual([loser, loser]);
    }
  });
});

describe('mergeIdSet', () => {
  it('is the union of every version, sorted', () => {
    expect(mergeIdSet([{ ids: ['b', 'a'] }, { ids: ['c', 'a'] }])).toEqual({
      ids: ['a', 'b', 'c'],
      changed: true,
    });
  });

  it('adds and removes ids', () => {
    expect(mergeIdSet([{ ids: ['a', 'b'] }], ['c'], ['a']).ids).toEqual(['b', 'c']);
  });

  it('is unchanged when the one version already holds exactly that', () => {
    expect(mergeIdSet([{ ids: ['a', 'b'] }], ['a']).changed).toBe(false);
    expect(mergeIdSet([{ ids: ['b', 'a'] }]).changed).toBe(true);
    expect(mergeIdSet([{ ids: ['a'] }, { ids: ['a'] }]).changed).toBe(true);
    expect(mergeIdSet([]).changed).toBe(true);
  });

  it('never loses an id added through any node, whatever the order of the versions', () => {
    const ids = fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(ids, { minLength: 1, maxLength: 4 }), ids, (versions, add) => {
        const leaves = versions.map((v) => ({ ids: v }));
        const merged = mergeIdSet(leaves, add).ids;
        for (const id of [...versions.flat(), ...add]) expect(merged).toContain(id);
        expect(mergeIdSet([...leaves].reverse(), add).ids).toEqual(merged);
        expect(new Set(merged).size).toBe(merged.length);
      }),
    );
  });
});

describe('liveSession', () => {
  const session = (rev: string, lastUsedAt: string, deleted = false) => ({
    _id: 'session:u:h',
    _rev: rev,
    lastUsedAt,
    ...(deleted ? { _deleted: true } : {}),
  });

  it('is the session when there is one version', () => {
    const only = session('1-a', '2026-01-01T00:00:00.000Z');
    expect(liveSession([only])).toBe(only);
  });

  it('is none when there is no document', () => {
    expect(liveSession([])).toBeNull();
  });

  it('is none when a sign-out deleted one version while a touch updated another', () => {
    expect(
      liveSession([
        session('2-touch', '2026-01-01T02:00:00.000Z'),
        session('2-gone', '2026-01-01T00:00:00.000Z', true),
      ]),
    ).toBeNull();
  });

  it('takes the version used last of two touches through two nodes', () => {
    const later = session('2-b', '2026-01-01T02:00:01.000Z');
    expect(liveSession([session('2-a', '2026-01-01T02:00:00.000Z'), later])).toBe(later);
  });
});
