import {
  currentCycle,
  cycleId,
  dayNumber,
  dayOf,
  dayOfMoment,
  rolloverTime,
  weekdayOf,
  type CycleDoc,
  type CycleSettings,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';

/** Weekly cycles from Monday, two planned ahead: the demo projects' settings. */
export const DEMO_CYCLE_SETTINGS: CycleSettings = {
  enabled: true,
  weeks: 1,
  startWeekday: 1,
  upcoming: 2,
};

/**
 * A project's cycles as a year of weekly work leaves them: `count` in all, the last two planned,
 * the one before them current, and those before it over and rolled over (SPEC §10). Four demo
 * projects at 50 each are the 200 cycles of issue 24's speed target.
 */
export function demoCycles(project: ProjectDoc, count: number, now: Date): CycleDoc[] {
  const today = dayNumber(dayOfMoment(now));
  const thisWeek = today - ((weekdayOf(today) - DEMO_CYCLE_SETTINGS.startWeekday + 7) % 7);
  const current = count - DEMO_CYCLE_SETTINGS.upcoming;
  return Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    const startsOn = dayOf(thisWeek + (number - current) * 7);
    const endsOn = dayOf(dayNumber(startsOn) + 6);
    // Planned two weeks ahead, never before its project nor after the seed runs.
    const planned = Date.parse(`${dayOf(dayNumber(startsOn) - 14)}T09:00:00.000Z`);
    const createdAt = new Date(
      Math.min(Math.max(planned, Date.parse(project.createdAt)), now.getTime() - 60_000),
    ).toISOString();
    const over = number < current;
    return {
      _id: cycleId(project._id, number),
      type: 'cycle' as const,
      projectId: project._id,
      number,
      name: '',
      startsOn,
      endsOn,
      completedAt: over ? rolloverTime({ endsOn }) : null,
      createdAt,
      updatedAt: over ? rolloverTime({ endsOn }) : createdAt,
    };
  });
}

/**
 * The cycle an issue is in: a finished one stays in the cycle it was finished in, an open one is
 * in the current cycle or the next, or none (`roll` in [0, 1) picks). Null for none.
 */
export function demoCycleOf(
  issue: Pick<IssueDoc, 'createdAt' | 'completedAt' | 'canceledAt'>,
  cycles: readonly CycleDoc[],
  today: string,
  roll: number,
): CycleDoc | null {
  const finished = issue.completedAt ?? issue.canceledAt;
  if (finished) {
    const day = dayOfMoment(finished);
    return cycles.find((c) => c.startsOn <= day && day <= c.endsOn) ?? null;
  }
  const held = currentCycle(cycles, today);
  const current = held ? cycles.indexOf(held) : -1;
  if (current < 0 || roll >= 0.4) return null;
  return cycles[roll < 0.3 ? current : current + 1] ?? null;
}
