import type { ActivityDoc, CommentDoc, ConflictDoc } from '@keel/domain';

export type TimelineEntry =
  | { kind: 'activity'; id: string; at: string; activity: ActivityDoc }
  | { kind: 'comment'; id: string; at: string; comment: CommentDoc }
  | { kind: 'conflict'; id: string; at: string; conflict: ConflictDoc };

/**
 * One history of an issue: comments and activity records in the order they happened (by
 * creation time, then id, so two devices show the same order for the same instant). "Created"
 * leads its instant: an issue made as a sub-issue writes its parent in the same moment; an
 * automatic subscription ends it.
 */
export function mergeTimeline(
  activity: readonly ActivityDoc[],
  comments: readonly CommentDoc[],
  conflicts: readonly ConflictDoc[] = [],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...activity.map((a) => ({
      kind: 'activity' as const,
      id: a._id,
      at: a.createdAt,
      activity: a,
    })),
    ...comments.map((c) => ({ kind: 'comment' as const, id: c._id, at: c.createdAt, comment: c })),
    // A lost value shows where the later edit that replaced it happened.
    ...conflicts.map((c) => ({
      kind: 'conflict' as const,
      id: c._id,
      at: c.createdAt,
      conflict: c,
    })),
  ];
  return entries.sort(
    (a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b) || a.id.localeCompare(b.id),
  );
}

// An automatic subscription follows what caused it (an assignment made in the same instant).
function rank(entry: TimelineEntry): number {
  if (entry.kind !== 'activity') return 1;
  return entry.activity.kind === 'created' ? 0 : entry.activity.kind === 'subscribed' ? 2 : 1;
}
