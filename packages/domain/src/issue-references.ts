import type { IssueDoc, WorkspaceDoc } from './documents.ts';
import { docId } from './ids.ts';

export const ASSIGNEE_NOT_ACTIVE = 'The assignee must be an active member';
export const LABEL_NOT_FOUND = 'Each label must be a label of this workspace';
export const PROJECT_NOT_FOUND = 'The issue’s project does not exist';
export const STATE_NOT_IN_PROJECT = 'State is not one of the project’s states';

/** A write's problem, for the field it names. */
export interface FieldProblem {
  path: 'assigneeId' | 'labelIds' | 'stateId';
  message: string;
}

/** What the rule reads of an issue. */
export interface IssueReferences {
  assigneeId: IssueDoc['assigneeId'];
  labelIds: readonly string[];
}

/**
 * SPEC §5: an issue's assignee is an active member of the workspace and each of its labels is
 * one of the workspace's. Only what the write changes against `before` (the issue as stored, or
 * null for a new one) is checked, so an issue is never refused for what happened to others since
 * (a label deleted, a member removed). The server checks every write with the documents it read;
 * the browser checks an edit before saving it with the ones in memory.
 */
export function issueReferenceProblem(
  issue: IssueReferences,
  before: IssueReferences | null,
  lookup: (id: string) => WorkspaceDoc | undefined,
): FieldProblem | null {
  if (issue.assigneeId !== null && issue.assigneeId !== before?.assigneeId) {
    const member = lookup(docId('member', issue.assigneeId));
    if (member?.type !== 'member' || !member.active)
      return { path: 'assigneeId', message: ASSIGNEE_NOT_ACTIVE };
  }
  for (const labelId of issue.labelIds) {
    if (before?.labelIds.includes(labelId)) continue;
    if (lookup(labelId)?.type !== 'label') return { path: 'labelIds', message: LABEL_NOT_FOUND };
  }
  return null;
}

/**
 * SPEC §5: an issue's state is one of its project's states, and the project exists. Checked when
 * an issue is created or its state or project changes (the `state-in-project` write rule), so an
 * issue whose state a concurrent workflow edit removed can still be edited otherwise.
 */
export function issueStateProblem(
  issue: Pick<IssueDoc, 'projectId' | 'stateId'>,
  lookup: (id: string) => WorkspaceDoc | undefined,
): FieldProblem | null {
  const project = lookup(issue.projectId);
  if (project?.type !== 'project') return { path: 'stateId', message: PROJECT_NOT_FOUND };
  if (!project.states.some((s) => s.id === issue.stateId))
    return { path: 'stateId', message: STATE_NOT_IN_PROJECT };
  return null;
}
