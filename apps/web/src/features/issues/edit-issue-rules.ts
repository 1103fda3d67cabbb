import {
  dueDateSchema,
  estimateSchema,
  LIMITS,
  parentProblem,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
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
    const known = new Set(ctx.labels.map((l) => l._id));
    if (edit.labelIds.some((id) => !known.has(id)))
      return { field: 'labelIds', message: 'Each label must be a label of this workspace' };
  }
  if (edit.assigneeId) {
    const member = ctx.members.find((m) => m.userId === edit.assigneeId);
    if (!member?.active)
      return { field: 'assigneeId', message: 'The assignee must be an active member' };
  }
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
