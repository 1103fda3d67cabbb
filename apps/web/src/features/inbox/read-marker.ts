/**
 * Mark all as read: up to now, or up to the newest notification when a device with a clock
 * ahead of this one stamped it later than now. The marker itself is written by
 * packages/domain/src/read-state.ts.
 */
export function markAllReadUpTo(newestAt: string | undefined, now: string): string {
  return newestAt && Date.parse(newestAt) > Date.parse(now) ? newestAt : now;
}
