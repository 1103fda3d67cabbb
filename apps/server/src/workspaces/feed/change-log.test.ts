import { describe, expect, it } from 'vitest';
import { ChangeLog, docKey, type ChangeRow } from './change-log.ts';

// Sequences as a CouchDB 3 cluster writes them: opaque, and not in numeric order as strings.
const seq = (n: number) => `${n}-g1AAAAEzeJzLYWBgYMp${'x'.repeat(n % 7)}`;
const row = (n: number): ChangeRow => ({
  seq: seq(n),
  id: `issue:i${n}`,
  changes: [{ rev: `${n}-a` }],
});
const doc = (n: number) => ({ ok: { _id: `issue:i${n}`, _rev: `${n}-a` } });

describe('ChangeLog', () => {
  it('finds what came after a sequence it published, by equality alone', () => {
    const log = new ChangeLog(100);
    log.add([row(9), row(10), row(11)], new Map());
    expect(log.knows(seq(9))).toBe(true);
    expect(log.knows('9')).toBe(false);
    expect(log.after(seq(9), 10).map((r) => r.id)).toEqual(['issue:i10', 'issue:i11']);
    expect(log.after(seq(9), 1).map((r) => r.id)).toEqual(['issue:i10']);
    expect(log.after(seq(11), 10)).toEqual([]);
    expect(log.after('unknown', 10)).toEqual([]);
    expect(log.last).toBe(seq(11));
  });

  it('counts positions across what it lets go of, for clients it does not know yet', () => {
    const log = new ChangeLog(3);
    log.add([row(1), row(2)], new Map([[docKey('issue:i1', '1-a'), doc(1)]]));
    const mark = log.position;
    log.add([row(3), row(4)], new Map([[docKey('issue:i4', '4-a'), doc(4)]]));
    expect(log.afterPosition(mark, 10).map((r) => r.id)).toEqual(['issue:i3', 'issue:i4']);
    // Kept: the last three; the oldest and its document are let go.
    expect(log.knows(seq(1))).toBe(false);
    expect(log.doc('issue:i1', '1-a')).toBeUndefined();
    expect(log.doc('issue:i4', '4-a')).toEqual(doc(4));
    expect(log.after(seq(2), 10).map((r) => r.id)).toEqual(['issue:i3', 'issue:i4']);
  });
});
