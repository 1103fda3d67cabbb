import type { IssueDoc, ProjectDoc } from './documents.ts';

/** How many of a parent's sub-issues are done, out of those still meant to be done ("3/5"). */
export interface SubIssueProgress {
  done: number;
  total: number;
}

/**
 * What a sub-issue adds to its parent's progress: done when its state is completed, left out
 * when canceled, otherwise still to do. Canceled work will not be done, so it is neither done
 * nor pending: counting it done would overstate the parent's progress, counting it pending
 * would keep the parent short of its total for ever. Linear counts sub-issues this way, and so
 * does a cycle's progress here (`cycle-progress.ts`). Each sub-issue is read in its own
 * project's workflow (it may be in another project than its parent); an unknown state counts
 * as still to do.
 */
function contribution(
  issue: IssueDoc,
  projects: ReadonlyMap<string, ProjectDoc>,
): 'done' | 'todo' | null {
  const category = projects
    .get(issue.projectId)
    ?.states.find((s) => s.id === issue.stateId)?.category;
  if (category === 'canceled') return null;
  return category === 'completed' ? 'done' : 'todo';
}

/**
 * The progress of one parent from its sub-issues; null when none counts (no sub-issues, or
 * every one canceled), so such an issue shows no figure.
 */
export function subIssueProgress(
  children: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
): SubIssueProgress | null {
  let done = 0;
  let total = 0;
  for (const child of children) {
    const counts = contribution(child, projects);
    if (counts === null) continue;
    total++;
    if (counts === 'done') done++;
  }
  return total === 0 ? null : { done, total };
}
