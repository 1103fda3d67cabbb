import { describe, expect, it } from 'vitest';
import { cycleProgress, percentDone } from './cycle-progress.ts';
import { testIssue, testProject } from './test-fixtures.ts';

const project = testProject();
const projects = new Map([[project._id, project]]);
const issue = (number: number, stateId: string, estimate: number | null) =>
  testIssue({ number, stateId, estimate });

describe('cycleProgress', () => {
  it('counts scope, started and completed by count and by estimate; canceled is out', () => {
    const progress = cycleProgress(
      [
        issue(1, 'todo', 3),
        issue(2, 'in-progress', 5),
        issue(3, 'in-review', null),
        issue(4, 'done', 8),
        issue(5, 'canceled', 13),
      ],
      projects,
    );
    expect(progress).toEqual({
      scope: { count: 4, points: 16 },
      started: { count: 2, points: 5 },
      completed: { count: 1, points: 8 },
      canceled: { count: 1, points: 13 },
    });
    expect(percentDone(progress)).toBe(25);
    expect(percentDone(progress, 'points')).toBe(50);
  });

  it('is 0% of nothing', () => {
    expect(percentDone(cycleProgress([], projects))).toBe(0);
  });
});
