import { describe, expect, it } from 'vitest';
import { lostWrites, markedTitle, markerOf, WriteLedger } from './write-ledger.ts';

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

  it('tells what was acknowledged by a moment, and which devices hold all of it', () => {
    const ledger = new WriteLedger();
    ledger.wrote('issue:x', 'a', 1, 0);
    ledger.wrote('issue:y', 'b', 1, 0);
    ledger.ack('issue:x', 1, 10);
    ledger.ack('issue:y', 1, 10);
    ledger.wrote('issue:x', 'a', 2, 20);
    ledger.ack('issue:x', 2, 50);
    const atFaultEnd = ledger.newestAcked(30);
    expect(atFaultEnd).toEqual(
      new Map([
        ['issue:x', { workspace: 'a', seq: 1 }],
        ['issue:y', { workspace: 'b', seq: 1 }],
      ]),
    );
    expect(ledger.holdsAll(1, 'a', atFaultEnd)).toBe(false);
    ledger.seen(1, 'issue:x', 1, 60);
    // Device 1 is in workspace a: y is not its to hold; x@2 came after the moment.
    expect(ledger.holdsAll(1, 'a', atFaultEnd)).toBe(true);
    expect(ledger.holdsAll(1, 'a', ledger.newestAcked())).toBe(false);
    expect(ledger.holdsAll(3, 'b', atFaultEnd)).toBe(false);
  });
});

describe('WriteLedger.ackedAllMadeBy', () => {
  it('asks whether the edits a device made by a moment have all reached the server', () => {
    const ledger = new WriteLedger();
    ledger.wrote('issue:x', 'a', 1, 0);
    ledger.wrote('issue:y', 'a', 1, 5);
    ledger.ack('issue:x', 1, 10);
    // Made during an outage, not acknowledged yet.
    ledger.wrote('issue:x', 'a', 2, 20);
    expect(ledger.ackedAllMadeBy(['issue:x', 'issue:y'], 30)).toBe(false);
    expect(ledger.ackedAllMadeBy(['issue:x'], 15)).toBe(true);
    ledger.ack('issue:y', 1, 40);
    ledger.ack('issue:x', 2, 40);
    // An edit made after the moment does not count, acknowledged or not.
    ledger.wrote('issue:y', 'a', 2, 50);
    expect(ledger.ackedAllMadeBy(['issue:x', 'issue:y', 'issue:unknown'], 30)).toBe(true);
    expect(ledger.ackedAllMadeBy(['issue:y'], 60)).toBe(false);
  });
});

describe('lostWrites', () => {
  it('names documents missing or behind their newest acknowledged edit', () => {
    const acked = new Map([
      ['issue:kept', { seq: 3 }],
      ['issue:ahead', { seq: 3 }],
      ['issue:behind', { seq: 3 }],
      ['issue:gone', { seq: 1 }],
      ['issue:unmarked', { seq: 1 }],
    ]);
    const stored = new Map<string, number | null>([
      ['issue:kept', 3],
      // A later edit, sent but not acknowledged before the run ended, is no loss.
      ['issue:ahead', 4],
      ['issue:behind', 2],
      ['issue:unmarked', null],
    ]);
    expect(lostWrites(acked, stored)).toEqual([
      { docId: 'issue:behind', acked: 3, found: 2 },
      { docId: 'issue:gone', acked: 1, found: null },
      { docId: 'issue:unmarked', acked: 1, found: null },
    ]);
    expect(
      lostWrites(
        acked,
        new Map([...stored, ['issue:behind', 3], ['issue:gone', 1], ['issue:unmarked', 1]]),
      ),
    ).toEqual([]);
  });
});
