import type { ActivityDoc, CommentDoc, IssueDoc } from './documents.ts';
import { newActivityDocument } from './factories.ts';
import { commentBodySchema, type Role } from './fields.ts';
import { mentionedUserIds } from './mentions.ts';
import { can } from './permissions.ts';
import { commentSubscriptions } from './subscriptions.ts';

/** Rules and builders for comments: the app's composer and menus, and the public API. */
export type BodyCheck = { ok: true; body: string } | { ok: false; message: string };

/** SPEC §5: 1–20,000 characters after trimming; the schema's own message otherwise. */
export function checkCommentBody(raw: string): BodyCheck {
  const parsed = commentBodySchema.safeParse(raw);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the comment' };
}

export function newComment(input: {
  id: string;
  issueId: string;
  authorId: string;
  body: string;
  now: string;
}): CommentDoc {
  return {
    _id: input.id,
    type: 'comment',
    issueId: input.issueId,
    body: input.body,
    authorId: input.authorId,
    editedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The comment with a new body and the "edited" time; null when the text did not change. */
export function editComment(comment: CommentDoc, body: string, now: string): CommentDoc | null {
  if (body === comment.body) return null;
  return { ...comment, body, editedAt: now, updatedAt: now };
}

/** SPEC §6: authors edit and delete their own; owners and admins may delete anyone's. */
export function commentPermissions(comment: CommentDoc, role: Role, userId: string) {
  const own = comment.authorId === userId;
  return {
    edit: own && can(role, 'comment:edit:own'),
    delete: own ? can(role, 'comment:delete:own') : can(role, 'comment:delete:any'),
  };
}

// An activity record lists at most this many people (the schema's limit for a list value).
const PEOPLE_PER_ACTIVITY = 20;

/**
 * The issue with those a comment subscribes (its author when it is new, the active members it
 * mentions) and one activity per reason saying so, by the comment's author; null when it adds
 * nobody. Written after the comment, never with it: the comment must not wait on, or fail
 * with, a change to its issue.
 */
export function commentSubscriptionWrites(
  issue: IssueDoc,
  comment: Pick<CommentDoc, 'authorId' | 'body'>,
  ctx: {
    commenting: boolean;
    isActiveMember: (userId: string) => boolean;
    now: string;
    newActivityId: () => string;
  },
): [IssueDoc, ...ActivityDoc[]] | null {
  const mentioned = mentionedUserIds(comment.body).filter(ctx.isActiveMember);
  const added = commentSubscriptions(issue, comment.authorId, mentioned, ctx.commenting);
  if (added.length === 0) return null;
  const activities: ActivityDoc[] = [];
  for (const { reason, userIds } of added)
    for (let i = 0; i < userIds.length; i += PEOPLE_PER_ACTIVITY)
      activities.push(
        newActivityDocument({
          id: ctx.newActivityId(),
          issueId: issue._id,
          actorId: comment.authorId,
          kind: 'subscribed',
          from: reason,
          to: userIds.slice(i, i + PEOPLE_PER_ACTIVITY),
          now: ctx.now,
        }),
      );
  const subscriberIds = [...issue.subscriberIds, ...added.flatMap((a) => a.userIds)];
  return [{ ...issue, subscriberIds, updatedAt: ctx.now }, ...activities];
}
