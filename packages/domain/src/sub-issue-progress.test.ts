import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subIssueProgress, subIssueProgressByParent } from './sub-issue-progress.ts';
import { testIssue, testProject } from './test-fixtures.ts';

const project = testProject();
// A second project with a workflow of its own: a sub-issue's state is read in its own project.
const other = testProject({
  _id: 'project:p2',
  key: 'OPS',
  states: [
    { id: 'open', name: 'Open', category: 'unstarted', color: '#64748B' },
    { id: 'shipped', name: 'Shipped', category: 'completed', color: '#10B981' },
    { id: 'dropped', name: 'Dropped', category: 'canceled', color: '#EF4444' },
  ],
});
const projects = new Map([project, other].map((p) => [p._id, p]));
const child = (number: number, stateId: string, parentId: string | null = 'issue:i1') =>
  testIssue({ number, stateId, parentId });

describe('subIssueProgress', () => {
  it('counts completed sub-issues out of all but the canceled ones', () => {
    const children = [
      child(2, 'todo'),
      child(3, 'in-progress'),
      child(4, 'done'),
      child(5, 'done'),
      child(6, 'canceled'),
    ];
    expect(subIssueProgress(children, projects)).toEqual({ done: 2, total: 4 });
  });

  it("reads each sub-issue's state in its own project; an unknown state is still to do", () => {
    const children = [
      { ...child(2, 'shipped'), projectId: other._id },
      { ...child(3, 'dropped'), projectId: other._id },
      { ...child(4, 'done'), projectId: 'project:gone' },
    ];
    expect(subIssueProgress(children, projects)).toEqual({ done: 1, total: 2 });
  });

  it('is null without sub-issues, or when every one is canceled', () => {
    expect(subIssueProgress([], projects)).toBeNull();
    expect(subIssueProgress([child(2, 'canceled')], projects)).toBeNull();
  });
});

describe('subIssueProgressByParent', () => {
  it('gives each parent its own figure and leaves other issues out', () => {
    const issues = [
      child(1, 'todo', null),
      child(2, 'done'),
      child(3, 'todo'),
      child(4, 'done', 'issue:i2'),
      child(5, 'canceled', 'issue:i3'),
    ];
    const byParent = subIssueProgressByParent(issues, projects);
    expect([...byParent]).toEqual([
      ['issue:i1', { done: 1, total: 2 }],
      ['issue:i2', { done: 1, total: 1 }],
    ]);
  });

  it('keeps the previous object for a parent whose figure did not change', () => {
    const before = subIssueProgressByParent([child(2, 'done'), child(3, 'todo')], projects);
    const same = subIssueProgressByParent(
      [child(2, 'done'), child(3, 'in-review')],
      projects,
      before,
    );
    const moved = subIssueProgressByParent([child(2, 'done'), child(3, 'done')], projects, before);
    expect(same.get('issue:i1')).toBe(before.get('issue:i1'));
    expect(moved.get('issue:i1')).toEqual({ done: 2, total: 2 });
  });

  it('agrees with each parent counted on its own, for any issues (property)', () => {
    const stateIds = project.states.map((s) => s.id);
    const issues = fc
      .array(fc.tuple(fc.constantFrom(...stateIds), fc.option(fc.integer({ min: 1, max: 6 }))), {
        maxLength: 30,
      })
      .map((specs) =>
        specs.map(([stateId, parent], i) =>
          child(i + 1, stateId, parent === null ? null : `issue:i${parent}`),
        ),
      );
    fc.assert(
      fc.property(issues, (all) => {
        const byParent = subIssueProgressByParent(all, projects);
        const parents = new Set(all.flatMap((i) => (i.parentId ? [i.parentId] : [])));
        for (const parentId of parents) {
          const own = subIssueProgress(
            all.filter((i) => i.parentId === parentId),
            projects,
          );
          expect(byParent.get(parentId) ?? null).toEqual(own);
        }
        for (const [parentId, { done, total }] of byParent) {
          expect(parents.has(parentId)).toBe(true);
          expect(0 <= done && done <= total && total > 0).toBe(true);
        }
      }),
    );
  });
});
