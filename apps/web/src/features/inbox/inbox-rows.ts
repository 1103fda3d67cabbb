import { archivedUntil, isRead, type NotificationRef, type ReadState } from '@keel/domain';
import type { InboxNotification } from './derive-notifications.ts';
import { latestOf, type IssueGroup } from './issue-groups.ts';

/**
 * The rows the inbox shows, one per issue, and what is new, from the notifications and the
 * person's read state (packages/domain/src/read-state.ts). Each answer looks only at what it
 * needs: notifications newer than `lastReadAt`, and the rows on screen.
 */

function unreadAt(n: InboxNotification, state: ReadState): boolean {
  return !isRead(state, n.id, n.atMs) && n.atMs > archivedUntil(state, n.issue._id);
}

/** Whether the issue's row is archived: nothing came since it was archived. */
export function isArchived(group: IssueGroup, state: ReadState): boolean {
  return latestOf(group).atMs <= archivedUntil(state, group.issueId);
}

/** The group's notifications not read yet, newest first. */
export function unreadOf(group: IssueGroup, state: ReadState): InboxNotification[] {
  const unread: InboxNotification[] = [];
  for (const n of group.notifications) {
    // Newest first: everything from here on is covered by lastReadAt.
    if (n.atMs <= state.lastReadMs) break;
    if (unreadAt(n, state)) unread.push(n);
  }
  return unread;
}

function hasNone(record: Readonly<Record<string, string>>): boolean {
  for (const _key in record) return false;
  return true;
}

/** How many notifications are unread, archived ones aside (the sidebar's count). */
export function countUnread(notifications: readonly InboxNotification[], state: ReadState): number {
  // Most markers read nothing one by one and archive nothing: a count up to lastReadAt.
  const plain = hasNone(state.read) && hasNone(state.archived);
  let count = 0;
  for (const n of notifications) {
    if (n.atMs <= state.lastReadMs) break;
    if (plain || unreadAt(n, state)) count++;
  }
  return count;
}

/** The moment of the oldest unread notification, if any: how far the marker may move alone. */
export function oldestUnreadAt(
  notifications: readonly InboxNotification[],
  state: ReadState,
): string | undefined {
  let oldest: string | undefined;
  for (const n of notifications) {
    if (n.atMs <= state.lastReadMs) break;
    if (unreadAt(n, state)) oldest = n.at;
  }
  return oldest;
}

export type InboxView = 'inbox' | 'archived';

/**
 * Up to `limit` rows of the inbox, or of its archive, newest first, and whether there are more.
 * The inbox stops as soon as it has them; only archived rows (ARCHIVED_ENTRIES_MAX at most) are
 * passed over on the way.
 */
export function visibleGroups(
  groups: readonly IssueGroup[],
  state: ReadState,
  view: InboxView,
  limit: number,
): { rows: IssueGroup[]; more: boolean } {
  const archived = view === 'archived';
  const rows: IssueGroup[] = [];
  for (const group of groups) {
    if (isArchived(group, state) !== archived) continue;
    if (rows.length === limit) return { rows, more: true };
    rows.push(group);
  }
  return { rows, more: false };
}

/** What reading or archiving these notifications records for each. */
export function refsOf(notifications: readonly InboxNotification[]): NotificationRef[] {
  return notifications.map((n) => ({ id: n.id, at: n.at }));
}
