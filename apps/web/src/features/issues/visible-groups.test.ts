import { describe, expect, it } from 'vitest';
import { DEFAULT_STATES } from '@keel/domain';
import type { IssueGroup } from './group-issues.ts';
import { visibleGroups } from './visible-groups.ts';
import { makeIssue } from './test-fixtures.ts';

const group = (n: number, size: number): IssueGroup => ({
  key: `g${n}`,
  state: DEFAULT_STATES[n]!,
  issues: Array.from({ length: size }, (_, i) => makeIssue({ number: n * 100 + i })),
});

describe('visibleGroups', () => {
  it('takes rows across groups up to the limit and keeps each total', () => {
    const groups = [group(0, 3), group(1, 5), group(2, 4)];
    const visible = visibleGroups(groups, 6);
    expect(visible.map((g) => [g.key, g.issues.length, g.total])).toEqual([
      ['g0', 3, 3],
      ['g1', 3, 5],
    ]);
  });

  it('shows everything when the limit is large enough', () => {
    const groups = [group(0, 2), group(1, 1)];
    expect(visibleGroups(groups, 100).map((g) => g.issues.length)).toEqual([2, 1]);
  });
});
