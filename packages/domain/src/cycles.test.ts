import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cycleDocSchema, type CycleDoc, type ProjectDoc } from './documents.ts';
import {
  currentCycle,
  cycleLabel,
  cycleRollover,
  cyclesToSchedule,
  dayNumber,
  dayOf,
  dueRollovers,
  rolloverActivityId,
  ROLLOVER_ACTOR,
  weekdayOf,
} from './cycles.ts';
import { cycleId } from './ids.ts';
import { testIssue, testProject } from './test-fixtures.ts';

const NOW = '2026-11-27T12:00:00.000Z';
const withCycles = (over: Partial<NonNullable<ProjectDoc['cycles']>> = {}) =>
  testProject({ cycles: { enabled: true, weeks: 2, startWeekday: 1, upcoming: 2, ...over } });

/** Schedule, day after day, as the server's job does: what a project holds after `days`. */
function run(project: ProjectDoc, from: string, days: number, held: CycleDoc[] = []) {
  const cycles = [...held];
  for (let d = 0; d < days; d++) {
    const today = dayOf(dayNumber(from) + d);
    cycles.push(...cyclesToSchedule(project, cycles, today, NOW));
  }
  return cycles;
}

describe('calendar days', () => {
  it('count days and weekdays in UTC', () => {
    expect(dayOf(dayNumber('2026-11-27'))).toBe('2026-11-27');
    expect(weekdayOf(dayNumber('2026-11-27'))).toBe(5); // a Friday
    expect(weekdayOf(dayNumber('1970-01-01'))).toBe(4);
    expect(dayNumber('2027-01-01') - dayNumber('2026-12-31')).toBe(1);
  });
});

describe('cyclesToSchedule', () => {
  it('starts with the cycle holding today, from this week’s start day, and plans ahead', () => {
    const added = cyclesToSchedule(withCycles(), [], '2026-11-27', NOW);
    expect(added.map((c) => [c.number, c.startsOn, c.endsOn])).toEqual([
      [1, '2026-11-23', '2026-12-06'],
      [2, '2026-12-07', '2026-12-20'],
      [3, '2026-12-21', '2027-01-03'],
    ]);
    for (const cycle of added) {
      expect(cycleDocSchema.safeParse(cycle).success).toBe(true);
      expect(cycle._id).toBe(cycleId('project:p1', cycle.number));
    }
    // Nothing more until the current one ends.
    expect(cyclesToSchedule(withCycles(), added, '2026-12-06', NOW)).toEqual([]);
    expect(cyclesToSchedule(withCycles(), added, '2026-12-07', NOW).map((c) => c.number)).toEqual([
      4,
    ]);
  });

  it('schedules nothing with cycles off', () => {
    expect(cyclesToSchedule(testProject(), [], '2026-11-27', NOW)).toEqual([]);
    expect(cyclesToSchedule(withCycles({ enabled: false }), [], '2026-11-27', NOW)).toEqual([]);
  });

  it('after a long pause, starts again this week rather than in the past', () => {
    const early = run(withCycles(), '2026-01-05', 1);
    const later = cyclesToSchedule(withCycles(), early, '2026-11-27', NOW);
    expect(later[0]).toMatchObject({ number: 4, startsOn: '2026-11-23' });
  });

  it('follows new settings from the next cycle on, without overlapping', () => {
    const held = run(withCycles(), '2026-11-27', 1);
    const changed = withCycles({ weeks: 1, startWeekday: 3, upcoming: 3 });
    const added = cyclesToSchedule(changed, held, '2026-11-27', NOW);
    expect(added[0]).toMatchObject({ number: 4, startsOn: '2027-01-06', endsOn: '2027-01-12' });
  });

  it('keeps, day after day, a current cycle and the planned ones: in order, never overlapping', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 120 }),
        (weeks, startWeekday, upcoming, offset, days) => {
          const project = withCycles({ weeks, startWeekday, upcoming });
          const from = dayOf(dayNumber('2024-01-01') + offset);
          const cycles = run(project, from, days);
          const last = dayOf(dayNumber(from) + days - 1);
          cycles.forEach((cycle, i) => {
            expect(cycle.number).toBe(i + 1);
            expect(weekdayOf(dayNumber(cycle.startsOn))).toBe(startWeekday);
            expect(dayNumber(cycle.endsOn) - dayNumber(cycle.startsOn) + 1).toBe(weeks * 7);
            const next = cycles[i + 1];
            if (next) expect(dayNumber(next.startsOn)).toBe(dayNumber(cycle.endsOn) + 1);
          });
          expect(currentCycle(cycles, last)).toBeDefined();
          expect(cycles.filter((c) => c.startsOn > last)).toHaveLength(upcoming);
          // The same day again adds nothing: whoever runs it twice schedules once.
          expect(cyclesToSchedule(project, cycles, last, NOW)).toEqual([]);
        },
      ),
    );
  });
});

describe('cycleRollover', () => {
  const project = withCycles();
  const [first, second] = cyclesToSchedule(project, [], '2026-11-27', NOW) as [CycleDoc, CycleDoc];
  const open = testIssue({ number: 1, cycleId: first._id });
  const started = testIssue({ number: 2, cycleId: first._id, stateId: 'in-progress' });
  const done = testIssue({ number: 3, cycleId: first._id, stateId: 'done' });
  const canceled = testIssue({ number: 4, cycleId: first._id, stateId: 'canceled' });
  const elsewhere = testIssue({ number: 5, cycleId: second._id });

  it('is due once the cycle’s last day has passed, and not again once completed', () => {
    expect(dueRollovers([first, second], '2026-12-06')).toEqual([]);
    expect(dueRollovers([first, second], '2026-12-07')).toEqual([first]);
    const { cycle } = cycleRollover(first, second, [], project);
    expect(dueRollovers([cycle, second], '2026-12-07')).toEqual([]);
  });

  it('moves the unfinished issues to the next cycle with an activity each, by Keel', () => {
    const result = cycleRollover(
      first,
      second,
      [open, started, done, canceled, elsewhere],
      project,
    );
    expect(result.cycle.completedAt).toBe('2026-12-07T00:00:00.000Z');
    expect(result.issues.map((i) => [i._id, i.cycleId])).toEqual([
      [open._id, second._id],
      [started._id, second._id],
    ]);
    expect(result.issues[0]!.fieldTimes?.cycle).toBe('2026-12-07T00:00:00.000Z');
    expect(result.activities).toEqual([
      expect.objectContaining({
        _id: rolloverActivityId(1, open._id),
        kind: 'cycle',
        actorId: ROLLOVER_ACTOR,
        from: first._id,
        to: second._id,
      }),
      expect.objectContaining({ _id: rolloverActivityId(1, started._id) }),
    ]);
  });

  it('writes the same documents whoever runs it, and nothing the second time', () => {
    const issues = [open, started, done];
    const once = cycleRollover(first, second, issues, project);
    expect(cycleRollover(first, second, issues, project)).toEqual(once);
    const again = cycleRollover(once.cycle, second, [...once.issues, done], project);
    expect(again.issues).toEqual([]);
    expect(again.activities).toEqual([]);
  });

  it('names a cycle by number, and by its name when it has one', () => {
    expect(cycleLabel(first)).toBe('Cycle 1');
    expect(cycleLabel({ ...first, name: 'Launch' })).toBe('Launch (Cycle 1)');
  });
});
