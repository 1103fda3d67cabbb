import { describe, expect, it } from 'vitest';
import type { ActivityDoc, CycleDoc } from './documents.ts';
import { cycleBurnUp } from './cycle-burn-up.ts';
import { testIssue, testProject } from './test-fixtures.ts';

const project = testProject();
const cycle: CycleDoc = {
  _id: 'cycle:p1.1',
  type: 'cycle',
  projectId: project._id,
  number: 1,
  name: '',
  startsOn: '2026-11-23',
  endsOn: '2026-11-29',
  completedAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
let serial = 0;
const change = (
  issueId: string,
  kind: 'cycle' | 'state',
  from: string | null,
  to: string | null,
  at: string,
): ActivityDoc => ({
  _id: `activity:a${++serial}`,
  type: 'activity',
  issueId,
  actorId: 'u1',
  kind,
  from,
  to,
  createdAt: `${at}T12:00:00.000Z`,
  updatedAt: `${at}T12:00:00.000Z`,
});

describe('cycleBurnUp', () => {
  const created = '2026-11-01T00:00:00.000Z';
  // Added on the first day, started on the second, done on the fourth.
  const done = testIssue({ number: 1, createdAt: created, cycleId: cycle._id, stateId: 'done' });
  // Added on the second day, moved out on the third.
  const left = testIssue({ number: 2, createdAt: created, cycleId: null });
  // Created in the cycle on the third day; canceled on the fifth.
  const dropped = testIssue({
    number: 3,
    createdAt: '2026-11-25T09:00:00.000Z',
    cycleId: cycle._id,
    stateId: 'canceled',
  });
  const history: Record<string, ActivityDoc[]> = {
    [done._id]: [
      change(done._id, 'cycle', null, cycle._id, '2026-11-23'),
      change(done._id, 'state', 'todo', 'in-progress', '2026-11-24'),
      change(done._id, 'state', 'in-progress', 'done', '2026-11-26'),
    ],
    [left._id]: [
      change(left._id, 'cycle', null, cycle._id, '2026-11-24'),
      change(left._id, 'cycle', cycle._id, null, '2026-11-25'),
    ],
    [dropped._id]: [change(dropped._id, 'state', 'todo', 'canceled', '2026-11-27')],
  };
  const burnUp = (today: string) =>
    cycleBurnUp({
      cycle,
      issues: [done, left, dropped],
      activityOf: (id) => history[id] ?? [],
      project,
      today,
    });

  it('follows scope and completion day by day, from each issue’s history', () => {
    expect(burnUp('2026-12-10').map((p) => [p.day.slice(8), p.scope, p.completed])).toEqual([
      ['23', 1, 0],
      ['24', 2, 0],
      ['25', 2, 0],
      ['26', 2, 1],
      ['27', 1, 1],
      ['28', 1, 1],
      ['29', 1, 1],
    ]);
  });

  it('stops at today while the cycle runs', () => {
    expect(burnUp('2026-11-25').map((p) => p.day)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });
});
