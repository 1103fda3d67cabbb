import type { IssueDoc } from '@keel/domain';
import type { InboxNotification } from './derive-notifications.ts';
import { newestFirst, placeOf } from './notification-order.ts';

/**
 * The inbox shows one row per issue: its notifications together, the newest leading. Kept up to
 * date from the notifications gained and lost on each change, like the notifications themselves,
 * so a new comment moves one row instead of regrouping thousands.
 */
export interface IssueGroup {
  issueId: string;
  /** The issue as its newest notification knows it. */
  issue: IssueDoc;
  /** Newest first; never empty. */
  notifications: readonly InboxNotification[];
}

export function latestOf(group: IssueGroup): InboxNotification {
  return group.notifications[0]!;
}

/** Groups by their newest notification, newest first (a total order, like the notifications'). */
function groupOrder(a: IssueGroup, b: IssueGroup): number {
  return newestFirst(latestOf(a), latestOf(b));
}

function groupPlace(list: readonly IssueGroup[], group: IssueGroup): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (groupOrder(list[middle]!, group) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Above this many issues touched in one update, sorting every group again is cheaper.
const PLACE_ONE_BY_ONE = 64;

export class IssueGroups {
  private readonly byIssue = new Map<string, IssueGroup>();
  /** Newest first; a new array whenever a group changes. */
  sorted: readonly IssueGroup[] = [];

  clear(): void {
    this.byIssue.clear();
    this.sorted = [];
  }

  /** Every group again, from all notifications newest first (a first snapshot). */
  rebuild(all: readonly InboxNotification[]): void {
    this.byIssue.clear();
    const lists = new Map<string, InboxNotification[]>();
    for (const n of all) {
      const list = lists.get(n.issue._id);
      if (list) list.push(n);
      else lists.set(n.issue._id, [n]);
    }
    const sorted: IssueGroup[] = [];
    // Map order is first insertion: each issue's newest notification, newest issue first.
    for (const [issueId, notifications] of lists) {
      const group = { issueId, issue: notifications[0]!.issue, notifications };
      this.byIssue.set(issueId, group);
      sorted.push(group);
    }
    this.sorted = sorted;
  }

  /** Take in the notifications one update lost and gained (a notification may be in both). */
  apply(lost: readonly InboxNotification[], gained: readonly InboxNotification[]): void {
    const touched = new Map<string, { lost: Set<string>; gained: InboxNotification[] }>();
    const touch = (issueId: string) => {
      let entry = touched.get(issueId);
      if (!entry) touched.set(issueId, (entry = { lost: new Set(), gained: [] }));
      return entry;
    };
    for (const n of lost) touch(n.issue._id).lost.add(n.id);
    for (const n of gained) touch(n.issue._id).gained.push(n);
    if (touched.size === 0) return;
    const resort = touched.size > PLACE_ONE_BY_ONE;
    const next = resort ? [] : this.sorted.slice();
    for (const [issueId, change] of touched) {
      const before = this.byIssue.get(issueId);
      const kept = before ? before.notifications.filter((n) => !change.lost.has(n.id)) : [];
      for (const n of change.gained) kept.splice(placeOf(kept, n), 0, n);
      if (before && !resort) {
        const at = groupPlace(next, before);
        next.splice(next[at] === before ? at : next.indexOf(before), 1);
      }
      if (kept.length === 0) {
        this.byIssue.delete(issueId);
        continue;
      }
      const group = { issueId, issue: kept[0]!.issue, notifications: kept };
      this.byIssue.set(issueId, group);
      if (!resort) next.splice(groupPlace(next, group), 0, group);
    }
    this.sorted = resort ? [...this.byIssue.values()].sort(groupOrder) : next;
  }

  get(issueId: string): IssueGroup | undefined {
    return this.byIssue.get(issueId);
  }
}
