import { tombstoneOf } from './document-restore.ts';
import type { ActivityDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { editIssue } from './issue-edit.ts';

export interface DeletionContext {
  projects: ReadonlyMap<string, ProjectDoc>;
  actorId: string;
  now: string;
  newActivityId: () => string;
}

/**
 * What deleting an issue writes, in one bulk save: its tombstone, and each sub-issue let go of
 * it (parent cleared, with its parent activity), so no issue is left below one that is gone.
 * Its comments and activity stay in the database, unreachable: members may not delete others'
 * comments (SPEC §6), and the screens show nothing about an issue that is not there.
 */
export function issueDeletion(
  issue: IssueDoc,
  issues: readonly IssueDoc[],
  ctx: DeletionContext,
): (IssueDoc | ActivityDoc | ReturnType<typeof tombstoneOf>)[] {
  const children = issues.flatMap((child) => {
    const project = child.parentId === issue._id ? ctx.projects.get(child.projectId) : undefined;
    const edited = project ? editIssue(child, { parentId: null }, { ...ctx, project }) : null;
    return edited ? [edited.issue, ...edited.activities] : [];
  });
  // The deletion keeps the issue's number and author, so an undo can bring it back (the server
  // checks it comes back as what it was).
  return [tombstoneOf(issue), ...children];
}
