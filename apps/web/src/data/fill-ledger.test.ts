import { describe, expect, it } from 'vitest';
import { FillLedger } from './fill-ledger.ts';

const doc = (id: string, rev: string) => ({ _id: id, _rev: rev });
const at = (page: number) => ({ page, since: `${page}-seq` });

describe('the first fill’s ledger', () => {
  it('lines new documents up in feed order; one brought again moves to the end with its new revision', () => {
    const ledger = new FillLedger();
    ledger.see('a', '1-a', doc('a', '1-a'), at(0));
    ledger.see('b', '1-b', doc('b', '1-b'), at(0));
    ledger.see('a', '2-a', doc('a', '2-a'), at(1));
    expect(ledger.nextWrites(10)).toEqual(['b', 'a']);
    expect(ledger.nextWrites(1)).toEqual(['b']);
    expect(ledger.startWrites(['b', 'a'])).toEqual([doc('b', '1-b'), doc('a', '2-a')]);
    expect(ledger.writesWaiting).toBe(0);
  });

  it('ignores the revision the replica holds, and drops a deletion of one never written', () => {
    const ledger = new FillLedger();
    ledger.hold('a', '3-a');
    ledger.see('a', '3-a', doc('a', '3-a'), at(0));
    ledger.see('b', '1-b', doc('b', '1-b'), at(0));
    ledger.see('b', '2-b', 'deleted', at(1));
    expect(ledger.writesWaiting).toBe(0);
    expect(ledger.fetchesWaiting).toBe(0);
    expect(ledger.earliestUnfetched()).toBeNull();
  });

  it('fetches a later revision of one held or being written, and remembers the first page that brought it', () => {
    const ledger = new FillLedger();
    ledger.hold('a', '1-a');
    ledger.see('b', '1-b', doc('b', '1-b'), at(0));
    ledger.startWrites(['b']);
    ledger.see('a', '2-a', doc('a', '2-a'), at(1));
    ledger.see('b', '2-b', doc('b', '2-b'), at(2));
    ledger.see('a', '3-a', 'deleted', at(3));
    expect(ledger.nextFetches(10)).toEqual(['a', 'b']);
    expect(ledger.startFetches(['a', 'b'])).toEqual([
      { id: 'a', rev: '3-a' },
      { id: 'b', rev: '2-b' },
    ]);
    expect(ledger.earliestUnfetched()).toEqual(at(1));
  });

  it('a write that fails waits again, unless a later revision took its place meanwhile', () => {
    const ledger = new FillLedger();
    ledger.see('a', '1-a', doc('a', '1-a'), at(0));
    ledger.see('b', '1-b', doc('b', '1-b'), at(0));
    const docs = ledger.startWrites(['a', 'b']);
    ledger.see('b', '2-b', doc('b', '2-b'), at(1));
    ledger.endWrites(docs, false);
    expect(ledger.nextWrites(10)).toEqual(['a']);
    expect(ledger.nextFetches(10)).toEqual(['b']);
    // Written this time: a later revision of it is fetched, not written over it.
    ledger.endWrites(ledger.startWrites(['a']), true);
    ledger.see('a', '2-a', doc('a', '2-a'), at(2));
    expect(ledger.nextFetches(10)).toEqual(['b', 'a']);
  });

  it('a fetch that fails waits again; one that succeeds is held and no longer holds the pull back', () => {
    const ledger = new FillLedger();
    ledger.hold('a', '1-a');
    ledger.hold('b', '1-b');
    ledger.see('a', '2-a', doc('a', '2-a'), at(4));
    ledger.see('b', '2-b', doc('b', '2-b'), at(5));
    const failed = ledger.startFetches(['a']);
    ledger.endFetches(failed, null);
    expect(ledger.nextFetches(10)).toEqual(['b', 'a']);
    expect(ledger.earliestUnfetched()).toEqual(at(4));

    const wanted = ledger.startFetches(['b', 'a']);
    // While they are fetched, a later revision of b comes: b still holds the pull back.
    ledger.see('b', '3-b', doc('b', '3-b'), at(6));
    ledger.endFetches(wanted, new Set(['a', 'b']));
    expect(ledger.earliestUnfetched()).toEqual(at(5));
    expect(ledger.nextFetches(10)).toEqual(['b']);
    // A revision the fetch returned is held now: the feed bringing it again changes nothing.
    ledger.see('a', '2-a', doc('a', '2-a'), at(7));
    expect(ledger.fetchesWaiting).toBe(1);
  });

  it('a fetch the server answers without one document leaves it to the revision that follows', () => {
    const ledger = new FillLedger();
    ledger.hold('a', '1-a');
    ledger.see('a', '2-a', doc('a', '2-a'), at(0));
    ledger.endFetches(ledger.startFetches(['a']), new Set());
    expect(ledger.fetchesWaiting).toBe(0);
    expect(ledger.earliestUnfetched()).toEqual(at(0));
    ledger.see('a', '3-a', doc('a', '3-a'), at(1));
    expect(ledger.startFetches(['a'])).toEqual([{ id: 'a', rev: '3-a' }]);
  });

  it('a row without its document leaves the one waiting as it is', () => {
    const ledger = new FillLedger();
    ledger.see('a', '1-a', doc('a', '1-a'), at(0));
    ledger.see('a', '2-a', null, at(1));
    expect(ledger.startWrites(ledger.nextWrites(10))).toEqual([doc('a', '1-a')]);
  });

  it('says which of a page write’s documents still wait', () => {
    const ledger = new FillLedger();
    ledger.hold('a', '1-a');
    ledger.see('a', '2-a', doc('a', '2-a'), at(0));
    ledger.see('b', '1-b', doc('b', '1-b'), at(0));
    ledger.see('c', '1-c', doc('c', '1-c'), at(0));
    expect(ledger.waitingAmong(['a', 'c', 'x'])).toEqual({
      writes: ['c'],
      fetches: ['a'],
    });
  });
});
