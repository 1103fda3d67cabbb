import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import { formatMention } from './mentions.ts';
import { testIssue } from './test-fixtures.ts';
import {
  checkCommentBody,
  commentPermissions,
  commentSubscriptionWrites,
  editComment,
  newComment,
} from './comment-writes.ts';

const NOW = '2025-06-10T12:00:00.000Z';
const LATER = '2025-06-10T13:00:00.000Z';
const comment = newComment({
  id: 'comment:c1',
  issueId: 'issue:1',
  authorId: 'u1',
  body: 'Hi',
  now: NOW,
});

describe('comments', () => {
  it('checks the body with the domain messages', () => {
    expect(checkCommentBody('  hello  ')).toEqual({ ok: true, body: 'hello' });
    expect(checkCommentBody('   ')).toEqual({ ok: false, message: 'Comment is required' });
    expect(checkCommentBody('x'.repeat(20_001))).toEqual({
      ok: false,
      message: 'Comment must be at most 20,000 characters',
    });
    expect(checkCommentBody('x'.repeat(20_000)).ok).toBe(true);
  });

  it('builds a comment the domain accepts from its author', () => {
    expect(checkDocumentWrite(comment, { role: 'member', userId: 'u1', existing: null }).ok).toBe(
      true,
    );
  });

  it('marks an edit with its time, and skips an edit that changes nothing', () => {
    expect(editComment(comment, 'Hello', LATER)).toMatchObject({ body: 'Hello', editedAt: LATER });
    expect(editComment(comment, 'Hi', LATER)).toBeNull();
  });

  it('lets authors edit and delete their own, admins delete anyone’s', () => {
    expect(commentPermissions(comment, 'member', 'u1')).toEqual({ edit: true, delete: true });
    expect(commentPermissions(comment, 'member', 'u2')).toEqual({ edit: false, delete: false });
    expect(commentPermissions(comment, 'admin', 'u2')).toEqual({ edit: false, delete: true });
    expect(commentPermissions(comment, 'viewer', 'u1')).toEqual({ edit: false, delete: false });
  });
});

describe('commentSubscriptionWrites', () => {
  const issue = testIssue({ createdBy: 'u1', subscriberIds: ['u1'], _rev: '1-a' });
  let n = 0;
  const ctx = (commenting: boolean) => ({
    commenting,
    isActiveMember: (id: string) => id !== 'gone',
    now: LATER,
    newActivityId: () => `activity:s${++n}`,
  });

  it('subscribes the author and the active members mentioned, one activity per reason', () => {
    const body = `${formatMention('Bo', 'u3')} and ${formatMention('Old', 'gone')}, look`;
    const [next, ...activities] = commentSubscriptionWrites(
      issue,
      { authorId: 'u2', body },
      ctx(true),
    )!;
    expect(next).toMatchObject({ subscriberIds: ['u1', 'u2', 'u3'], updatedAt: LATER });
    expect(activities.map((a) => [a.kind, a.actorId, a.from, a.to])).toEqual([
      ['subscribed', 'u2', 'commented', ['u2']],
      ['subscribed', 'u2', 'mentioned', ['u3']],
    ]);
    const by = { role: 'member' as const, userId: 'u2' };
    expect(checkDocumentWrite(next, { ...by, existing: issue }).ok).toBe(true);
    for (const a of activities)
      expect(checkDocumentWrite(a, { ...by, existing: null }).ok).toBe(true);
  });

  it('writes nothing when everyone is subscribed already, or unsubscribed', () => {
    const quiet = { ...issue, unsubscribedIds: ['u2'] };
    expect(commentSubscriptionWrites(quiet, { authorId: 'u2', body: 'Hi' }, ctx(true))).toBeNull();
    expect(commentSubscriptionWrites(issue, { authorId: 'u1', body: 'Hi' }, ctx(true))).toBeNull();
    // An edit subscribes nobody for commenting again.
    expect(commentSubscriptionWrites(issue, { authorId: 'u2', body: 'Hi' }, ctx(false))).toBeNull();
  });

  it('lists at most 20 people per activity', () => {
    const body = Array.from({ length: 25 }, (_, i) => formatMention(`P${i}`, `p${i}`)).join(' ');
    const [next, ...activities] = commentSubscriptionWrites(
      issue,
      { authorId: 'u1', body },
      ctx(false),
    )!;
    expect(next.subscriberIds).toHaveLength(26);
    expect(activities.map((a) => (a.to as string[]).length)).toEqual([20, 5]);
  });
});
