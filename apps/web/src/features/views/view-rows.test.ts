import { describe, expect, it } from 'vitest';
import type { IssueDoc, IssueGroup } from '@keel/domain';
import { nextIssueRow, orderedIssueIds, viewRows } from './view-rows.ts';

const issue = (id: string) => ({ _id: id }) as IssueDoc;
const groups: IssueGroup[] = [
  { key: 'g1', title: 'One', issues: [issue('a'), issue('b')] },
  { key: 'g2', title: 'Two', issues: [issue('a'), issue('c')] },
];

describe('viewRows', () => {
  it('puts a header before each group, and an issue in each group it sits in', () => {
    const rows = viewRows(groups, true);
    expect(rows.map((r) => r.kind)).toEqual([
      'header',
      'issue',
      'issue',
      'header',
      'issue',
      'issue',
    ]);
    expect(rows.map((r) => (r.kind === 'issue' ? r.issue._id : r.group.key))).toEqual([
      'g1',
      'a',
      'b',
      'g2',
      'a',
      'c',
    ]);
    expect(viewRows(groups, false)).toHaveLength(4);
  });

  it('numbers headers and issue rows each in their own run', () => {
    expect(viewRows(groups, true).map((r) => `${r.kind[0]}${r.slot}`)).toEqual([
      'h0',
      'i0',
      'i1',
      'h1',
      'i2',
      'i3',
    ]);
    expect(viewRows(groups, false).map((r) => r.slot)).toEqual([0, 1, 2, 3]);
  });

  it('moves between issue rows, skipping headers and stopping at the ends', () => {
    const rows = viewRows(groups, true);
    expect(nextIssueRow(rows, -1, 1)).toBe(1);
    expect(nextIssueRow(rows, 2, 1)).toBe(4);
    expect(nextIssueRow(rows, 4, -1)).toBe(2);
    expect(nextIssueRow(rows, 5, 1)).toBe(5);
    expect(nextIssueRow(rows, 1, -1)).toBe(1);
    expect(nextIssueRow([], -1, 1)).toBe(-1);
  });

  it('lists each issue once in the order shown', () => {
    expect(orderedIssueIds(groups)).toEqual(['a', 'b', 'c']);
  });
});
