import { describe, expect, it } from 'vitest';
import { issuesDeletion } from './delete-issues.ts';
import { NOW, makeIssue, makeProject } from './test-fixtures.ts';

const project = makeProject();
let n = 0;
const ctx = {
  projects: new Map([[project._id, project]]),
  actorId: 'u1',
  now: NOW,
  newActivityId: () => `activity:${++n}`,
};

describe('issuesDeletion', () => {
  const epic = makeIssue({ _id: 'issue:epic', number: 1 });
  const story = makeIssue({ _id: 'issue:story', number: 2, parentId: epic._id });
  const task = makeIssue({ _id: 'issue:task', number: 3, parentId: epic._id });
  const all = [epic, story, task];
  const childrenOf = (id: string) => all.filter((i) => i.parentId === id);

  it('deletes each one, and lets go only of the sub-issues that stay', () => {
    const writes = issuesDeletion([epic, story], childrenOf, ctx);
    const ids = writes.map((w) => w._id);
    // Every document once: the story is deleted, not also edited to lose its parent.
    expect(new Set(ids).size).toBe(ids.length);
    expect(writes.filter((w) => '_deleted' in w).map((w) => w._id)).toEqual([
      'issue:epic',
      'issue:story',
    ]);
    const edited = writes.filter((w) => !('_deleted' in w) && w._id.startsWith('issue:'));
    expect(edited).toEqual([expect.objectContaining({ _id: 'issue:task', parentId: null })]);
  });

  it('is one issue’s deletion when given one', () => {
    expect(issuesDeletion([task], childrenOf, ctx).map((w) => w._id)).toEqual(['issue:task']);
  });
});
