import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  archiveIssue,
  docId,
  markAllRead,
  markNotificationsRead,
  readMarkerId,
  readStateOf,
  unarchiveIssue,
  type NotificationRef,
  type ReadMarkerDoc,
  type ReadState,
  type WorkspaceDoc,
} from '@keel/domain';
import { MAX_IDLE_WAIT_MS, whenIdle } from '../../shared/lib/when-idle.ts';
import { useDoc, useDocs, useHistoryLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import {
  InboxDerivation,
  joinedMsOf,
  sameSources,
  type InboxNotification,
  type InboxSources,
} from './derive-notifications.ts';
import { countUnread } from './inbox-rows.ts';
import type { IssueGroup } from './issue-groups.ts';

// One derivation for the whole page: the sidebar's count and the inbox list share it.
const derivation = new InboxDerivation();
// Inbox pages on screen: while one is, every reader follows the latest snapshots (see useInbox).
let pagesShown = 0;
/** What the derivation is given until the history is in. */
const NOTHING_YET: readonly never[] = [];

export interface Inbox {
  notifications: readonly InboxNotification[];
  /** The same notifications, one group per issue, newest first. */
  groups: readonly IssueGroup[];
  /** What is read and archived (decision 009). */
  readState: ReadState;
  /** Whether the person has a read marker at all (they read something once). */
  hasMarker: boolean;
  unread: number;
}

/**
 * The signed-in member's inbox. `follow` is how closely it follows the workspace: 'idle' (the
 * sidebar's count) moves on when the browser is idle, at most a second late, so an edit's own
 * frame never waits for it; 'now' (the inbox page, whose list is its content) is always current,
 * or a page opened while the first snapshot is still being taken would say the inbox is empty.
 * While a 'now' reader is on screen the others follow the same snapshots, so the one derivation
 * is never moved back and forth between two of them.
 */
export function useInbox(follow: 'idle' | 'now' = 'idle'): Inbox {
  const { userId } = useWorkspace();
  // Nothing until comments and activity are in as well: a first snapshot of the issues alone
  // made the history's arrival one change of 300,000 documents at 100,000 issues, taken in one
  // render (0.45 s); taken whole, the first snapshot goes in slices of idle time.
  const historyIn = useHistoryLoaded();
  const allIssues = useDocs('issue');
  const allComments = useDocs('comment');
  const allActivity = useDocs('activity');
  const issues = historyIn ? allIssues : NOTHING_YET;
  const comments = historyIn ? allComments : NOTHING_YET;
  const activity = historyIn ? allActivity : NOTHING_YET;
  // Nothing from before they joined: their member document says when that was.
  const member = useDoc(docId('member', userId));
  const joinedMs = joinedMsOf(member?.type === 'member' ? member : undefined);
  const shown = useIdleSources(issues, comments, activity, userId, joinedMs);
  useEffect(() => {
    if (follow !== 'now') return;
    pagesShown++;
    return () => {
      pagesShown--;
    };
  }, [follow]);
  const latest = useMemo(() => ({ issues, comments, activity }), [issues, comments, activity]);
  const sources = follow === 'now' || pagesShown > 0 ? latest : shown;
  const notifications = derivation.update(sources, userId, joinedMs);
  const groups = derivation.groups();
  const stored = useDoc(readMarkerId(userId));
  const marker = stored?.type === 'readMarker' ? stored : null;
  const readState = useMemo(() => readStateOf(marker), [marker]);
  return useMemo(
    () => ({
      notifications,
      groups,
      readState,
      hasMarker: marker !== null,
      unread: countUnread(notifications, readState),
    }),
    [notifications, groups, readState, marker],
  );
}

export interface InboxActions {
  /** Read these notifications (an issue's row opened). */
  read: (items: readonly NotificationRef[], oldestUnreadAt?: string) => Promise<WriteOutcome>;
  /** Everything up to `upTo`. */
  readAll: (upTo: string) => Promise<WriteOutcome>;
  archive: (
    issueId: string,
    items: readonly NotificationRef[],
    upTo: string,
    oldestUnreadAt?: string,
  ) => Promise<WriteOutcome>;
  unarchive: (issueId: string) => Promise<WriteOutcome>;
}

/**
 * Changes to the signed-in member's read marker, each made on the marker as it is when the write
 * runs. Saved on this device first like every write, so they work offline and sync later.
 */
export function useInboxActions(): InboxActions {
  const session = useWorkspace();
  const write = useCallback(
    (change: (stored: WorkspaceDoc | undefined, now: string) => ReadMarkerDoc | null) =>
      session.update(() => {
        const next = change(
          session.store.get(readMarkerId(session.userId)),
          new Date().toISOString(),
        );
        return next ? [next] : null;
      }),
    [session],
  );
  return useMemo(() => {
    const me = session.userId;
    return {
      read: (items, oldest) =>
        write((stored, now) => markNotificationsRead(stored, me, items, now, oldest)),
      readAll: (upTo) => write((stored, now) => markAllRead(stored, me, upTo, now)),
      archive: (issueId, items, upTo, oldest) =>
        write((stored, now) => archiveIssue(stored, me, issueId, items, upTo, now, oldest)),
      unarchive: (issueId) => write((stored, now) => unarchiveIssue(stored, me, issueId, now)),
    };
  }, [session, write]);
}

/**
 * The snapshots the inbox is derived from, moved on when the browser is idle (at most a second
 * late): a change of state or a new comment must reach the screen before the inbox follows it.
 * The first snapshot, 100–150 ms of work at 10,000 issues, is taken in slices of idle time
 * before it is shown, so it never holds the page while someone types or clicks.
 */
function useIdleSources(
  issues: InboxSources['issues'],
  comments: InboxSources['comments'],
  activity: InboxSources['activity'],
  userId: string,
  joinedMs: number,
): InboxSources {
  const [shown, setShown] = useState<InboxSources>(() => ({ issues, comments, activity }));
  // Since when the shown snapshots have been behind, across changes that arrive meanwhile.
  const behindSince = useRef<number | null>(null);
  useEffect(() => {
    const next = { issues, comments, activity };
    if (sameSources(shown, next)) {
      behindSince.current = null;
      return;
    }
    behindSince.current ??= performance.now();
    const since = behindSince.current;
    return whenIdle((timeLeft) => {
      // A second behind (changes kept coming, or the page is never idle): finish in one go.
      const late = performance.now() - since >= MAX_IDLE_WAIT_MS;
      const shouldYield = () => !late && timeLeft() < 1;
      const done = derivation.prepare(next, userId, shouldYield, joinedMs);
      if (done) setShown(next);
      return done;
    });
  }, [issues, comments, activity, userId, joinedMs, shown]);
  return shown;
}
