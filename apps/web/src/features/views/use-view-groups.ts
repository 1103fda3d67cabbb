import { useMemo } from 'react';
import {
  filterIssues,
  groupIssues,
  sortIssues,
  type IssueDoc,
  type IssueGroup,
  type LabelDoc,
  type ViewQuery,
} from '@keel/domain';
import { issueKeyOf, useDocs, useMemberMap, useProjectMap } from '../sync/use-docs.ts';

export function useLabelMap(): ReadonlyMap<string, LabelDoc> {
  const labels = useDocs('label');
  return useMemo(() => new Map(labels.map((l) => [l._id, l])), [labels]);
}

/**
 * Issues through the view: sorted (only when the issues or the order change), then filtered
 * (which keeps the order, so a keystroke never re-sorts), then grouped.
 */
export function useViewGroups(
  issues: readonly IssueDoc[],
  view: ViewQuery,
): { groups: IssueGroup[]; count: number } {
  const projects = useProjectMap();
  const members = useMemberMap();
  const labels = useLabelMap();
  const sorted = useMemo(() => sortIssues(issues, view.sortBy), [issues, view.sortBy]);
  const filtered = useMemo(
    () => filterIssues(sorted, view.filter, (issue) => issueKeyOf(issue, projects)),
    [sorted, view.filter, projects],
  );
  const groups = useMemo(
    () => groupIssues(filtered, view.groupBy, { projects, members, labels }),
    [filtered, view.groupBy, projects, members, labels],
  );
  return { groups, count: filtered.length };
}
