import type { ActivityDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { autoSubscribed } from './subscriptions.ts';
import { transitionTimes } from './workflow.ts';

/** The fields of an issue this screen edits; each one changed writes one activity record. */
export interface IssueEdit {
  title?: string;
  description?: string;
  stateId?: string;
  priority?: number;
  assigneeId?: string | null;
  labelIds?: readonly string[];
  estimate?: number | null;
  dueDate?: string | null;
  parentId?: string | null;
  cycleId?: string | null;
  milestoneId?: string | null;
  /** Not tracked fields: (un)subscribing writes no activity (see withSubscription). */
  subscriberIds?: readonly string[];
  unsubscribedIds?: readonly string[];
  /** The manual order (a board move, or its undo): not a tracked field, no activity. */
  sortOrder?: string;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export interface EditContext {
  project: ProjectDoc;
  actorId: string;
  now: string;
  newActivityId: () => string;
}

/**
 * The issue after an edit and the activity it writes (SPEC §4: every change of a tracked field
 * writes one record). Returns null when nothing actually changed. The description's activity
 * records that it changed, not both texts: those can be 50,000 characters each.
 */
export function editIssue(
  issue: IssueDoc,
  edit: IssueEdit,
  ctx: EditContext,
): { issue: IssueDoc; activities: ActivityDoc[] } | null {
  const next: IssueDoc = { ...issue };
  const activities: ActivityDoc[] = [];
  const record = (kind: ActivityDoc['kind'], from: ActivityDoc['from'], to: ActivityDoc['to']) =>
    activities.push({
      _id: ctx.newActivityId(),
      type: 'activity',
      issueId: issue._id,
      actorId: ctx.actorId,
      kind,
      from,
      to,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });

  if (edit.title !== undefined && edit.title !== issue.title) {
    next.title = edit.title;
    record('title', issue.title, edit.title);
  }
  if (edit.description !== undefined && edit.description !== issue.description) {
    next.description = edit.description;
    record('description', null, null);
  }
  if (edit.priority !== undefined && edit.priority !== issue.priority) {
    next.priority = edit.priority;
    record('priority', issue.priority, edit.priority);
  }
  if (edit.stateId !== undefined && edit.stateId !== issue.stateId) {
    const state = ctx.project.states.find((s) => s.id === edit.stateId);
    if (state) {
      const { startedAt, completedAt, canceledAt } = issue;
      const times = transitionTimes(
        { startedAt, completedAt, canceledAt },
        state.category,
        ctx.now,
      );
      Object.assign(next, times, { stateId: state.id });
      record('state', issue.stateId, state.id);
    }
  }
  if (edit.assigneeId !== undefined && edit.assigneeId !== issue.assigneeId) {
    next.assigneeId = edit.assigneeId;
    record('assignee', issue.assigneeId, edit.assigneeId);
  }
  if (edit.labelIds !== undefined && !sameSet(edit.labelIds, issue.labelIds)) {
    next.labelIds = [...edit.labelIds];
    record('labels', [...issue.labelIds], [...edit.labelIds]);
  }
  if (edit.estimate !== undefined && edit.estimate !== issue.estimate) {
    next.estimate = edit.estimate;
    record('estimate', issue.estimate, edit.estimate);
  }
  if (edit.dueDate !== undefined && edit.dueDate !== issue.dueDate) {
    next.dueDate = edit.dueDate;
    record('dueDate', issue.dueDate, edit.dueDate);
  }
  if (edit.parentId !== undefined && edit.parentId !== issue.parentId) {
    next.parentId = edit.parentId;
    record('parent', issue.parentId, edit.parentId);
  }
  if (edit.cycleId !== undefined && edit.cycleId !== (issue.cycleId ?? null)) {
    next.cycleId = edit.cycleId;
    record('cycle', issue.cycleId ?? null, edit.cycleId);
  }
  if (edit.milestoneId !== undefined && edit.milestoneId !== (issue.milestoneId ?? null)) {
    next.milestoneId = edit.milestoneId;
    record('milestone', issue.milestoneId ?? null, edit.milestoneId);
  }
  let untracked = false;
  if (edit.subscriberIds !== undefined && !sameSet(edit.subscriberIds, issue.subscriberIds)) {
    next.subscriberIds = [...edit.subscriberIds];
    untracked = true;
  }
  if (edit.sortOrder !== undefined && edit.sortOrder !== issue.sortOrder) {
    next.sortOrder = edit.sortOrder;
    untracked = true;
  }
  const unsubscribed = edit.unsubscribedIds;
  if (unsubscribed !== undefined && !sameSet(unsubscribed, issue.unsubscribedIds ?? [])) {
    if (unsubscribed.length) next.unsubscribedIds = [...unsubscribed];
    else delete next.unsubscribedIds;
    untracked = true;
  }
  // A new assignee follows the issue from now on, and still after it is handed on (unless they
  // unsubscribed), with an activity saying so.
  if (next.assigneeId && next.assigneeId !== issue.assigneeId) {
    const added = autoSubscribed(next, [next.assigneeId]);
    if (added.length) {
      next.subscriberIds = [...next.subscriberIds, ...added];
      record('subscribed', 'assigned', added);
    }
  }
  if (activities.length === 0 && !untracked) return null;
  next.updatedAt = ctx.now;
  return { issue: next, activities };
}
