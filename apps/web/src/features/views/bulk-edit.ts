import {
  LIMITS,
  newActivityDocument,
  transitionTimes,
  type ActivityDoc,
  type CycleDoc,
  type IssueDoc,
  type MilestoneDoc,
  type ProjectDoc,
} from '@keel/domain';

/** One change applied to every selected issue. */
export type BulkChange =
  // By state name: selected issues may belong to projects whose state ids differ.
  | { field: 'state'; stateName: string }
  | { field: 'priority'; priority: number }
  | { field: 'assignee'; assigneeId: string | null }
  // Adds the label to every issue, or removes it from all when every one already has it.
  | { field: 'label'; labelId: string }
  // A cycle belongs to one project: issues of another are left as they are.
  | { field: 'cycle'; cycleId: string | null }
  // So does a milestone.
  | { field: 'milestone'; milestoneId: string | null };

export interface BulkContext {
  projects: ReadonlyMap<string, ProjectDoc>;
  /** The cycle a `cycle` change moves issues into (absent for "No cycle"). */
  cycle?: CycleDoc | undefined;
  /** The milestone a `milestone` change puts issues in (absent for "No milestone"). */
  milestone?: MilestoneDoc | undefined;
  actorId: string;
  now: string;
  newActivityId: () => string;
}

export interface BulkResult {
  /** Changed issues followed by their activity records, for one bulk write. */
  docs: (IssueDoc | ActivityDoc)[];
  changed: number;
  /**
   * Issues the change does not fit (no such state in their project, 20 labels already, a cycle
   * or milestone of another project).
   */
  skipped: number;
}

/**
 * The documents a bulk change writes: each issue that actually changes, plus exactly one
 * activity record for it (SPEC §3/§4). Issues already in the target value are left alone.
 */
export function bulkEdit(
  issues: readonly IssueDoc[],
  change: BulkChange,
  ctx: BulkContext,
): BulkResult {
  const updated: IssueDoc[] = [];
  const activities: ActivityDoc[] = [];
  let skipped = 0;
  const removeLabel =
    change.field === 'label' && issues.every((i) => i.labelIds.includes(change.labelId));

  for (const issue of issues) {
    const next = applyOne(issue, change, ctx, removeLabel);
    if (next === 'skip') skipped++;
    if (!next || next === 'skip') continue;
    updated.push({ ...issue, ...next.fields, updatedAt: ctx.now });
    activities.push(
      newActivityDocument({
        id: ctx.newActivityId(),
        issueId: issue._id,
        actorId: ctx.actorId,
        kind: next.kind,
        from: next.from,
        to: next.to,
        now: ctx.now,
      }),
    );
  }
  return { docs: [...updated, ...activities], changed: updated.length, skipped };
}

interface OneChange {
  fields: Partial<IssueDoc>;
  kind: ActivityDoc['kind'];
  from: ActivityDoc['from'];
  to: ActivityDoc['to'];
}

function applyOne(
  issue: IssueDoc,
  change: BulkChange,
  ctx: BulkContext,
  removeLabel: boolean,
): OneChange | 'skip' | null {
  switch (change.field) {
    case 'state': {
      const states = ctx.projects.get(issue.projectId)?.states ?? [];
      const name = change.stateName.toLowerCase();
      const state = states.find((s) => s.name.toLowerCase() === name);
      if (!state) return 'skip';
      if (state.id === issue.stateId) return null;
      const times = transitionTimes(issue, state.category, ctx.now);
      return {
        fields: { stateId: state.id, ...times },
        kind: 'state',
        from: issue.stateId,
        to: state.id,
      };
    }
    case 'priority':
      if (issue.priority === change.priority) return null;
      return {
        fields: { priority: change.priority },
        kind: 'priority',
        from: issue.priority,
        to: change.priority,
      };
    case 'assignee':
      if (issue.assigneeId === change.assigneeId) return null;
      return {
        fields: { assigneeId: change.assigneeId },
        kind: 'assignee',
        from: issue.assigneeId,
        to: change.assigneeId,
      };
    case 'label': {
      const has = issue.labelIds.includes(change.labelId);
      if (removeLabel) {
        const labelIds = issue.labelIds.filter((id) => id !== change.labelId);
        return { fields: { labelIds }, kind: 'labels', from: issue.labelIds, to: labelIds };
      }
      if (has) return null;
      if (issue.labelIds.length >= LIMITS.labelsPerIssue) return 'skip';
      const labelIds = [...issue.labelIds, change.labelId];
      return { fields: { labelIds }, kind: 'labels', from: issue.labelIds, to: labelIds };
    }
    case 'cycle': {
      const from = issue.cycleId ?? null;
      if (from === change.cycleId) return null;
      if (change.cycleId && ctx.cycle?.projectId !== issue.projectId) return 'skip';
      return {
        fields: { cycleId: change.cycleId },
        kind: 'cycle',
        from,
        to: change.cycleId,
      };
    }
    case 'milestone': {
      const from = issue.milestoneId ?? null;
      if (from === change.milestoneId) return null;
      if (change.milestoneId && ctx.milestone?.projectId !== issue.projectId) return 'skip';
      return {
        fields: { milestoneId: change.milestoneId },
        kind: 'milestone',
        from,
        to: change.milestoneId,
      };
    }
  }
}
