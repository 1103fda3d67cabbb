import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MilestoneDoc } from './documents.ts';
import { milestonesOf, projectProgress } from './project-progress.ts';
import { FIXTURE_TIME, testIssue, testProject } from './test-fixtures.ts';
import { DEFAULT_STATES } from './workflow.ts';

const project = testProject();
const milestone = (tail: string, sortOrder: string, projectId = project._id): MilestoneDoc => ({
  _id: `milestone:${tail}`,
  type: 'milestone',
  projectId,
  name: tail,
  targetOn: null,
  sortOrder,
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
});
const alpha = milestone('alpha', 'a0');
const beta = milestone('beta', 'a1');

describe('projectProgress', () => {
  it('counts the project’s issues as a whole, per milestone and outside any', () => {
    const issues = [
      testIssue({ number: 1, stateId: 'done', estimate: 3, milestoneId: alpha._id }),
      testIssue({ number: 2, stateId: 'todo', estimate: 5, milestoneId: alpha._id }),
      testIssue({ number: 3, stateId: 'canceled', estimate: 8, milestoneId: beta._id }),
      testIssue({ number: 4, stateId: 'in-progress', estimate: null }),
      // In a milestone deleted since: outside any.
      testIssue({ number: 5, stateId: 'done', estimate: 2, milestoneId: 'milestone:gone' }),
      // Another project's.
      testIssue({ number: 6, stateId: 'done', projectId: 'project:p2' }),
    ];
    const progress = projectProgress(project, [alpha, beta], issues);
    expect(progress.whole.scope).toEqual({ count: 4, points: 10 });
    expect(progress.whole.completed).toEqual({ count: 2, points: 5 });
    expect(progress.byMilestone.get(alpha._id)!.scope).toEqual({ count: 2, points: 8 });
    expect(progress.byMilestone.get(alpha._id)!.completed).toEqual({ count: 1, points: 3 });
    // Canceled is out of scope: a milestone whose only issue was canceled has nothing to do.
    expect(progress.byMilestone.get(beta._id)!.scope).toEqual({ count: 0, points: 0 });
    expect(progress.unplanned.scope).toEqual({ count: 2, points: 2 });
  });

  it('adds up: the milestones and the rest make the whole, whatever the issues', () => {
    const states = DEFAULT_STATES.map((s) => s.id);
    const issueArb = fc.record({
      stateId: fc.constantFrom(...states),
      estimate: fc.option(fc.constantFrom(1, 2, 3, 5, 8), { nil: null }),
      milestoneId: fc.constantFrom(null, alpha._id, beta._id, 'milestone:gone'),
    });
    fc.assert(
      fc.property(fc.array(issueArb, { maxLength: 40 }), (shapes) => {
        const issues = shapes.map((s, i) => testIssue({ number: i + 1, ...s }));
        const { whole, byMilestone, unplanned } = projectProgress(project, [alpha, beta], issues);
        for (const tally of ['scope', 'completed', 'started', 'canceled'] as const)
          for (const by of ['count', 'points'] as const) {
            const parts = [...byMilestone.values(), unplanned].reduce(
              (sum, p) => sum + p[tally][by],
              0,
            );
            expect(parts).toBe(whole[tally][by]);
          }
        expect(whole.completed.count).toBeLessThanOrEqual(whole.scope.count);
      }),
    );
  });
});

describe('milestonesOf', () => {
  it('lists a project’s milestones in their order, ties by id', () => {
    const tie = milestone('aardvark', 'a1');
    const theirs = milestone('other', 'Zz', 'project:p2');
    expect(milestonesOf(project._id, [beta, theirs, tie, alpha]).map((m) => m._id)).toEqual([
      alpha._id,
      tie._id,
      beta._id,
    ]);
  });
});
