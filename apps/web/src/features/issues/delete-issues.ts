import { issueDeletion, type DeletionContext, type IssueDoc } from '@keel/domain';

/**
 * What deleting several issues at once writes, in one bulk save: each one's deletion
 * (issueDeletion), where a sub-issue that is deleted too is not also let go of its parent, so no
 * document is written twice.
 */
export function issuesDeletion(
  issues: readonly IssueDoc[],
  childrenOf: (issueId: string) => readonly IssueDoc[],
  ctx: DeletionContext,
): ReturnType<typeof issueDeletion> {
  const deleted = new Set(issues.map((i) => i._id));
  return issues.flatMap((issue) =>
    issueDeletion(
      issue,
      childrenOf(issue._id).filter((child) => !deleted.has(child._id)),
      ctx,
    ),
  );
}
