import {
  estimateScaleOf,
  formatIssueKey,
  type ApiComment,
  type ApiIssue,
  type ApiProject,
  type CommentDoc,
  type CycleDoc,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type MilestoneDoc,
  type ProjectDoc,
  type WorkflowState,
} from '@keel/domain';

/** The replicated documents as `/api/v1` answers them (the domain's `api*Schema`s). */

const stateOf = (states: readonly WorkflowState[], stateId: string) => {
  const state = states.find((s) => s.id === stateId);
  return state
    ? { id: state.id, name: state.name, category: state.category }
    : { id: stateId, name: 'Unknown state', category: 'backlog' as const };
};

export function apiProject(project: ProjectDoc): ApiProject {
  return {
    id: project._id,
    key: project.key,
    name: project.name,
    description: project.description,
    status: project.status ?? 'active',
    leadId: project.leadId,
    startsOn: project.startsOn ?? null,
    targetOn: project.targetOn ?? null,
    archived: project.archivedAt !== null,
    states: project.states.map((s) => ({ id: s.id, name: s.name, category: s.category })),
    estimateScale: estimateScaleOf(project),
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

export function apiIssue(issue: IssueDoc, project: ProjectDoc | undefined): ApiIssue {
  return {
    id: issue._id,
    key: project ? formatIssueKey(project.key, issue.number) : String(issue.number),
    number: issue.number,
    title: issue.title,
    description: issue.description,
    projectId: issue.projectId,
    state: stateOf(project?.states ?? [], issue.stateId),
    priority: issue.priority,
    assigneeId: issue.assigneeId,
    labelIds: issue.labelIds,
    estimate: issue.estimate,
    dueDate: issue.dueDate,
    parentId: issue.parentId,
    cycleId: issue.cycleId ?? null,
    milestoneId: issue.milestoneId ?? null,
    createdBy: issue.createdBy,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    startedAt: issue.startedAt,
    completedAt: issue.completedAt,
    canceledAt: issue.canceledAt,
    source: issue.source ?? null,
  };
}

export function apiComment(comment: CommentDoc): ApiComment {
  return {
    id: comment._id,
    issueId: comment.issueId,
    body: comment.body,
    authorId: comment.authorId,
    createdAt: comment.createdAt,
    editedAt: comment.editedAt,
  };
}

export const apiLabel = (label: LabelDoc) => ({
  id: label._id,
  name: label.name,
  color: label.color,
});

export const apiMember = (member: MemberDoc) => ({
  userId: member.userId,
  name: member.name,
  email: member.email,
  role: member.role,
});

export const apiCycle = (cycle: CycleDoc) => ({
  id: cycle._id,
  projectId: cycle.projectId,
  number: cycle.number,
  name: cycle.name,
  startsOn: cycle.startsOn,
  endsOn: cycle.endsOn,
  completedAt: cycle.completedAt,
});

export const apiMilestone = (milestone: MilestoneDoc) => ({
  id: milestone._id,
  projectId: milestone.projectId,
  name: milestone.name,
  targetOn: milestone.targetOn,
});
