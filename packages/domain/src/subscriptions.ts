import type { IssueDoc } from './documents.ts';

/**
 * Who follows an issue, and so hears of its comments and state changes in their inbox.
 *
 * Subscribers are listed in `subscriberIds`. The creator and the assignee follow it too, listed
 * or not (issues assigned before assignees were subscribed automatically do not list them),
 * unless they unsubscribed: `unsubscribedIds` is what makes unsubscribing stick, against both
 * that rule and every automatic subscription.
 */
export type SubscriptionReason = 'assigned' | 'mentioned' | 'commented';

export const SUBSCRIPTION_REASONS: readonly SubscriptionReason[] = [
  'assigned',
  'mentioned',
  'commented',
];

const unsubscribed = (issue: IssueDoc, userId: string) =>
  issue.unsubscribedIds?.includes(userId) ?? false;

/** Whether `userId` hears of the issue's comments and state changes. */
export function isSubscribed(issue: IssueDoc, userId: string): boolean {
  if (unsubscribed(issue, userId)) return false;
  return (
    issue.subscriberIds.includes(userId) ||
    issue.createdBy === userId ||
    issue.assigneeId === userId
  );
}

/** Everyone who follows the issue: those listed, then its creator and assignee if not listed. */
export function subscribersOf(issue: IssueDoc): string[] {
  const all = [issue.createdBy, ...(issue.assigneeId ? [issue.assigneeId] : [])];
  const listed = issue.subscriberIds.filter((id) => !unsubscribed(issue, id));
  return [...listed, ...all.filter((id) => !listed.includes(id) && isSubscribed(issue, id))];
}

/** The two subscription fields of an issue, as an edit writes them. */
export interface SubscriptionFields {
  subscriberIds: string[];
  /** Absent when nobody unsubscribed, as on issues written before it existed. */
  unsubscribedIds?: string[];
}

function fields(subscriberIds: string[], unsubscribedIds: readonly string[]): SubscriptionFields {
  return unsubscribedIds.length
    ? { subscriberIds, unsubscribedIds: [...unsubscribedIds] }
    : { subscriberIds };
}

/** The issue's subscription fields after `userId` chose to subscribe (true) or not (false). */
export function withSubscription(
  issue: IssueDoc,
  userId: string,
  subscribe: boolean,
): SubscriptionFields {
  const others = issue.subscriberIds.filter((id) => id !== userId);
  const gone = (issue.unsubscribedIds ?? []).filter((id) => id !== userId);
  return subscribe ? fields([...others, userId], gone) : fields(others, [...gone, userId]);
}

/**
 * Those of `userIds` an automatic subscription adds to the issue's list: not listed yet, and
 * never someone who unsubscribed. Distinct, in the given order.
 */
export function autoSubscribed(issue: IssueDoc, userIds: readonly string[]): string[] {
  const added: string[] = [];
  for (const id of userIds)
    if (!issue.subscriberIds.includes(id) && !unsubscribed(issue, id) && !added.includes(id))
      added.push(id);
  return added;
}

/** One automatic subscription: who, and why (an activity record says so). */
export interface AutoSubscription {
  reason: SubscriptionReason;
  userIds: string[];
}

/**
 * Who a comment subscribes to its issue: its author, for commenting (`commenting`: a new
 * comment, not an edit), and those it mentions. Only those `autoSubscribed` adds, each once.
 */
export function commentSubscriptions(
  issue: IssueDoc,
  authorId: string,
  mentionedIds: readonly string[],
  commenting: boolean,
): AutoSubscription[] {
  const commenter = commenting ? autoSubscribed(issue, [authorId]) : [];
  const mentioned = autoSubscribed(issue, mentionedIds).filter(
    (id) => id !== authorId && !commenter.includes(id),
  );
  return [
    ...(commenter.length ? [{ reason: 'commented' as const, userIds: commenter }] : []),
    ...(mentioned.length ? [{ reason: 'mentioned' as const, userIds: mentioned }] : []),
  ];
}
