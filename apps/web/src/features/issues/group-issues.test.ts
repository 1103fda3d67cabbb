import { describe, expect, it } from 'vitest';
import { groupIssuesByState } from './group-issues.ts';
import { makeIssue, makeProject } from './test-fixtures.ts';

const eng = makeProject();
const ops = makeProject({
  _id: 'project:p2',
  key: 'OPS',
  states: [
    { id: 'later', name: 'Later', category: 'backlog', color: '#94A3B8' },
    { id: 'todo', name: 'Todo', category: 'unstarted', color: '#64748B' },
    { id: 'doing', name: 'Doing', category: 'started', color: '#F59E0B' },
    { id: 'done', name: 'Done', category: 'completed', color: '#10B981' },
    { id: 'wontfix', name: 'Canceled', category: 'canceled', color: '#EF4444' },
  ],
});
const projects = new Map([eng, ops].map((p) => [p._id, p]));

describe('groupIssuesByState', () => {
  it('orders groups by the workflow and leaves out empty ones', () => {
    const issues = [
      makeIssue({ number: 1, stateId: 'done' }),
      makeIssue({ number: 2, stateId: 'backlog' }),
      makeIssue({ number: 3, stateId: 'in-progress' }),
    ];
    const groups = groupIssuesByState(issues, projects);
    expect(groups.map((g) => g.state.name)).toEqual(['Backlog', 'In Progress', 'Done']);
  });

  it('puts the newest issue first within a group', () => {
    const issues = [
      makeIssue({ number: 1, createdAt: '2025-06-01T00:00:00.000Z' }),
      makeIssue({ number: 2, createdAt: '2025-06-03T00:00:00.000Z' }),
      makeIssue({ number: 3, createdAt: '2025-06-02T00:00:00.000Z' }),
    ];
    const [todo] = groupIssuesByState(issues, projects);
    expect(todo?.issues.map((i) => i.number)).toEqual([2, 3, 1]);
  });

  it('merges same-named states across projects and keeps category order', () => {
    const issues = [
      makeIssue({ _id: 'issue:a', number: 1, stateId: 'todo' }),
      makeIssue({ _id: 'issue:b', number: 1, stateId: 'todo', projectId: 'project:p2' }),
      makeIssue({ _id: 'issue:c', number: 2, stateId: 'doing', projectId: 'project:p2' }),
      makeIssue({ _id: 'issue:d', number: 3, stateId: 'later', projectId: 'project:p2' }),
    ];
    const groups = groupIssuesByState(issues, projects);
    expect(groups.map((g) => [g.state.name, g.issues.length])).toEqual([
      ['Later', 1],
      ['Todo', 2],
      ['Doing', 1],
    ]);
  });

  it('still shows issues whose state is unknown', () => {
    const groups = groupIssuesByState([makeIssue({ stateId: 'gone' })], projects);
    expect(groups[0]?.state.name).toBe('gone');
  });
});
