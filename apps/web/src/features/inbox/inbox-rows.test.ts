import { describe, expect, it } from 'vitest';
import {
  archiveIssue,
  markAllRead,
  markNotificationsRead,
  readStateOf,
  type ReadMarkerDoc,
} from '@keel/domain';
import { testIssue } from '@keel/domain/test-fixtures';
import type { InboxNotification } from './derive-notifications.ts';
import {
  countUnread,
  isArchived,
  oldestUnreadAt,
  refsOf,
  unreadOf,
  visibleGroups,
} from './inbox-rows.ts';
import { IssueGroups } from './issue-groups.ts';

const ME = 'me';
const NOW = '2026-11-22T12:00:00.000Z';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10) + minute * 60_000).toISOString();
const issues = [1, 2, 3].map((number) => testIssue({ number }));

/** A comment notification on issue `number` at `minute`. */
function note(number: number, minute: number): InboxNotification {
  const issue = issues[number - 1]!;
  const id = `comment:n${number}m${minute}`;
  const comment = {
    _id: id,
    type: 'comment' as const,
    issueId: issue._id,
    body: 'A note',
    authorId: 'ana',
    editedAt: null,
    createdAt: at(minute),
    updatedAt: at(minute),
  };
  return {
    kind: 'commented',
    id,
    issue,
    actorId: 'ana',
    at: at(minute),
    atMs: Date.parse(at(minute)),
    comment,
  };
}

// Newest first: ENG-3 at 10:06, ENG-1 at 10:05 and 10:01, ENG-2 at 10:04 and 10:02.
const all = [note(3, 6), note(1, 5), note(2, 4), note(2, 2), note(1, 1)];
const groups = () => {
  const g = new IssueGroups();
  g.rebuild(all);
  return g.sorted;
};
const state = (doc: ReadMarkerDoc | null) => readStateOf(doc);

describe('one row per issue', () => {
  it('groups the notifications by issue, the issue with the newest first', () => {
    expect(groups().map((g) => [g.issueId, g.notifications.map((n) => n.id)])).toEqual([
      ['issue:i3', ['comment:n3m6']],
      ['issue:i1', ['comment:n1m5', 'comment:n1m1']],
      ['issue:i2', ['comment:n2m4', 'comment:n2m2']],
    ]);
  });

  it('counts what is new per row, and in all', () => {
    const nothingRead = state(null);
    expect(groups().map((g) => unreadOf(g, nothingRead).length)).toEqual([1, 2, 2]);
    expect(countUnread(all, nothingRead)).toBe(5);
  });
});

describe('read state per notification', () => {
  it('opening ENG-1 reads its two and nothing else, older or newer', () => {
    const [, eng1] = groups();
    const doc = markNotificationsRead(null, ME, refsOf(unreadOf(eng1!, state(null))), NOW);
    const read = state(doc);
    expect(groups().map((g) => unreadOf(g, read).length)).toEqual([1, 0, 2]);
    expect(countUnread(all, read)).toBe(3);
    // The oldest still unread is ENG-2's at 10:02, not ENG-1's older one.
    expect(oldestUnreadAt(all, read)).toBe(at(2));
  });

  it('an old marker keeps what is before it read; what is after stays unread', () => {
    const old = state(markAllRead(null, ME, at(4), NOW));
    expect(groups().map((g) => unreadOf(g, old).length)).toEqual([1, 1, 0]);
    expect(countUnread(all, old)).toBe(2);
    expect(oldestUnreadAt(all, state(markAllRead(null, ME, at(6), NOW)))).toBeUndefined();
  });
});

describe('archive', () => {
  it('takes the row out of the inbox and into the archive, read', () => {
    const [, eng1] = groups();
    const doc = archiveIssue(null, ME, 'issue:i1', refsOf(eng1!.notifications), at(5), NOW);
    const s = state(doc);
    expect(isArchived(eng1!, s)).toBe(true);
    expect(visibleGroups(groups(), s, 'inbox', 10).rows.map((g) => g.issueId)).toEqual([
      'issue:i3',
      'issue:i2',
    ]);
    expect(visibleGroups(groups(), s, 'archived', 10).rows.map((g) => g.issueId)).toEqual([
      'issue:i1',
    ]);
    expect(countUnread(all, s)).toBe(3);
  });

  it('brings the row back when something new happens on its issue', () => {
    const doc = archiveIssue(null, ME, 'issue:i1', [], at(5), NOW);
    const g = new IssueGroups();
    g.rebuild([note(1, 7), ...all]);
    const s = state(doc);
    const [eng1] = g.sorted;
    expect(isArchived(eng1!, s)).toBe(false);
    // Only the new one is new; the archived ones count as dealt with.
    expect(unreadOf(eng1!, s).map((n) => n.id)).toEqual(['comment:n1m7']);
    expect(visibleGroups(g.sorted, s, 'archived', 10).rows).toEqual([]);
  });

  it('pages the rows: a limit, and whether there are more', () => {
    expect(visibleGroups(groups(), state(null), 'inbox', 2)).toMatchObject({ more: true });
    expect(visibleGroups(groups(), state(null), 'inbox', 2).rows).toHaveLength(2);
    expect(visibleGroups(groups(), state(null), 'inbox', 3).more).toBe(false);
  });
});
