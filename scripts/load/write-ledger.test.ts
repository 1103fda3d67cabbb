import { describe, expect, it } from 'vitest';
import { markedTitle, markerOf, WriteLedger } from './write-ledger.ts';

describe('edit markers', () => {
  it('round-trips through an issue title', () => {
    expect(markerOf(markedTitle('Load issue 3.1', 42))).toBe(42);
    expect(markerOf('Load issue 3.1')).toBeNull();
    expect(markerOf(undefined)).toBeNull();
  });
});

describe('WriteLedger', () => {
  const clients = new Map([
    ['a', [1, 2]],
    ['b', [3]],
  ]);

  it('times each edit from when it was made to when a device received it', () => {
    const ledger = new WriteLedger();
    ledger.wrote('issue:x', 'a', 1, 1_000);
    ledger.ack('issue:x', 1, 1_040);
    ledger.seen(1, 'issue:x', 1, 1_100);
    ledger.seen(2, 'issue:x', 1, 1_300);
    expect(ledger.visible.count).toBe(2);
    expect(ledger.visible.percentile(50)).toBe(100);
    expect(ledger.visible.max).toBe(300);
    expect(ledger.acknowledged.percentile(50)).toBe(40);
    expect(ledger.unseen(clients)).toBe(0);
  });

  it('counts a later edit received as the earlier ones received too, each timed from its own making', () => {
    const ledger = new WriteLedger();
    ledger.wrote('issue:x', 'a', 1, 1_000);
    ledger.wrote('issue:x', 'a', 2, 1_200);
    ledger.ack('issue:x', 2, 1_250);
    expect(ledger.acked).toBe(2);
    ledger.seen(1, 'issue:x', 2, 1_500);
    expect(ledger.visible.count).toBe(2);
    expect(ledger.visible.max).toBe(500);
    expect(ledger.visible.percentile(1)).toBe(300);
    // Receiving the older revision again (a restarted replication) changes nothing.
    ledger.seen(1, 'issue:x', 1, 1_600);
    expect(ledger.visible.count).toBe(2);
  });

  it('names acknowledged edits a device of their workspace never received', () => {
    const ledger = new WriteLedger();
    ledger.wrote('issue:x', 'a', 1, 0);
    ledger.wrote('issue:x', 'a', 2, 10);
    ledger.wrote('issue:y', 'b', 1, 0);
    ledger.ack('issue:x', 1, 20);
    // Edit 2 of x was never acknowledged, y's neither: only x@1 must be received.
    ledger.seen(1, 'issue:x', 1, 30);
    expect(ledger.unseen(clients)).toBe(1); // device 2 lacks x@1
    ledger.ack('issue:x', 2, 40);
    expect(ledger.unseen(clients)).toBe(3); // device 1 lacks x@2, device 2 both
    expect(ledger.newestAcked()).toEqual(new Map([['issue:x', { workspace: 'a', seq: 2 }]]));
  });

  it('refuses edits out of order', () => {
    const ledger = new WriteLedger();
    expect(() => ledger.wrote('issue:x', 'a', 2, 0)).toThrow(/edit 2 after 0/);
  });
});
