import { useMemo } from 'react';
import {
  filterIssues,
  formatIssueKey,
  NO_BLOCKS,
  sortIssues,
  type IssueDoc,
  type IssueFilter,
  type ProjectDoc,
} from '@keel/domain';
import { useBlockSets } from '../../data/use-docs.ts';
import { useLiveMilestones } from '../views/index.ts';

export interface BoardColumnData {
  stateId: string;
  issues: IssueDoc[];
}

/**
 * A project's issues by state, in workflow order, each column in manual (sortOrder) order.
 * Sorting runs only when the issues change; a filter keystroke filters the sorted list.
 */
export function useBoardColumns(
  project: ProjectDoc | undefined,
  issues: readonly IssueDoc[],
  filter: IssueFilter,
): BoardColumnData[] {
  const sorted = useMemo(() => sortIssues(issues, 'manual'), [issues]);
  const key = project?.key ?? '';
  const blockSets = useBlockSets();
  const blocks = filter.relations.length > 0 ? blockSets : NO_BLOCKS;
  const liveMilestones = useLiveMilestones(filter);
  const filtered = useMemo(
    () =>
      filterIssues(sorted, filter, (i) => formatIssueKey(key, i.number), blocks, liveMilestones),
    [sorted, filter, key, blocks, liveMilestones],
  );
  return useMemo(() => {
    if (!project) return [];
    const byState = new Map(project.states.map((s) => [s.id, [] as IssueDoc[]]));
    for (const issue of filtered) byState.get(issue.stateId)?.push(issue);
    return project.states.map((s) => ({ stateId: s.id, issues: byState.get(s.id)! }));
  }, [project, filtered]);
}
