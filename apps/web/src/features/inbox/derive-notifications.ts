import type { ActivityDoc, CommentDoc, IssueDoc } from '@keel/domain';

/**
 * The inbox is not stored: it is read off the workspace replica. What lands in someone's inbox
 * (SPEC §2): being assigned, being @mentioned, and comments and state changes on issues they
 * created or subscribe to. Their own actions never do.
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

export interface InboxSources {
  issues: readonly IssueDoc[];
  comments: readonly CommentDoc[];
  activity: readonly ActivityDoc[];
}

// Documents are immutable snapshots (a change replaces the object), so what is learnt about one
// document is cached on the object itself and a recomputation only pays for new revisions.
const mentionsCache = new WeakMap<CommentDoc, ReadonlySet<string>>();
const issueIndexCache = new WeakMap<readonly IssueDoc[], Map<string, IssueDoc>>();
const NO_MENTIONS: ReadonlySet<string> = new Set();
// The stored form of a mention (packages/domain/src/mentions.ts): `@[Name](user:ID)`.
const MENTION_ID = /@\[[^\]\n]{1,200}\]\(user:([A-Za-z0-9_-]{1,64})\)/g;

function mentionsOf(comment: CommentDoc): ReadonlySet<string> {
  let found = mentionsCache.get(comment);
  if (!found) {
    // Most comments mention nobody; skip the regular expression for them.
    found = comment.body.includes('](user:')
      ? new Set(Array.from(comment.body.matchAll(MENTION_ID), (m) => m[1]!))
      : NO_MENTIONS;
    mentionsCache.set(comment, found);
  }
  return found;
}

function timeOf(doc: { createdAt: string }): number {
  return Date.parse(doc.createdAt);
}

function issueIndex(issues: readonly IssueDoc[]): Map<string, IssueDoc> {
  let index = issueIndexCache.get(issues);
  if (!index) {
    index = new Map(issues.map((i) => [i._id, i]));
    issueIndexCache.set(issues, index);
  }
  return index;
}

/**
 * True when `userId` follows the issue: they created it, subscribe to it, or it is assigned to
 * them (Linear subscribes the assignee; being handed an issue and then missing its comments
 * would surprise anyone). The issue as it is now decides, not as it was at the time.
 */
export function follows(issue: IssueDoc, userId: string): boolean {
  return (
    issue.createdBy === userId ||
    issue.assigneeId === userId ||
    issue.subscriberIds.includes(userId)
  );
}

/**
 * Every notification of `userId`, newest first. One per source document: a comment that
 * mentions them is a mention, not also a comment. Notifications about issues no longer in the
 * workspace are left out, since there is nothing to open.
 */
export function deriveNotifications(sources: InboxSources, userId: string): InboxNotification[] {
  const issues = issueIndex(sources.issues);
  const out: InboxNotification[] = [];
  for (const activity of sources.activity) {
    if (activity.actorId === userId) continue;
    if (activity.kind !== 'assignee' && activity.kind !== 'state') continue;
    const issue = issues.get(activity.issueId);
    if (!issue) continue;
    const n = cached(activity, issue, userId, fromActivity);
    if (n) out.push(n);
  }
  for (const comment of sources.comments) {
    if (comment.authorId === userId) continue;
    const issue = issues.get(comment.issueId);
    if (!issue) continue;
    const n = cached(comment, issue, userId, fromComment);
    if (n) out.push(n);
  }
  // Newest first; the id breaks ties so the order never flickers between renders.
  return out.sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// What one document means for one user, kept until the document, its issue or the user changes:
// a recomputation after one new comment reuses every other answer.
interface Verdict {
  issue: IssueDoc;
  userId: string;
  notification: InboxNotification | null;
}
const verdicts = new WeakMap<ActivityDoc | CommentDoc, Verdict>();

function cached<D extends ActivityDoc | CommentDoc>(
  doc: D,
  issue: IssueDoc,
  userId: string,
  build: (doc: D, issue: IssueDoc, userId: string) => InboxNotification | null,
): InboxNotification | null {
  const known = verdicts.get(doc);
  if (known && known.issue === issue && known.userId === userId) return known.notification;
  const notification = build(doc, issue, userId);
  verdicts.set(doc, { issue, userId, notification });
  return notification;
}

function fromActivity(
  activity: ActivityDoc,
  issue: IssueDoc,
  userId: string,
): InboxNotification | null {
  const kind =
    activity.kind === 'assignee'
      ? activity.to === userId
        ? 'assigned'
        : null
      : activity.kind === 'state' && follows(issue, userId)
        ? 'state'
        : null;
  if (!kind) return null;
  const { _id: id, actorId, createdAt: at } = activity;
  return { kind, id, issue, actorId, at, atMs: timeOf(activity), activity };
}

function fromComment(
  comment: CommentDoc,
  issue: IssueDoc,
  userId: string,
): InboxNotification | null {
  const kind = mentionsOf(comment).has(userId)
    ? 'mentioned'
    : follows(issue, userId)
      ? 'commented'
      : null;
  if (!kind) return null;
  const { _id: id, authorId: actorId, createdAt: at } = comment;
  return { kind, id, issue, actorId, at, atMs: timeOf(comment), comment };
}

/** How many notifications are newer than the read marker (all of them without one). */
export function countUnread(
  notifications: readonly InboxNotification[],
  lastReadAt: string | null,
): number {
  const marker = lastReadAt ? Date.parse(lastReadAt) : Number.NEGATIVE_INFINITY;
  // Newest first: stop at the first read one.
  let count = 0;
  for (const n of notifications) {
    if (!isUnread(n, marker)) break;
    count++;
  }
  return count;
}

export function isUnread(notification: InboxNotification, markerMs: number): boolean {
  return notification.atMs > markerMs;
}

/**
 * The one derivation shared by the sidebar's count and the inbox page: recomputed only when
 * the issues, comments or activity snapshot (or the user) changes.
 */
export function memoizeNotifications(): (
  sources: InboxSources,
  userId: string,
) => InboxNotification[] {
  let last: { sources: InboxSources; userId: string; result: InboxNotification[] } | null = null;
  return (sources, userId) => {
    if (
      last &&
      last.userId === userId &&
      last.sources.issues === sources.issues &&
      last.sources.comments === sources.comments &&
      last.sources.activity === sources.activity
    )
      return last.result;
    const result = deriveNotifications(sources, userId);
    last = { sources, userId, result };
    return result;
  };
}
