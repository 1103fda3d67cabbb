import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testIssue } from '@keel/domain/test-fixtures';
import type { InboxNotification } from './derive-notifications.ts';
import { IssueGroups } from './issue-groups.ts';
import { newestFirst } from './notification-order.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10) + minute * 60_000).toISOString();

function note(id: number, issue: number, minute: number): InboxNotification {
  const doc = testIssue({ number: issue });
  return {
    kind: 'state',
    id: `activity:a${id}`,
    issue: doc,
    actorId: 'ana',
    at: at(minute),
    atMs: Date.parse(at(minute)),
    activity: {
      _id: `activity:a${id}`,
      type: 'activity',
      issueId: doc._id,
      actorId: 'ana',
      kind: 'state',
      from: null,
      to: 'done',
      createdAt: at(minute),
      updatedAt: at(minute),
    },
  };
}

/** The groups built plainly from every notification. */
function plainly(all: Iterable<InboxNotification>) {
  const g = new IssueGroups();
  g.rebuild([...all].sort(newestFirst));
  return g.sorted;
}

describe('IssueGroups.apply', () => {
  it('moves one row when a notification comes, and drops a row whose last one goes', () => {
    const first = [note(1, 1, 1), note(2, 2, 2), note(3, 3, 3)];
    const g = new IssueGroups();
    g.rebuild([...first].reverse());
    const before = g.sorted;
    const arrived = note(4, 1, 4);
    g.apply([], [arrived]);
    expect(g.sorted.map((r) => r.issueId)).toEqual(['issue:i1', 'issue:i3', 'issue:i2']);
    // The rows not touched are the same objects: a memoised row does not redraw.
    expect(g.sorted[1]).toBe(before[0]);
    g.apply([first[1]!], []);
    expect(g.sorted.map((r) => r.issueId)).toEqual(['issue:i1', 'issue:i3']);
    expect(g.get('issue:i2')).toBeUndefined();
  });

  it('sorts afresh when more issues change at once than are placed one by one', () => {
    const g = new IssueGroups();
    g.rebuild([note(1, 1, 0)]);
    const many = Array.from({ length: 70 }, (_, i) => note(100 + i, 2 + i, (i % 9) / 2));
    g.apply([], many);
    expect(g.sorted).toHaveLength(71);
    expect(g.sorted.map((r) => r.issueId)).toEqual(
      plainly([note(1, 1, 0), ...many]).map((r) => r.issueId),
    );
  });

  it('is what grouping everything afresh gives, after any changes (property)', () => {
    const change = fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      issue: fc.integer({ min: 1, max: 4 }),
      minute: fc.integer({ min: 0, max: 8 }),
      gone: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 80 }), { maxLength: 8 }), (rounds) => {
        const g = new IssueGroups();
        const now = new Map<number, InboxNotification>();
        for (const round of rounds) {
          const lost: InboxNotification[] = [];
          const gained: InboxNotification[] = [];
          const touched = new Set<number>();
          for (const c of round) {
            // One change per notification and round, as the derivation hands them over.
            if (touched.has(c.id)) continue;
            touched.add(c.id);
            const before = now.get(c.id);
            if (before) lost.push(before);
            if (c.gone) now.delete(c.id);
            else {
              const n = note(c.id, before ? Number(before.issue.number) : c.issue, c.minute);
              now.set(c.id, n);
              gained.push(n);
            }
          }
          g.apply(lost, gained);
          const expected = plainly(now.values()).map((r) => r.notifications.map((n) => n.id));
          expect(g.sorted.map((r) => r.notifications.map((n) => n.id))).toEqual(expected);
        }
      }),
    );
  });
});
