import { cycleProgress, type CycleProgress } from './cycle-progress.ts';
import type { IssueDoc, MilestoneDoc, ProjectDoc } from './documents.ts';
import { byCodeUnits } from './compare-text.ts';

export interface ProjectProgress {
  /** Every issue of the project. */
  whole: CycleProgress;
  /** Milestone id → its issues' progress, for each of the project's milestones (0 if empty). */
  byMilestone: Map<string, CycleProgress>;
  /** Issues in no milestone, or in one deleted since. */
  unplanned: CycleProgress;
}

/**
 * A project's progress (SPEC §10, issue 24): completed out of scope by count and by estimate,
 * for the whole project and per milestone, in one pass over the workspace's issues. Canceled
 * issues are out of scope, as on the cycle page.
 */
export function projectProgress(
  project: ProjectDoc,
  milestones: readonly MilestoneDoc[],
  issues: readonly IssueDoc[],
): ProjectProgress {
  const own = issues.filter((issue) => issue.projectId === project._id);
  const byId = new Map<string, IssueDoc[]>();
  for (const m of milestones) if (m.projectId === project._id) byId.set(m._id, []);
  const unplanned: IssueDoc[] = [];
  for (const issue of own) {
    const list = issue.milestoneId ? byId.get(issue.milestoneId) : undefined;
    (list ?? unplanned).push(issue);
  }
  const projects = new Map([[project._id, project]]);
  return {
    whole: cycleProgress(own, projects),
    byMilestone: new Map([...byId].map(([id, list]) => [id, cycleProgress(list, projects)])),
    unplanned: cycleProgress(unplanned, projects),
  };
}

/** A project's milestones in their order (`sortOrder`, then id: the same on every device). */
export function milestonesOf(
  projectId: string,
  milestones: readonly MilestoneDoc[],
): MilestoneDoc[] {
  return milestones
    .filter((m) => m.projectId === projectId)
    .sort((a, b) => byCodeUnits(a.sortOrder, b.sortOrder) || byCodeUnits(a._id, b._id));
}
