import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { snapshotChanges } from './snapshot-changes.ts';

interface Doc {
  _id: string;
  v: number;
}
const doc = (id: string, v = 0): Doc => ({ _id: id, v });

describe('snapshotChanges', () => {
  const a = doc('a');
  const b = doc('b');
  const c = doc('c');

  it('finds nothing between a snapshot and itself, or an equal copy', () => {
    const list = [a, b, c];
    expect(snapshotChanges(list, list)).toEqual({ changed: [], removed: [] });
    expect(snapshotChanges(list, [...list])).toEqual({ changed: [], removed: [] });
  });

  it('finds a document replaced in place and one appended', () => {
    const b2 = doc('b', 1);
    const d = doc('d');
    const found = snapshotChanges([a, b, c], [a, b2, c, d]);
    expect(found.changed).toEqual([b2, d]);
    expect(found.removed).toEqual([]);
  });

  it('finds removals at the end and in the middle', () => {
    expect(snapshotChanges([a, b, c], [a, b])).toEqual({ changed: [], removed: ['c'] });
    expect(snapshotChanges([a, b, c], [a, c])).toEqual({ changed: [], removed: ['b'] });
  });

  it('a document that moved is not a change, a new object that moved is', () => {
    expect(snapshotChanges([a, b, c], [a, c, b])).toEqual({ changed: [], removed: [] });
    const b2 = doc('b', 1);
    expect(snapshotChanges([a, b, c], [a, c, b2])).toEqual({ changed: [b2], removed: [] });
  });

  it('applied to the first snapshot, always gives the second (any edits, removals, moves)', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    const snapshot = fc.uniqueArray(fc.record({ _id: ids, v: fc.nat(3) }), {
      selector: (d) => d._id,
    });
    fc.assert(
      fc.property(snapshot, snapshot, fc.array(fc.boolean()), (first, laterValues, reuse) => {
        // Documents of `first` with an unchanged value are kept as the very same objects.
        const byId = new Map<string, Doc>(first.map((d) => [d._id, d]));
        const second = laterValues.map((d, i) => {
          const old = byId.get(d._id);
          return old && (old.v === d.v || reuse[i]) ? old : d;
        });
        const { changed, removed } = snapshotChanges(first, second);
        const applied = new Map(byId);
        for (const id of removed) applied.delete(id);
        for (const d of changed) applied.set(d._id, d);
        expect([...applied.keys()].sort()).toEqual(second.map((d) => d._id).sort());
        for (const d of second) expect(applied.get(d._id)).toBe(d);
        // Only real changes are reported.
        for (const d of changed) expect(byId.get(d._id)).not.toBe(d);
        for (const id of removed) expect(second.some((d) => d._id === id)).toBe(false);
      }),
    );
  });
});
