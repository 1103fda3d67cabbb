import type { ActivityDoc, CycleDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { dayNumber, dayOf } from './cycles.ts';
import { valueAt } from './history-at.ts';
import type { StateCategory } from './workflow.ts';

export interface BurnUpPoint {
  day: string;
  /** Issues in the cycle at the end of the day, canceled ones left out. */
  scope: number;
  /** Of those, the ones in a completed state. */
  completed: number;
}

/**
 * A cycle's burn-up (issue 24): for each of its days up to `today`, how many issues it held
 * (its scope) and how many of them were completed, read from each issue's history of `cycle` and
 * `state` activities. `issues` are every issue that was ever in the cycle; `activityOf` gives an
 * issue's activity, oldest first.
 */
export function cycleBurnUp(input: {
  cycle: CycleDoc;
  issues: readonly IssueDoc[];
  activityOf: (issueId: string) => readonly ActivityDoc[];
  project: ProjectDoc;
  today: string;
}): BurnUpPoint[] {
  const { cycle, project } = input;
  const states = [...project.states, ...(project.formerStates ?? [])];
  const categoryOf = (id: string | null): StateCategory | undefined =>
    states.find((s) => s.id === id)?.category;
  const histories = input.issues.map((issue) => {
    const activity = input.activityOf(issue._id);
    return {
      issue,
      cycles: activity.filter((a) => a.kind === 'cycle'),
      states: activity.filter((a) => a.kind === 'state'),
    };
  });
  const last = Math.min(dayNumber(cycle.endsOn), dayNumber(input.today));
  const points: BurnUpPoint[] = [];
  for (let n = dayNumber(cycle.startsOn); n <= last; n++) {
    const day = dayOf(n);
    const moment = `${day}T23:59:59.999Z`;
    let scope = 0;
    let completed = 0;
    for (const { issue, cycles, states: changes } of histories) {
      if (issue.createdAt > moment) continue;
      if (valueAt(cycles, moment, issue.cycleId ?? null) !== cycle._id) continue;
      const category = categoryOf(valueAt(changes, moment, issue.stateId));
      if (category === 'canceled') continue;
      scope++;
      if (category === 'completed') completed++;
    }
    points.push({ day, scope, completed });
  }
  return points;
}
