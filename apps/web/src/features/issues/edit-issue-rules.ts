import {
  dueDateSchema,
  estimateSchema,
  issueReferenceProblem,
  LIMITS,
  parentProblem,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import type { IssueEdit } from './edit-issue.ts';

export interface EditRulesContext {
  issues: readonly IssueDoc[];
  labels: readonly LabelDoc[];
  members: readonly MemberDoc[];
}

/**
 * SPEC §5's rules for the fields the issue page edits, checked against the workspace in memory
 * before anything is saved. Returns the first problem as a message for that field, or null.
 */
export function issueEditProblem(
  issue: IssueDoc,
  edit: IssueEdit,
  ctx: EditRulesContext,
): { field: keyof IssueEdit; message: string } | null {
  if (edit.labelIds !== undefined) {
    if (edit.labelIds.length > LIMITS.labelsPerIssue)
      return {
        field: 'labelIds',
        message: `An issue has at most ${LIMITS.labelsPerIssue} labels`,
      };
  }
  // The same rule the server checks (only what the edit changes).
  const byId = new Map<string, WorkspaceDoc>(
    [...ctx.labels, ...ctx.members].map((d) => [d._id, d]),
  );
  const references = issueReferenceProblem(
    {
      assigneeId: edit.assigneeId !== undefined ? edit.assigneeId : issue.assigneeId,
      labelIds: edit.labelIds ?? issue.labelIds,
    },
    issue,
    (id) => byId.get(id),
  );
  if (references) return { field: references.path, message: references.message };
  if (edit.estimate !== undefined) {
    const parsed = estimateSchema.safeParse(edit.estimate);
    if (!parsed.success)
      return { field: 'estimate', message: parsed.error.issues[0]?.message ?? 'Invalid estimate' };
  }
  if (edit.dueDate !== undefined) {
    const parsed = dueDateSchema.safeParse(edit.dueDate);
    if (!parsed.success)
      return { field: 'dueDate', message: parsed.error.issues[0]?.message ?? 'Invalid date' };
  }
  if (edit.parentId !== undefined) {
    const problem = parentProblem(issue._id, edit.parentId, ctx.issues);
    if (problem) return { field: 'parentId', message: problem };
  }
  return null;
}
