import { describe, expect, it } from 'vitest';
import { subIssueProgress } from './sub-issue-progress.ts';
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
const child = (number: number, stateId: string) =>
  testIssue({ number, stateId, parentId: 'issue:i1' });

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
