import type { ActivityDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { dayNumber, dayOf } from './cycles.ts';
import { STATE_CATEGORIES, type StateCategory } from './workflow.ts';

/** The ranges the insights offer, in days up to and including today. */
export const INSIGHT_RANGES = [30, 90, 365] as const;
export const DEFAULT_INSIGHT_RANGE = 90;

/**
 * A cumulative flow, column by column (the shape a chart wants): `days[i]` is a day and
 * `counts[category][i]` how many issues were in a state of that category at its end.
 */
export interface CumulativeFlow {
  days: string[];
  counts: Record<StateCategory, number[]>;
}

/** The first day of a range of `days` days ending on `today`. */
export function rangeStart(today: string, days: number): string {
  return dayOf(dayNumber(today) - Math.max(1, Math.floor(days)) + 1);
}

/**
 * A cumulative flow (issue 24): for each day from the range's start (or the first issue's
 * creation, if later) to `today`, how many of `issues` were in each state category at the end of
 * the day. An issue counts from the day it was created, in the state its `state` activity
 * records (oldest first) say it had then, as `valueAt` reads them; a state this project never
 * had (an issue moved in from another project) is left out until the issue enters one it has.
 *
 * One pass over each issue's changes: each change adds −1 to its old category and +1 to its new
 * one on its day, and a running sum gives every day's counts, so 10,000 issues over a year cost
 * their changes plus 5 × 365 additions, never issues × days.
 */
type WorkflowOf = Pick<ProjectDoc, 'states' | 'formerStates'>;
/** One project's workflow, or every project's by id. */
export type Workflows = WorkflowOf | ReadonlyMap<string, WorkflowOf>;

export function cumulativeFlow(input: {
  issues: readonly IssueDoc[];
  activityOf: (issueId: string) => readonly ActivityDoc[];
  /**
   * The workflow each issue's states are read in: its project's (a project's insights), or, for
   * issues of several projects (a saved view's), each one's own by its project id.
   */
  workflows: Workflows;
  today: string;
  days?: number;
}): CumulativeFlow {
  const { issues, today } = input;
  const tables = new Map<WorkflowOf, Map<string, StateCategory>>();
  const tableOf = (issue: IssueDoc) => {
    const workflow =
      input.workflows instanceof Map ? input.workflows.get(issue.projectId) : input.workflows;
    if (!workflow) return null;
    let categories = tables.get(workflow);
    if (!categories) {
      categories = new Map();
      // Current states win over former ones of the same id: formerStates lists only removed ones.
      for (const s of workflow.formerStates ?? []) categories.set(s.id, s.category);
      for (const s of workflow.states) categories.set(s.id, s.category);
      tables.set(workflow, categories);
    }
    return categories;
  };

  const dayOfTime = dayReader();
  const last = dayNumber(today);
  let first = dayNumber(rangeStart(today, input.days ?? DEFAULT_INSIGHT_RANGE));
  let earliest = Infinity;
  for (const issue of issues) earliest = Math.min(earliest, dayOfTime(issue.createdAt));
  if (earliest > last) return { days: [], counts: emptyCounts(0) };
  first = Math.max(first, earliest);

  const length = last - first + 1;
  const deltas = emptyCounts(length);
  // A change before the range lands on its first day; one after today is not counted yet.
  const add = (category: StateCategory | null, day: number, by: number) => {
    if (category === null || day > last) return;
    deltas[category][Math.max(0, day - first)]! += by;
  };
  for (const issue of issues) {
    const born = dayOfTime(issue.createdAt);
    if (born > last) continue;
    const categories = tableOf(issue);
    const categoryOf = (id: unknown) =>
      typeof id === 'string' ? (categories?.get(id) ?? null) : null;
    const changes = input.activityOf(issue._id);
    let current: StateCategory | null = null;
    let seen = false;
    for (const change of changes) {
      if (change.kind !== 'state') continue;
      if (!seen) {
        // Its state before its first recorded change, as valueAt reads it.
        seen = true;
        current = categoryOf(change.from);
        add(current, born, 1);
      }
      // A change stamped before the issue's creation (another device's clock) counts from then.
      const day = Math.max(born, dayOfTime(change.createdAt));
      if (day > last) break;
      const next = categoryOf(change.to);
      add(current, day, -1);
      add(next, day, 1);
      current = next;
    }
    if (!seen) add(categoryOf(issue.stateId), born, 1);
  }

  const days: string[] = [];
  for (let n = first; n <= last; n++) days.push(dayOf(n));
  for (const category of STATE_CATEGORIES) {
    const column = deltas[category];
    for (let i = 1; i < length; i++) column[i]! += column[i - 1]!;
  }
  return { days, counts: deltas };
}

const DAY_MS = 86_400_000;

/**
 * A reader of ISO moments' UTC day numbers (`dayNumber(dayOfMoment(t))`), remembering each day
 * of moments in UTC (`…Z`, as this app writes them) by its date: a year holds a few hundred days
 * but tens of thousands of moments, and parsing each would be most of the flow's time.
 */
function dayReader(): (moment: string) => number {
  const days = new Map<string, number>();
  return (moment) => {
    if (moment.length < 11 || moment[10] !== 'T' || !moment.endsWith('Z')) {
      return Math.floor(Date.parse(moment) / DAY_MS);
    }
    const date = moment.slice(0, 10);
    let n = days.get(date);
    if (n === undefined) days.set(date, (n = dayNumber(date)));
    return n;
  };
}

function emptyCounts(length: number): Record<StateCategory, number[]> {
  const counts = {} as Record<StateCategory, number[]>;
  for (const category of STATE_CATEGORIES) counts[category] = new Array<number>(length).fill(0);
  return counts;
}
