// Over 300 lines: one incremental derivation (what changed since the last snapshot, per issue
// group); its parts (notification-of, issue-groups, notification-order) are already apart.
import type { ActivityDoc, CommentDoc, IssueDoc } from '@keel/domain';
import { snapshotChanges, type SnapshotChanges } from '../../shared/lib/snapshot-changes.ts';
import { IssueGroups, type IssueGroup } from './issue-groups.ts';
import { newestFirst, placeOf } from './notification-order.ts';
import { fromActivity, fromComment, type InboxNotification } from './notification-of.ts';

/**
 * The inbox is not stored: it is read off the workspace replica (notification-of.ts says which
 * document notifies whom). This keeps each member's notifications up to date.
 */
export type { InboxNotification, NotificationKind } from './notification-of.ts';

export interface InboxSources {
  issues: readonly IssueDoc[];
  comments: readonly CommentDoc[];
  activity: readonly ActivityDoc[];
}

/**
 * Every notification of `userId`, newest first. One per source document: a comment that
 * mentions them is a mention, not also a comment. Notifications about issues no longer in the
 * workspace are left out, since there is nothing to open.
 */
export function deriveNotifications(
  sources: InboxSources,
  userId: string,
  joinedMs = Number.NEGATIVE_INFINITY,
): readonly InboxNotification[] {
  return new InboxDerivation().update(sources, userId, joinedMs);
}

/**
 * When `userId` joined the workspace (their member document's createdAt); -Infinity while it
 * is not known, as on a device that has not read the members yet.
 */
export function joinedMsOf(member: { createdAt: string } | undefined): number {
  return member ? Date.parse(member.createdAt) : Number.NEGATIVE_INFINITY;
}

type Source = ActivityDoc | CommentDoc;

// Documents taken between two checks of the time left while the first snapshot is taken in
// slices: about a millisecond's worth.
const BUILD_SLICE = 512;

const NO_NOTIFICATIONS: readonly InboxNotification[] = [];
const NO_GROUPS: readonly IssueGroup[] = [];

function isEmpty(sources: InboxSources): boolean {
  return sources.issues.length + sources.comments.length + sources.activity.length === 0;
}

export function sameSources(a: InboxSources, b: InboxSources): boolean {
  return a.issues === b.issues && a.comments === b.comments && a.activity === b.activity;
}

// Above this many notifications gained or lost in one update, sorting them all again is
// cheaper than placing each one.
const PLACE_ONE_BY_ONE = 64;

/**
 * The inbox kept up to date from one snapshot of the workspace to the next. A change of state
 * or a new comment reconsiders the documents it touches (the new ones, and those about an issue
 * that changed, since whether someone follows it can change), instead of all 50,000 comments
 * and activity records of a large workspace: that took 30 to 50 ms of the main thread on every
 * change, delaying the change's own trip to the server.
 */
export class InboxDerivation {
  private userId: string | null = null;
  private joinedMs = Number.NEGATIVE_INFINITY;
  private seen: InboxSources = { issues: [], comments: [], activity: [] };
  private readonly issues = new Map<string, IssueDoc>();
  /** Activity and comments that can notify this user, by id. */
  private readonly sources = new Map<string, Source>();
  /** Their ids by issue (a few each): a change of the issue reconsiders them. */
  private readonly byIssue = new Map<string, string[]>();
  private readonly found = new Map<string, InboxNotification>();
  private sorted: InboxNotification[] = [];
  private readonly issueGroups = new IssueGroups();
  /** Whether the last update was given an empty snapshot (and answered with nothing). */
  private showingEmpty = false;
  /** A first snapshot being taken in slices (`prepare`): which one, and how far along. */
  private building: { sources: InboxSources; done: number } | null = null;

  /** `slice`: documents taken between two checks of the time left (tests use 1). */
  constructor(private readonly slice = BUILD_SLICE) {}

  /**
   * The notifications for `sources`: the same array as last time when nothing changed.
   * `joinedMs`: when the person joined (see joinedMsOf); a change of it starts afresh.
   */
  update(
    sources: InboxSources,
    userId: string,
    joinedMs = Number.NEGATIVE_INFINITY,
  ): readonly InboxNotification[] {
    if (userId !== this.userId || joinedMs !== this.joinedMs) this.reset(userId, joinedMs);
    // Nothing read yet (a page shows the empty snapshot of before the device's copy was read):
    // nothing to notify of, and what is known stays, rather than taking every document away
    // only to take them all again on the next render.
    this.showingEmpty = isEmpty(sources);
    if (sameSources(sources, this.seen)) return this.sorted;
    if (this.showingEmpty) return NO_NOTIFICATIONS;
    try {
      this.advance(sources);
    } catch (error) {
      // Half applied, the kept state would no longer match any snapshot: start afresh next time.
      this.reset(userId, joinedMs);
      throw error;
    }
    return this.sorted;
  }

  /**
   * The notifications of the last `update` by issue, the issue with the newest first: the same
   * array until a notification comes, goes or changes.
   */
  groups(): readonly IssueGroup[] {
    return this.showingEmpty ? NO_GROUPS : this.issueGroups.sorted;
  }

  /**
   * Take the first snapshot a slice at a time, while `shouldYield` says there is time left, so it
   * never holds the page for the 100–150 ms it takes at 10,000 issues. True once `update` with
   * the same arrays is immediate: the snapshot is taken, or it is not the first (a change is
   * cheap). Slices of other arrays are thrown away: the next slice starts over on the new ones.
   */
  prepare(
    sources: InboxSources,
    userId: string,
    shouldYield: () => boolean,
    joinedMs = Number.NEGATIVE_INFINITY,
  ): boolean {
    if (userId !== this.userId || joinedMs !== this.joinedMs) this.reset(userId, joinedMs);
    if (!this.isFirst() || isEmpty(sources)) return true;
    try {
      return this.build(sources, shouldYield);
    } catch (error) {
      this.reset(userId, joinedMs);
      throw error;
    }
  }

  /** Whether no snapshot has been taken yet: nothing is known to forget or reconsider. */
  private isFirst(): boolean {
    return isEmpty(this.seen);
  }

  private advance(sources: InboxSources): void {
    if (this.isFirst()) {
      this.build(sources, () => false);
      return;
    }
    const { seen } = this;
    const dirty = new Set<string>();
    const issueChanges = snapshotChanges(seen.issues, sources.issues);
    for (const issue of issueChanges.changed) {
      this.issues.set(issue._id, issue);
      this.byIssue.get(issue._id)?.forEach((id) => dirty.add(id));
    }
    for (const id of issueChanges.removed) {
      this.issues.delete(id);
      this.byIssue.get(id)?.forEach((sourceId) => dirty.add(sourceId));
    }
    this.follow(snapshotChanges(seen.activity, sources.activity), dirty);
    this.follow(snapshotChanges(seen.comments, sources.comments), dirty);
    this.seen = sources;
    this.reconsider(dirty);
  }

  /**
   * The first snapshot (50,000 documents in a large workspace) in one pass over the issues, then
   * the activity and comments, without the bookkeeping of a change: nothing is known yet to
   * forget or reconsider. Resumes where the last slice stopped when given the same arrays; true
   * when done.
   */
  private build(sources: InboxSources, shouldYield: () => boolean): boolean {
    const { issues, activity, comments } = sources;
    const total = issues.length + activity.length + comments.length;
    if (!this.building || !sameSources(this.building.sources, sources)) {
      this.clearKnown();
      this.building = { sources, done: 0 };
    }
    const building = this.building;
    while (building.done < total) {
      const end = Math.min(total, building.done + this.slice);
      for (let i = building.done; i < end; i++) {
        if (i < issues.length) {
          const issue = issues[i]!;
          this.issues.set(issue._id, issue);
          continue;
        }
        const j = i - issues.length;
        const doc = j < activity.length ? activity[j]! : comments[j - activity.length]!;
        if (!this.canNotify(doc)) continue;
        this.index(doc);
        const issue = this.issues.get(doc.issueId);
        const found = issue ? this.notificationOf(doc, issue) : null;
        if (found) this.found.set(doc._id, found);
      }
      building.done = end;
      if (building.done < total && shouldYield()) return false;
    }
    this.building = null;
    this.seen = sources;
    this.sorted = [...this.found.values()].sort(newestFirst);
    this.issueGroups.rebuild(this.sorted);
    return true;
  }

  private clearKnown(): void {
    this.issues.clear();
    this.sources.clear();
    this.byIssue.clear();
    this.found.clear();
    this.issueGroups.clear();
  }

  private reset(userId: string, joinedMs: number): void {
    this.userId = userId;
    this.joinedMs = joinedMs;
    this.seen = { issues: [], comments: [], activity: [] };
    this.clearKnown();
    this.building = null;
    this.sorted = [];
  }

  /** Whether `doc` notifies this user about some version of its issue. */
  private canNotify(doc: Source): boolean {
    if (doc.type === 'comment') return doc.authorId !== this.userId;
    if (doc.actorId === this.userId) return false;
    return doc.kind === 'state' || (doc.kind === 'assignee' && doc.to === this.userId);
  }

  private follow(changes: SnapshotChanges<Source>, dirty: Set<string>): void {
    // Nothing known yet (the first snapshot, 50,000 documents): nothing to forget either.
    const known = this.sources.size > 0;
    for (const doc of changes.changed) {
      if (known) this.forget(doc._id);
      if (!this.canNotify(doc)) {
        if (known) dirty.add(doc._id);
        continue;
      }
      dirty.add(doc._id);
      this.index(doc);
    }
    for (const id of changes.removed) {
      this.forget(id);
      dirty.add(id);
    }
  }

  private index(doc: Source): void {
    this.sources.set(doc._id, doc);
    const ids = this.byIssue.get(doc.issueId);
    if (ids) ids.push(doc._id);
    else this.byIssue.set(doc.issueId, [doc._id]);
  }

  private forget(id: string): void {
    const known = this.sources.get(id);
    if (!known) return;
    this.sources.delete(id);
    const ids = this.byIssue.get(known.issueId);
    const at = ids ? ids.indexOf(id) : -1;
    if (at < 0) return;
    ids!.splice(at, 1);
    if (ids!.length === 0) this.byIssue.delete(known.issueId);
  }

  private reconsider(dirty: ReadonlySet<string>): void {
    const lost: InboxNotification[] = [];
    const gained: InboxNotification[] = [];
    for (const id of dirty) {
      const before = this.found.get(id);
      const source = this.sources.get(id);
      const issue = source ? this.issues.get(source.issueId) : undefined;
      const now = source && issue ? this.notificationOf(source, issue) : null;
      if (before) {
        lost.push(before);
        this.found.delete(id);
      }
      if (now) {
        gained.push(now);
        this.found.set(id, now);
      }
    }
    if (lost.length === 0 && gained.length === 0) return;
    this.issueGroups.apply(lost, gained);
    if (lost.length + gained.length > PLACE_ONE_BY_ONE) {
      this.sorted = [...this.found.values()].sort(newestFirst);
      return;
    }
    // The order is total (time, then id), so each one lost is found by halving, like a place
    // for each one gained: no pass over the whole list.
    const next = this.sorted.slice();
    for (const n of lost) {
      const at = placeOf(next, n);
      next.splice(next[at] === n ? at : next.indexOf(n), 1);
    }
    for (const n of gained) next.splice(placeOf(next, n), 0, n);
    this.sorted = next;
  }

  private notificationOf(source: Source, issue: IssueDoc): InboxNotification | null {
    const { userId, joinedMs } = this;
    return source.type === 'comment'
      ? fromComment(source, issue, userId!, joinedMs)
      : fromActivity(source, issue, userId!, joinedMs);
  }
}
