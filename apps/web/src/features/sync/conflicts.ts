import { issueDocSchema, mergeIssueVersions, type IssueDoc } from '@keel/domain';
import type { Replica } from './replica.ts';
import { sameContent } from './rejected/same-content.ts';

/**
 * The writes that settle a conflicted issue on this device: the merged issue on top of the
 * winning revision (only when it differs from it) and a deletion of every other live revision.
 * Null when the versions are not all valid issues: a conflict Keel cannot merge is left as it
 * is rather than guessed at. Every device that sees the same versions computes the same writes.
 */
export function conflictResolution(winner: object, others: readonly object[]): object[] | null {
  const parsed = [winner, ...others].map((v) => issueDocSchema.safeParse(v));
  const issues: IssueDoc[] = [];
  for (const p of parsed) {
    if (!p.success) return null;
    issues.push(p.data);
  }
  const [won, ...lost] = issues;
  if (!won || lost.length === 0) return null;
  const merged = mergeIssueVersions(issues);
  const writes: object[] = [];
  if (!sameContent(merged, won)) writes.push({ ...merged, _rev: won._rev });
  for (const loser of lost) writes.push({ _id: loser._id, _rev: loser._rev, _deleted: true });
  return writes;
}

/** Merge one conflicted issue on the device; replication carries the result to the server. */
export async function resolveIssueConflict(replica: Replica, id: string): Promise<void> {
  const versions = await replica.versions(id);
  if (!versions || versions.others.length === 0) return;
  const writes = conflictResolution(versions.winner, versions.others);
  if (writes) await replica.bulk(writes);
}
