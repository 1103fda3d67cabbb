import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import { buildNewIssue, firstSortOrder, sortKeyBefore } from './issue-create.ts';
import { TEST_NOW as NOW, makeIssue, makeProject } from './test-fixtures.ts';

const input = {
  issueId: 'issue:abc',
  newActivityId: () => 'activity:def',
  project: makeProject(),
  number: 7,
  title: 'Fix the login',
  description: '',
  firstSortOrder: null,
  actorId: 'u1',
  now: NOW,
};

describe('buildNewIssue', () => {
  it('starts in the first unstarted state with empty properties', () => {
    const { issue } = buildNewIssue(input);
    expect(issue).toMatchObject({
      stateId: 'todo',
      priority: 0,
      assigneeId: null,
      labelIds: [],
      createdBy: 'u1',
      subscriberIds: ['u1'],
      projectId: 'project:p1',
      number: 7,
    });
  });

  it('builds documents the domain accepts from a member', () => {
    const { issue, activities } = buildNewIssue(input);
    const ctx = { role: 'member' as const, userId: 'u1', existing: null };
    expect(checkDocumentWrite(issue, ctx).ok).toBe(true);
    expect(activities).toHaveLength(1);
    expect(checkDocumentWrite(activities[0]!, ctx).ok).toBe(true);
    expect(activities[0]).toMatchObject({
      issueId: 'issue:abc',
      kind: 'created',
      from: null,
      to: null,
    });
  });

  it('makes a sub-issue in the same write, with its parent activity after "created"', () => {
    let n = 0;
    const { issue, activities } = buildNewIssue({
      ...input,
      parentId: 'issue:parent',
      newActivityId: () => `activity:${++n}`,
    });
    expect(issue.parentId).toBe('issue:parent');
    expect(activities.map((a) => [a._id, a.kind, a.from, a.to])).toEqual([
      ['activity:1', 'created', null, null],
      ['activity:2', 'parent', null, 'issue:parent'],
    ]);
    const ctx = { role: 'member' as const, userId: 'u1', existing: null };
    for (const doc of [issue, ...activities]) expect(checkDocumentWrite(doc, ctx).ok).toBe(true);
  });

  it('sorts a new issue before the current first one', () => {
    const { issue } = buildNewIssue({ ...input, firstSortOrder: 'a0' });
    expect(issue.sortOrder < 'a0').toBe(true);
  });
});

describe('sort keys', () => {
  it('finds the smallest key of the project only', () => {
    const issues = [
      makeIssue({ sortOrder: 'a3' }),
      makeIssue({ sortOrder: 'a1' }),
      makeIssue({ sortOrder: 'Zz', projectId: 'project:other' }),
    ];
    expect(firstSortOrder(issues, 'project:p1')).toBe('a1');
    expect(firstSortOrder([], 'project:p1')).toBeNull();
  });

  it('survives a malformed key', () => {
    expect(sortKeyBefore('not a key!')).toBe('a0');
  });
});
