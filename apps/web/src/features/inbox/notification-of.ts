import {
  isSubscribed,
  mentionedUserIds,
  type ActivityDoc,
  type CommentDoc,
  type IssueDoc,
} from '@keel/domain';

/**
 * The inbox is not stored: it is read off the workspace replica. What lands in someone's inbox
 * (SPEC §2): being assigned, being @mentioned, and comments and state changes on issues they
 * subscribe to (subscriptions.ts: the creator and assignee too, until they unsubscribe). Their
 * own actions never do, nor comments and state changes from before they joined the workspace.
 */
export type NotificationKind = 'assigned' | 'mentioned' | 'commented' | 'state';

export type InboxNotification =
  | {
      kind: 'assigned' | 'state';
      /** The document it comes from; unique, and stable across recomputations. */
      id: string;
      issue: IssueDoc;
      actorId: string;
      /** When it happened (the source document's createdAt) and the same in milliseconds. */
      at: string;
      atMs: number;
      activity: ActivityDoc;
    }
  | {
      kind: 'mentioned' | 'commented';
      id: string;
      issue: IssueDoc;
      actorId: string;
      at: string;
      atMs: number;
      comment: CommentDoc;
    };

// Documents are immutable snapshots (a change replaces the object), so what is learnt about one
// comment is cached on the object itself.
const mentionsCache = new WeakMap<CommentDoc, ReadonlySet<string>>();
const NO_MENTIONS: ReadonlySet<string> = new Set();

function mentionsOf(comment: CommentDoc): ReadonlySet<string> {
  let found = mentionsCache.get(comment);
  if (!found) {
    // Most comments mention nobody; skip the regular expression for them.
    found = comment.body.includes('](user:')
      ? new Set(mentionedUserIds(comment.body))
      : NO_MENTIONS;
    mentionsCache.set(comment, found);
  }
  return found;
}

export function timeOf(doc: { createdAt: string }): number {
  return Date.parse(doc.createdAt);
}

/**
 * Whether a comment or state change on an issue the person follows reaches them: not when it
 * happened before they joined. Being assigned or mentioned names them, so it can only happen
 * once they are a member; it is not held to the (server's) join time, which a device's clock
 * running behind would otherwise put after it.
 */
const sinceJoined = (atMs: number, joinedMs: number) => atMs >= joinedMs;

export function fromActivity(
  activity: ActivityDoc,
  issue: IssueDoc,
  userId: string,
  joinedMs: number,
): InboxNotification | null {
  const atMs = timeOf(activity);
  const kind =
    activity.kind === 'assignee'
      ? activity.to === userId
        ? 'assigned'
        : null
      : activity.kind === 'state' && sinceJoined(atMs, joinedMs) && isSubscribed(issue, userId)
        ? 'state'
        : null;
  if (!kind) return null;
  const { _id: id, actorId, createdAt: at } = activity;
  return { kind, id, issue, actorId, at, atMs, activity };
}

export function fromComment(
  comment: CommentDoc,
  issue: IssueDoc,
  userId: string,
  joinedMs: number,
): InboxNotification | null {
  const atMs = timeOf(comment);
  const kind = mentionsOf(comment).has(userId)
    ? 'mentioned'
    : sinceJoined(atMs, joinedMs) && isSubscribed(issue, userId)
      ? 'commented'
      : null;
  if (!kind) return null;
  const { _id: id, authorId: actorId, createdAt: at } = comment;
  return { kind, id, issue, actorId, at, atMs, comment };
}
