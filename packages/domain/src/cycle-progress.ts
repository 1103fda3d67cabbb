import type { IssueDoc, ProjectDoc } from './documents.ts';
import type { StateCategory } from './workflow.ts';

export interface Tally {
  count: number;
  /** The sum of the issues' estimates; an issue without one counts 0. */
  points: number;
}

export interface CycleProgress {
  /** Every issue of the cycle but the canceled ones: what the cycle set out to do. */
  scope: Tally;
  started: Tally;
  completed: Tally;
  canceled: Tally;
}

const empty = (): Tally => ({ count: 0, points: 0 });

/**
 * A cycle's (or any set of issues') progress, by count and by estimate (SPEC §10 via issue 24):
 * scope, started, completed; canceled issues are out of scope, as in Linear.
 */
export function cycleProgress(
  issues: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
): CycleProgress {
  const progress: CycleProgress = {
    scope: empty(),
    started: empty(),
    completed: empty(),
    canceled: empty(),
  };
  for (const issue of issues) {
    const category: StateCategory | undefined = projects
      .get(issue.projectId)
      ?.states.find((s) => s.id === issue.stateId)?.category;
    const points = issue.estimate ?? 0;
    const add = (tally: Tally) => {
      tally.count++;
      tally.points += points;
    };
    if (category === 'canceled') {
      add(progress.canceled);
      continue;
    }
    add(progress.scope);
    if (category === 'started') add(progress.started);
    if (category === 'completed') add(progress.completed);
  }
  return progress;
}

/** Completed out of scope, 0–100, by count (or by points, when asked and there are some). */
export function percentDone(progress: CycleProgress, by: 'count' | 'points' = 'count'): number {
  const total = progress.scope[by];
  return total === 0 ? 0 : Math.round((progress.completed[by] / total) * 100);
}
