import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVED_ENTRIES_MAX,
  READ_ENTRIES_MAX,
  readMarkerDocSchema,
  type ReadMarkerDoc,
} from './documents.ts';
import { checkDocumentWrite } from './document-rules.ts';
import { readMarkerAt } from './factories.ts';
import {
  archivedUntil,
  archiveIssue,
  isRead,
  markAllRead,
  markNotificationsRead,
  mergeReadMarkers,
  NOTHING_READ_AT,
  pruneReadMarker,
  readStateOf,
  unarchiveIssue,
} from './read-state.ts';

const ME = 'me';
const NOW = '2026-11-22T12:00:00.000Z';
/** A moment `minute` minutes after 10:00 on a fixed day. */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10) + minute * 60_000).toISOString();
const ref = (n: number, minute = n) => ({ id: `comment:c${n}`, at: at(minute) });
const state = (doc: ReadMarkerDoc | null) => readStateOf(doc);
const read = (doc: ReadMarkerDoc | null, n: { id: string; at: string }) =>
  isRead(state(doc), n.id, Date.parse(n.at));

describe('readStateOf and isRead', () => {
  it('reads nothing without a marker', () => {
    expect(read(null, ref(1))).toBe(false);
    expect(archivedUntil(state(null), 'issue:i1')).toBe(Number.NEGATIVE_INFINITY);
  });

  it('an old marker (userId, lastReadAt only) keeps everything up to lastReadAt read', () => {
    const old = readMarkerAt({ userId: ME, lastReadAt: at(5), existing: null, now: NOW });
    expect(read(old, ref(4))).toBe(true);
    expect(read(old, ref(5))).toBe(true);
    expect(read(old, ref(6))).toBe(false);
  });
});

describe('markNotificationsRead', () => {
  it('reads the one opened, not the ones older or newer than it', () => {
    const doc = markNotificationsRead(null, ME, [ref(2)], NOW)!;
    expect(readMarkerDocSchema.parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({ _id: 'readMarker:me', userId: ME, lastReadAt: NOTHING_READ_AT });
    expect([ref(1), ref(2), ref(3)].map((n) => read(doc, n))).toEqual([false, true, false]);
  });

  it('writes nothing when they are read already, by entry or by lastReadAt', () => {
    const doc = markNotificationsRead(null, ME, [ref(7)], NOW)!;
    expect(markNotificationsRead(doc, ME, [ref(7)], NOW)).toBeNull();
    const old = readMarkerAt({ userId: ME, lastReadAt: at(5), existing: null, now: NOW });
    expect(markNotificationsRead(old, ME, [ref(3)], NOW)).toBeNull();
    expect(markNotificationsRead(null, ME, [], NOW)).toBeNull();
  });

  it('keeps the marker’s identity and creation time', () => {
    const first = markNotificationsRead(null, ME, [ref(1)], at(60))!;
    const next = markNotificationsRead({ ...first, _rev: '1-a' }, ME, [ref(2)], at(61))!;
    expect(next).toMatchObject({ _rev: '1-a', createdAt: at(60), updatedAt: at(61) });
    expect(Object.keys(next.read!)).toEqual(['comment:c1', 'comment:c2']);
  });
});

describe('markAllRead', () => {
  it('moves lastReadAt forward, never back, and drops the entries it covers', () => {
    const some = markNotificationsRead(null, ME, [ref(2), ref(9)], NOW)!;
    const all = markAllRead(some, ME, at(5), NOW)!;
    expect(all.lastReadAt).toBe(at(5));
    expect(all.read).toEqual({ 'comment:c9': at(9) });
    expect(markAllRead(all, ME, at(3), NOW)).toBeNull();
    expect(markAllRead(all, ME, at(10), NOW)).not.toHaveProperty('read');
  });
});

describe('archiveIssue and unarchiveIssue', () => {
  it('archives an issue up to its newest notification and reads what it archives', () => {
    const doc = archiveIssue(null, ME, 'issue:i1', [ref(1), ref(3)], at(3), NOW)!;
    expect(readMarkerDocSchema.parse(doc)).toEqual(doc);
    expect(archivedUntil(state(doc), 'issue:i1')).toBe(Date.parse(at(3)));
    expect(read(doc, ref(1))).toBe(true);
    expect(read(doc, ref(3))).toBe(true);
    // Archived again up to an earlier moment (an older device's list): it stays.
    const again = archiveIssue(doc, ME, 'issue:i1', [], at(2), NOW);
    expect(again).toBeNull();
  });

  it('unarchives, keeping it read; null when it was not archived', () => {
    const doc = archiveIssue(null, ME, 'issue:i1', [ref(1)], at(1), NOW)!;
    const back = unarchiveIssue(doc, ME, 'issue:i1', NOW)!;
    expect(back).not.toHaveProperty('archived');
    expect(read(back, ref(1))).toBe(true);
    expect(unarchiveIssue(back, ME, 'issue:i1', NOW)).toBeNull();
    expect(unarchiveIssue(null, ME, 'issue:i1', NOW)).toBeNull();
  });
});

describe('every write', () => {
  it('is one its owner may make in any role, on a new marker and on their stored one', () => {
    const first = markNotificationsRead(null, 'v1', [ref(1)], NOW)!;
    expect(checkDocumentWrite(first, { role: 'viewer', userId: 'v1', existing: null }).ok).toBe(
      true,
    );
    const stored = { ...first, _rev: '1-a' };
    for (const next of [
      markNotificationsRead(stored, 'v1', [ref(2)], NOW),
      markAllRead(stored, 'v1', at(3), NOW),
      archiveIssue(stored, 'v1', 'issue:i1', [ref(2)], at(2), NOW),
    ]) {
      expect(next).toMatchObject({ _rev: '1-a', createdAt: NOW });
      expect(checkDocumentWrite(next, { role: 'viewer', userId: 'v1', existing: stored }).ok).toBe(
        true,
      );
    }
  });
});

describe('pruneReadMarker: the marker stays bounded', () => {
  const many = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ref(from + i, (from + i) / 10));

  it('past the limit, moves lastReadAt up to just before the oldest unread one first', () => {
    // Read one by one: all but c400, at 10:40, the oldest still unread.
    const items = many(READ_ENTRIES_MAX + 20, 1).filter((n) => n.id !== 'comment:c400');
    const doc = markNotificationsRead(null, ME, items, NOW, at(40))!;
    expect(doc.lastReadAt).toBe(new Date(Date.parse(at(40)) - 1).toISOString());
    expect(Object.keys(doc.read!)).toHaveLength(READ_ENTRIES_MAX + 20 - 400);
    expect(read(doc, ref(400, 40))).toBe(false);
    expect(items.every((n) => read(doc, n))).toBe(true);
  });

  it('and only then past it, keeping the newest READ_ENTRIES_MAX read one by one', () => {
    const items = many(READ_ENTRIES_MAX + 20, 1);
    const doc = markNotificationsRead(null, ME, items, NOW, undefined)!;
    expect(Object.keys(doc.read!)).toHaveLength(READ_ENTRIES_MAX);
    expect(readMarkerDocSchema.safeParse(doc).success).toBe(true);
    expect(items.every((n) => read(doc, n))).toBe(true);
  });

  it('lets the oldest archives go past ARCHIVED_ENTRIES_MAX', () => {
    const archived = Object.fromEntries(
      Array.from({ length: ARCHIVED_ENTRIES_MAX + 3 }, (_, i) => [`issue:i${i}`, at(i / 100)]),
    );
    const doc = pruneReadMarker({ ...markAllRead(null, ME, at(0), NOW)!, archived });
    expect(Object.keys(doc.archived!)).toHaveLength(ARCHIVED_ENTRIES_MAX);
    expect(doc.archived).not.toHaveProperty('issue:i0');
    expect(doc.archived).toHaveProperty(`issue:i${ARCHIVED_ENTRIES_MAX + 2}`);
  });

  it('never unreads a notification, and every marker it writes is valid (property)', () => {
    const action = fc.oneof(
      fc.record({
        what: fc.constant('read' as const),
        ids: fc.array(fc.nat(700), { maxLength: 80 }),
      }),
      fc.record({ what: fc.constant('all' as const), minute: fc.nat(70) }),
      fc.record({ what: fc.constant('archive' as const), issue: fc.nat(5), minute: fc.nat(70) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        let doc: ReadMarkerDoc | null = null;
        const everRead = new Set<number>();
        for (const a of actions) {
          const items = a.what === 'read' ? a.ids.map((n) => ref(n, n / 10)) : [];
          const next: ReadMarkerDoc | null =
            a.what === 'read'
              ? markNotificationsRead(doc, ME, items, NOW)
              : a.what === 'all'
                ? markAllRead(doc, ME, at(a.minute), NOW)
                : archiveIssue(doc, ME, `issue:i${a.issue}`, [], at(a.minute), NOW);
          if (next) {
            expect(readMarkerDocSchema.safeParse(next).success).toBe(true);
            doc = next;
          }
          if (a.what === 'read') a.ids.forEach((n) => everRead.add(n));
          if (a.what === 'all')
            for (let n = 0; n <= 700; n++) if (n / 10 <= a.minute) everRead.add(n);
          for (const n of everRead) expect(read(doc, ref(n, n / 10))).toBe(true);
        }
      }),
    );
  });
});

describe('mergeReadMarkers (one person, two devices apart)', () => {
  const at = (m: number) => `2026-03-01T10:${String(m).padStart(2, '0')}:00.000Z`;
  const marker = (over: Partial<ReadMarkerDoc>): ReadMarkerDoc => ({
    _id: 'readMarker:u1',
    type: 'readMarker',
    userId: 'u1',
    lastReadAt: at(0),
    createdAt: at(0),
    updatedAt: at(0),
    ...over,
  });

  it('keeps everything either device read or archived, and the later mark-all', () => {
    const laptop = marker({
      _rev: '2-a',
      read: { 'comment:c1': at(5) },
      archived: { 'issue:i1': at(6) },
      updatedAt: at(7),
    });
    const phone = marker({
      _rev: '2-b',
      lastReadAt: at(4),
      read: { 'activity:a2': at(8) },
      archived: { 'issue:i1': at(9), 'issue:i2': at(3) },
      updatedAt: at(9),
    });
    const merged = mergeReadMarkers([laptop, phone]);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(mergeReadMarkers([phone, laptop])));
    expect(merged).toMatchObject({
      lastReadAt: at(4),
      read: { 'comment:c1': at(5), 'activity:a2': at(8) },
      archived: { 'issue:i1': at(9), 'issue:i2': at(3) },
      updatedAt: at(9),
    });
    expect('_rev' in merged).toBe(false);
    // A later mark-all on one side makes the other's single reads before it redundant.
    const all = mergeReadMarkers([laptop, marker({ _rev: '2-c', lastReadAt: at(6) })]);
    expect(all.read).toBeUndefined();
    expect(all.lastReadAt).toBe(at(6));
  });
});
