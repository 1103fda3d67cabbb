import { describe, expect, it } from 'vitest';
import type { ActivityDoc, IssueDoc } from '@keel/domain';
import { activityByIssue, childrenByParent, issueByNumber } from './indexes.ts';

const activity = (id: string, issueId: string, createdAt: string) =>
  ({ _id: id, issueId, createdAt }) as ActivityDoc;

describe('indexes', () => {
  it('groups activity per issue, oldest first, and reuses the index for the same list', () => {
    const list = [
      activity('activity:b', 'issue:1', '2025-06-02T00:00:00Z'),
      activity('activity:a', 'issue:1', '2025-06-01T00:00:00Z'),
      activity('activity:c', 'issue:2', '2025-06-01T00:00:00Z'),
    ];
    const lookup = activityByIssue(list);
    expect(lookup('issue:1').map((a) => a._id)).toEqual(['activity:a', 'activity:b']);
    expect(lookup('issue:3')).toEqual([]);
    expect(activityByIssue(list)).toBe(lookup);
    expect(activityByIssue([...list])).not.toBe(lookup);
  });

  it('finds an issue by project and number', () => {
    const issues = [{ _id: 'issue:x', projectId: 'project:p', number: 42 }] as IssueDoc[];
    expect(issueByNumber(issues)('project:p', 42)?._id).toBe('issue:x');
    expect(issueByNumber(issues)('project:p', 41)).toBeUndefined();
  });

  it('lists the sub-issues of a parent by number, and none for an issue without', () => {
    const issues = [
      { _id: 'issue:c', parentId: 'issue:p', number: 9 },
      { _id: 'issue:b', parentId: 'issue:p', number: 3 },
      { _id: 'issue:p', parentId: null, number: 1 },
    ] as IssueDoc[];
    expect(childrenByParent(issues)('issue:p').map((i) => i._id)).toEqual(['issue:b', 'issue:c']);
    expect(childrenByParent(issues)('issue:c')).toEqual([]);
  });
});
