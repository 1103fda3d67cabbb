import { useCallback, useMemo } from 'react';
import { readMarkerId } from '@keel/domain';
import { useIdleValue } from '../../shared/lib/use-idle-value.ts';
import { useDocs } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import {
  countUnread,
  memoizeNotifications,
  type InboxNotification,
} from './derive-notifications.ts';
import { markReadWrite } from './read-marker.ts';

// One derivation for the whole page: the sidebar's count and the inbox list share it.
const notificationsOf = memoizeNotifications();

export interface Inbox {
  notifications: readonly InboxNotification[];
  /** Everything at or before this moment is read; -Infinity before the first marker. */
  lastReadMs: number;
  unread: number;
}

export function useInbox(): Inbox {
  const { userId } = useWorkspace();
  // Deriving the inbox takes tens of milliseconds at 10,000 issues, and a change of state or a
  // new comment must reach the screen first: the count follows when the browser is idle.
  const issues = useIdleValue(useDocs('issue'));
  const comments = useIdleValue(useDocs('comment'));
  const activity = useIdleValue(useDocs('activity'));
  const markers = useDocs('readMarker');
  const notifications = notificationsOf({ issues, comments, activity }, userId);
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
