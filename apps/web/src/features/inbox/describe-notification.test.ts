import { describe, expect, it } from 'vitest';
import { formatMention, type CommentDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import type { InboxNotification } from './derive-notifications.ts';
import {
  commentExcerpt,
  describeNotification,
  notificationSentence,
  type NotificationNames,
} from './describe-notification.ts';

const T = '2026-11-22T10:00:00.000Z';
const issue = testIssue();
const names: NotificationNames = {
  member: (id) => ({ ana: 'Ana Lima', ben: 'Ben Okafor' })[id],
  project: (id) => (id === issue.projectId ? testProject() : undefined),
};
const base = { id: 'x', issue, at: T, atMs: Date.parse(T) };
const activity = (to: string) => ({
  _id: 'activity:a1',
  type: 'activity' as const,
  issueId: issue._id,
  actorId: 'ben',
  kind: 'state' as const,
  from: 'todo',
  to,
  createdAt: T,
  updatedAt: T,
});
const comment = (body: string): CommentDoc => ({
  _id: 'comment:c1',
  type: 'comment',
  issueId: issue._id,
  body,
  authorId: 'ben',
  editedAt: null,
  createdAt: T,
  updatedAt: T,
});

function sentence(n: InboxNotification) {
  return notificationSentence(describeNotification(n, names));
}

describe('describeNotification', () => {
  it('names Keel when Keel moved the issue (a pull request merged, a cycle rolled over)', () => {
    const moved = {
      ...base,
      kind: 'state',
      actorId: 'keel',
      activity: { ...activity('done'), actorId: 'keel' },
    } as const;
    expect(sentence(moved)).toMatch(/^Keel /);
    expect(sentence({ ...moved, actorId: 'gone' })).toMatch(/^A former member /);
  });

  it('says who did what, in the words of the inbox', () => {
    const assigned = {
      ...base,
      kind: 'assigned',
      actorId: 'ana',
      activity: activity('x'),
    } as const;
    expect(sentence(assigned)).toBe('Ana Lima assigned you');
    const moved = { ...base, kind: 'state', actorId: 'ben', activity: activity('done') } as const;
    expect(sentence(moved)).toBe('Ben Okafor moved to Done');
    const said = comment(`Thanks ${formatMention('Me', 'me')}, **shipped**`);
    expect(sentence({ ...base, kind: 'mentioned', actorId: 'ben', comment: said })).toBe(
      'Ben Okafor mentioned you: Thanks @Me, shipped',
    );
    expect(sentence({ ...base, kind: 'commented', actorId: 'ben', comment: comment('LGTM') })).toBe(
      'Ben Okafor commented: LGTM',
    );
  });

  it('copes with a former member and a state that no longer exists', () => {
    const gone = { ...base, kind: 'state', actorId: 'zed', activity: activity('nope') } as const;
    expect(sentence(gone)).toBe('A former member changed the state');
  });
});

describe('commentExcerpt', () => {
  it('flattens Markdown to one line of text', () => {
    expect(
      commentExcerpt('# Title\n\n- one\n- two with [a link](https://x.test)\n> quoted `code`'),
    ).toBe('Title one two with a link quoted code');
  });

  it('cuts long comments with an ellipsis', () => {
    const cut = commentExcerpt('word '.repeat(100), 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut.endsWith('…')).toBe(true);
  });
});
