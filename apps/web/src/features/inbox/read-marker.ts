import { readMarkerAt, type ReadMarkerDoc, type WorkspaceDoc } from '@keel/domain';

/**
 * The write that marks everything up to `upTo` read, or null when the marker is already there
 * or later (nothing to save, nothing to sync).
 */
export function markReadWrite(
  stored: WorkspaceDoc | undefined,
  userId: string,
  upTo: string,
  now: string,
): ReadMarkerDoc | null {
  const existing = stored?.type === 'readMarker' ? stored : null;
  if (existing && Date.parse(existing.lastReadAt) >= Date.parse(upTo)) return null;
  return readMarkerAt({ userId, lastReadAt: upTo, existing, now });
}

/**
 * Mark all as read: up to now, or up to the newest notification when a device with a clock
 * ahead of this one stamped it later than now.
 */
export function markAllReadUpTo(newestAt: string | undefined, now: string): string {
  return newestAt && Date.parse(newestAt) > Date.parse(now) ? newestAt : now;
}
