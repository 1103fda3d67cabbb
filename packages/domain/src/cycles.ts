import type { ActivityDoc, CycleDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { cycleId, idTail } from './ids.ts';
import { editIssue } from './issue-edit.ts';
import { stampIssueEdits } from './issue-merge.ts';
import { isFinished } from './workflow.ts';

/**
 * SPEC §10's cycles as arithmetic on calendar days. A day is `YYYY-MM-DD`, read in UTC: a cycle
 * is current from the start of its first day to the end of its last (`endsOn`, inclusive), and
 * it is over once the UTC date is past `endsOn`.
 */
const DAY_MS = 86_400_000;

/** Days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);
}

export function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar day of a moment. */
export function dayOfMoment(moment: Date | string): string {
  return (typeof moment === 'string' ? new Date(moment) : moment).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday; 1970-01-01 was a Thursday. */
export function weekdayOf(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

const onOrBefore = (n: number, weekday: number) => n - ((weekdayOf(n) - weekday + 7) % 7);
const onOrAfter = (n: number, weekday: number) => n + ((weekday - weekdayOf(n) + 7) % 7);

/** "Cycle 12", or its name with the number when it has one. */
export function cycleLabel(cycle: Pick<CycleDoc, 'number' | 'name'>): string {
  return cycle.name ? `${cycle.name} (Cycle ${cycle.number})` : `Cycle ${cycle.number}`;
}

/** A project's cycles, by number. */
export function cyclesOf(projectId: string, cycles: Iterable<CycleDoc>): CycleDoc[] {
  return [...cycles].filter((c) => c.projectId === projectId).sort((a, b) => a.number - b.number);
}

/** The cycle whose days hold `today`, if any. */
export function currentCycle(cycles: readonly CycleDoc[], today: string): CycleDoc | undefined {
  return cycles.find((c) => c.startsOn <= today && today <= c.endsOn);
}

/** Cycles still open to issues: not over, by number (the issue page's and bulk bar's choices). */
export function openCycles(cycles: readonly CycleDoc[], today: string): CycleDoc[] {
  return cycles.filter((c) => c.completedAt === null && c.endsOn >= today);
}

/**
 * The cycles to add so that a project with cycles on has the one holding `today` and
 * `upcoming` more after it (SPEC §10). Each starts on the settings' weekday after the last one
 * ends, so cycles never overlap; after a long pause (nothing scheduled ends this late) the next
 * starts on that weekday in the current week, never in the past beyond it. Pure: whoever runs
 * it on the same cycles and day adds the same cycles under the same ids.
 */
export function cyclesToSchedule(
  project: ProjectDoc,
  existing: readonly CycleDoc[],
  today: string,
  now: string,
): CycleDoc[] {
  const settings = project.cycles;
  if (!settings?.enabled) return [];
  const length = settings.weeks * 7;
  const t = dayNumber(today);
  const held = cyclesOf(project._id, existing);
  const last = held.at(-1);
  const wanted = 1 + settings.upcoming;
  let ahead = held.filter((c) => dayNumber(c.endsOn) >= t).length;
  let number = (last?.number ?? 0) + 1;
  let start = last
    ? onOrAfter(dayNumber(last.endsOn) + 1, settings.startWeekday)
    : onOrBefore(t, settings.startWeekday);
  if (start + length - 1 < t) start = onOrBefore(t, settings.startWeekday);
  const added: CycleDoc[] = [];
  while (ahead < wanted) {
    const cycle: CycleDoc = {
      _id: cycleId(project._id, number),
      type: 'cycle',
      projectId: project._id,
      number,
      name: '',
      startsOn: dayOf(start),
      endsOn: dayOf(start + length - 1),
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    added.push(cycle);
    if (start + length - 1 >= t) ahead++;
    number++;
    start += length;
  }
  return added;
}

/** Cycles whose last day has passed and that have not been rolled over, by number. */
export function dueRollovers(cycles: readonly CycleDoc[], today: string): CycleDoc[] {
  return cycles
    .filter((c) => c.completedAt === null && c.endsOn < today)
    .sort((a, b) => a.number - b.number);
}

/** Who a rollover's activity names: Keel itself, not a member. */
export const ROLLOVER_ACTOR = 'keel';

/**
 * When a cycle's rollover happened, as far as its documents say: the first moment after its
 * last day. Fixed by the cycle, so every writer of the rollover writes the same content.
 */
export function rolloverTime(cycle: Pick<CycleDoc, 'endsOn'>): string {
  return `${dayOf(dayNumber(cycle.endsOn) + 1)}T00:00:00.000Z`;
}

/** The one activity id of an issue's move out of cycle `number` of its project. */
export function rolloverActivityId(cycleNumber: number, issueId: string): string {
  return `activity:rollover-${cycleNumber}-${idTail(issueId).slice(0, 48)}`;
}

export interface Rollover {
  cycle: CycleDoc;
  issues: IssueDoc[];
  activities: ActivityDoc[];
}

/**
 * A cycle's rollover (SPEC §10): it is completed, and each of its issues not finished moves to
 * `next` with a `cycle` activity. Every document's id and content follow from the cycle and the
 * issues as they were, so two writers (two server instances) write the same revisions, and a
 * second run finds nothing left to move.
 */
export function cycleRollover(
  cycle: CycleDoc,
  next: CycleDoc | undefined,
  issues: readonly IssueDoc[],
  project: ProjectDoc,
): Rollover {
  const at = rolloverTime(cycle);
  const moved: IssueDoc[] = [];
  const activities: ActivityDoc[] = [];
  for (const issue of issues) {
    if (!next || issue.cycleId !== cycle._id || isFinished(issue, project)) continue;
    const edited = editIssue(
      issue,
      { cycleId: next._id },
      {
        project,
        actorId: ROLLOVER_ACTOR,
        now: at,
        newActivityId: () => rolloverActivityId(cycle.number, issue._id),
      },
    );
    if (!edited) continue;
    const stamped = stampIssueEdits(edited.issue, issue, at, ROLLOVER_ACTOR);
    // Never back in time for "recently updated" (still the same for every writer).
    moved.push({ ...stamped, updatedAt: issue.updatedAt > at ? issue.updatedAt : at });
    activities.push(...edited.activities);
  }
  return { cycle: { ...cycle, completedAt: at, updatedAt: at }, issues: moved, activities };
}
