import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityDoc, IssueDoc } from './documents.ts';
import { dayNumber, dayOf } from './cycles.ts';
import { endOfDay, valueAt } from './history-at.ts';
import { cumulativeFlow } from './insights-flow.ts';
import { testIssue, testProject } from './test-fixtures.ts';
import { STATE_CATEGORIES, type StateCategory } from './workflow.ts';

const project = testProject({
  formerStates: [{ id: 'review', name: 'Review', category: 'started', color: '#F59E0B' }],
});
let serial = 0;
const stateChange = (issueId: string, from: string, to: string, at: string): ActivityDoc => ({
  _id: `activity:a${++serial}`,
  type: 'activity',
  issueId,
  actorId: 'u1',
  kind: 'state',
  from,
  to,
  createdAt: at,
  updatedAt: at,
});

/** Today's figure per category, from the flow's last day. */
const lastDay = (flow: ReturnType<typeof cumulativeFlow>) =>
  Object.fromEntries(STATE_CATEGORIES.map((c) => [c, flow.counts[c].at(-1)]));

describe('cumulativeFlow', () => {
  const a = testIssue({ number: 1, createdAt: '2026-03-01T10:00:00.000Z', stateId: 'done' });
  const b = testIssue({ number: 2, createdAt: '2026-03-02T10:00:00.000Z', stateId: 'todo' });
  const c = testIssue({ number: 3, createdAt: '2026-03-02T11:00:00.000Z', stateId: 'canceled' });
  const history: Record<string, ActivityDoc[]> = {
    [a._id]: [
      stateChange(a._id, 'todo', 'in-progress', '2026-03-02T09:00:00.000Z'),
      // Through a state the project has since removed, then done, all on the 3rd.
      stateChange(a._id, 'in-progress', 'review', '2026-03-03T09:00:00.000Z'),
      stateChange(a._id, 'review', 'done', '2026-03-04T09:00:00.000Z'),
    ],
    [c._id]: [stateChange(c._id, 'backlog', 'canceled', '2026-03-03T23:00:00.000Z')],
  };
  const flow = (today: string, days?: number) =>
    cumulativeFlow({
      issues: [a, b, c],
      activityOf: (id) => history[id] ?? [],
      workflows: project,
      today,
      ...(days ? { days } : {}),
    });

  it('counts each issue in its state’s category at each day’s end, from its creation', () => {
    const result = flow('2026-03-05');
    expect(result.days).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    expect(result.counts).toEqual({
      backlog: [0, 1, 0, 0, 0],
      unstarted: [1, 1, 1, 1, 1],
      started: [0, 1, 1, 0, 0],
      completed: [0, 0, 0, 1, 1],
      canceled: [0, 0, 1, 1, 1],
    });
  });

  it('starts at the range’s first day when the project is older, carrying earlier changes', () => {
    const result = flow('2026-03-10', 3);
    expect(result.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(lastDay(result)).toEqual({
      backlog: 0,
      unstarted: 1,
      started: 0,
      completed: 1,
      canceled: 1,
    });
  });

  it('has no days without issues, and leaves out those created after today', () => {
    expect(flow('2026-02-01').days).toEqual([]);
    const none = cumulativeFlow({
      issues: [],
      activityOf: () => [],
      workflows: project,
      today: '2026-03-01',
    });
    expect(none.days).toEqual([]);
    expect(none.counts.backlog).toEqual([]);
  });

  it('leaves an issue out while it is in a state the project never had', () => {
    const moved = testIssue({ number: 4, createdAt: '2026-03-01T00:00:00.000Z', stateId: 'todo' });
    const result = cumulativeFlow({
      issues: [moved],
      activityOf: () => [stateChange(moved._id, 'elsewhere', 'todo', '2026-03-02T00:00:00.000Z')],
      workflows: project,
      today: '2026-03-02',
    });
    expect(result.counts.unstarted).toEqual([0, 1]);
    expect(result.counts.backlog).toEqual([0, 0]);
  });

  it('agrees with reading every issue’s state at every day’s end (valueAt)', () => {
    const stateIds = [...project.states, ...project.formerStates!].map((s) => s.id);
    const base = dayNumber('2026-05-01');
    const moment = (day: number, ms: number) => new Date((base + day) * 86_400_000 + ms);
    const issueArb = fc.record({
      created: fc.integer({ min: 0, max: 40 }),
      ms: fc.integer({ min: 0, max: 86_399_999 }),
      stateId: fc.constantFrom(...stateIds),
      changes: fc.array(
        fc.record({
          after: fc.integer({ min: -2 * 86_400_000, max: 10 * 86_400_000 }),
          to: fc.constantFrom(...stateIds, 'unknown'),
        }),
        { maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(issueArb, { maxLength: 12 }),
        fc.integer({ min: 20, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        (specs, todayOffset, days) => {
          const history = new Map<string, ActivityDoc[]>();
          const issues: IssueDoc[] = specs.map((spec, i) => {
            const created = moment(spec.created, spec.ms).getTime();
            const issue = testIssue({
              number: i + 1,
              createdAt: new Date(created).toISOString(),
              stateId: spec.stateId,
            });
            // Oldest first, as the store keeps them; each change from the one before.
            const times = spec.changes.map((c) => created + c.after).sort((x, y) => x - y);
            let from = stateIds[i % stateIds.length]!;
            history.set(
              issue._id,
              spec.changes.map((c, j) => {
                const record = stateChange(
                  issue._id,
                  from,
                  c.to,
                  new Date(times[j]!).toISOString(),
                );
                from = c.to;
                return record;
              }),
            );
            return issue;
          });
          const today = dayOf(base + todayOffset);
          const activityOf = (id: string) => history.get(id) ?? [];
          const result = cumulativeFlow({ issues, activityOf, workflows: project, today, days });
          const states = [...project.states, ...project.formerStates!];
          for (const [i, day] of result.days.entries()) {
            const expected = Object.fromEntries(STATE_CATEGORIES.map((c) => [c, 0])) as Record<
              StateCategory,
              number
            >;
            for (const issue of issues) {
              if (issue.createdAt > endOfDay(day)) continue;
              const id = valueAt(activityOf(issue._id), endOfDay(day), issue.stateId);
              const category = states.find((s) => s.id === id)?.category;
              if (category) expected[category]++;
            }
            for (const c of STATE_CATEGORIES) expect(result.counts[c][i]).toBe(expected[c]);
          }
          const earliest = Math.min(...issues.map((x) => dayNumber(x.createdAt.slice(0, 10))));
          const expectedDays = issues.length
            ? Math.max(
                0,
                todayOffset + base - Math.max(earliest, base + todayOffset - days + 1) + 1,
              )
            : 0;
          expect(result.days.length).toBe(expectedDays);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('draws 10,000 issues over a year within the 100 ms a chart may take', () => {
    const issues = Array.from({ length: 10_000 }, (_, i) =>
      testIssue({
        number: i + 1,
        createdAt: new Date(Date.parse('2025-06-01T00:00:00Z') + i * 3_000_000).toISOString(),
        stateId: 'done',
      }),
    );
    const history = new Map(
      issues.map((issue) => {
        const t = Date.parse(issue.createdAt);
        return [
          issue._id,
          [
            stateChange(
              issue._id,
              'backlog',
              'in-progress',
              new Date(t + 86_400_000).toISOString(),
            ),
            stateChange(
              issue._id,
              'in-progress',
              'done',
              new Date(t + 5 * 86_400_000).toISOString(),
            ),
          ],
        ];
      }),
    );
    const run = () =>
      cumulativeFlow({
        issues,
        activityOf: (id) => history.get(id) ?? [],
        workflows: project,
        today: '2026-07-01',
        days: 365,
      });
    // The best of five: a shared test machine's other work should not fail the test.
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    });
    expect(Math.min(...times)).toBeLessThan(100);
    const result = run();
    expect(result.days).toHaveLength(365);
    expect(result.counts.completed.at(-1)).toBe(10_000);
  });
});

describe('cumulativeFlow over several projects (a saved view)', () => {
  it('reads each issue in its own project’s workflow', () => {
    const ops = testProject({
      _id: 'project:p2',
      key: 'OPS',
      states: [
        { id: 'open', name: 'Open', category: 'unstarted', color: '#64748B' },
        { id: 'shipped', name: 'Shipped', category: 'completed', color: '#10B981' },
      ],
    });
    const at = '2026-03-01T10:00:00.000Z';
    const eng = testIssue({ number: 1, createdAt: at, stateId: 'in-progress' });
    const shipped = {
      ...testIssue({ number: 2, createdAt: at }),
      projectId: ops._id,
      stateId: 'shipped',
    };
    const orphan = { ...testIssue({ number: 3, createdAt: at }), projectId: 'project:gone' };
    const result = cumulativeFlow({
      issues: [eng, shipped, orphan],
      activityOf: () => [],
      workflows: new Map([
        [project._id, project],
        [ops._id, ops],
      ]),
      today: '2026-03-01',
    });
    // An issue of a project not in the map (deleted) has no category to count in.
    expect(lastDay(result)).toEqual({
      backlog: 0,
      unstarted: 0,
      started: 1,
      completed: 1,
      canceled: 0,
    });
  });
});
