import type { ActivityDoc, IssueDoc, MilestoneDoc } from './documents.ts';
import { newActivityDocument } from './factories.ts';
import { normalizeText } from './text.ts';

/** A new milestone of a project, last in its order unless `sortOrder` says otherwise. */
export function newMilestoneDocument(input: {
  id: string;
  projectId: string;
  name: string;
  targetOn: string | null;
  sortOrder: string;
  now: string;
}): MilestoneDoc {
  return {
    _id: input.id,
    type: 'milestone',
    projectId: input.projectId,
    name: normalizeText(input.name),
    targetOn: input.targetOn || null,
    sortOrder: input.sortOrder,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * The issues of a deleted milestone, taken out of it in the same write with one milestone
 * activity each, so none is left pointing at a milestone that no longer exists.
 */
export function removeMilestoneFromIssues(
  milestoneId: string,
  issues: readonly IssueDoc[],
  ctx: { actorId: string; now: string; newActivityId: () => string },
): { issues: IssueDoc[]; activities: ActivityDoc[] } {
  const changed: IssueDoc[] = [];
  const activities: ActivityDoc[] = [];
  for (const issue of issues) {
    if (issue.milestoneId !== milestoneId) continue;
    changed.push({ ...issue, milestoneId: null, updatedAt: ctx.now });
    activities.push(
      newActivityDocument({
        id: ctx.newActivityId(),
        issueId: issue._id,
        actorId: ctx.actorId,
        kind: 'milestone',
        from: milestoneId,
        to: null,
        now: ctx.now,
      }),
    );
  }
  return { issues: changed, activities };
}
