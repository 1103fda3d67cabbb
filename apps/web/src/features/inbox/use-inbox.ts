import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readMarkerId } from '@keel/domain';
import { MAX_IDLE_WAIT_MS, whenIdle } from '../../shared/lib/when-idle.ts';
import { useDocs } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import {
  countUnread,
  InboxDerivation,
  sameSources,
  type InboxNotification,
  type InboxSources,
} from './derive-notifications.ts';
import { markReadWrite } from './read-marker.ts';

// One derivation for the whole page: the sidebar's count and the inbox list share it.
const derivation = new InboxDerivation();
// Inbox pages on screen: while one is, every reader follows the latest snapshots (see useInbox).
let pagesShown = 0;

export interface Inbox {
  notifications: readonly InboxNotification[];
  /** Everything at or before this moment is read; -Infinity before the first marker. */
  lastReadMs: number;
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
  const issues = useDocs('issue');
  const comments = useDocs('comment');
  const activity = useDocs('activity');
  const shown = useIdleSources(issues, comments, activity, userId);
  useEffect(() => {
    if (follow !== 'now') return;
    pagesShown++;
    return () => {
      pagesShown--;
    };
  }, [follow]);
  const latest = useMemo(() => ({ issues, comments, activity }), [issues, comments, activity]);
  const sources = follow === 'now' || pagesShown > 0 ? latest : shown;
  const markers = useDocs('readMarker');
  const notifications = derivation.update(sources, userId);
  const marker = useMemo(
    () => markers.find((m) => m._id === readMarkerId(userId)) ?? null,
    [markers, userId],
  );
  const lastReadAt = marker?.lastReadAt ?? null;
  return useMemo(
    () => ({
      notifications,
      lastReadMs: lastReadAt ? Date.parse(lastReadAt) : Number.NEGATIVE_INFINITY,
      unread: countUnread(notifications, lastReadAt),
    }),
    [notifications, lastReadAt],
  );
}

/**
 * Move the signed-in member's read marker forward to `iso` (never back). Saved on this device
 * first like every write, so it works offline and syncs later.
 */
export function useMarkRead(): (iso: string) => Promise<WriteOutcome> {
  const session = useWorkspace();
  return useCallback(
    (iso: string) =>
      session.update(() => {
        const stored = session.store.get(readMarkerId(session.userId));
        const write = markReadWrite(stored, session.userId, iso, new Date().toISOString());
        return write ? [write] : null;
      }),
    [session],
  );
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
      const done = derivation.prepare(next, userId, () => !late && timeLeft() < 1);
      if (done) setShown(next);
      return done;
    });
  }, [issues, comments, activity, userId, shown]);
  return shown;
}
