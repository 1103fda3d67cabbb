import { useMemo } from 'react';
import {
  filterGroups,
  groupIssues,
  NO_BLOCKS,
  sortIssues,
  type CycleDoc,
  type FilteredGroups,
  type IssueDoc,
  type IssueFilter,
  type IssueGroup,
  type LabelDoc,
  type MilestoneDoc,
  type ViewQuery,
} from '@keel/domain';
import {
  issueKeyOf,
  useBlockSets,
  useDocs,
  useMemberMap,
  useProjectMap,
} from '../../data/use-docs.ts';
import { useWarmFilterText, useWarmTextIndexes } from './use-warm-filter-text.ts';

const NO_CYCLES: ReadonlyMap<string, CycleDoc> = new Map();
const NO_MILESTONES: ReadonlyMap<string, MilestoneDoc> = new Map();

export function useLabelMap(): ReadonlyMap<string, LabelDoc> {
  const labels = useDocs('label');
  return useMemo(() => new Map(labels.map((l) => [l._id, l])), [labels]);
}

export function useCycleMap(): ReadonlyMap<string, CycleDoc> {
  const cycles = useDocs('cycle');
  return useMemo(() => new Map(cycles.map((c) => [c._id, c])), [cycles]);
}

function useMilestoneMap(): ReadonlyMap<string, MilestoneDoc> {
  const milestones = useDocs('milestone');
  return useMemo(() => new Map(milestones.map((m) => [m._id, m])), [milestones]);
}

/**
 * The ids of the milestones that exist, while the filter asks for milestones (an issue naming a
 * deleted one is in none); null otherwise, so other filters do not start over when one changes.
 */
export function useLiveMilestones(filter: IssueFilter): ReadonlySet<string> | null {
  const milestones = useDocs('milestone');
  const asked = filter.milestoneIds.length > 0;
  return useMemo(() => (asked ? new Set(milestones.map((m) => m._id)) : null), [asked, milestones]);
}

/**
 * Issues through the view: sorted and grouped only when the issues or the display change, then
 * filtered, so a filter keystroke never re-sorts or re-groups 10,000 issues, and a narrowing
 * keystroke filters only what the previous one kept (filter-groups.ts).
 */
export function useViewGroups(
  issues: readonly IssueDoc[],
  view: ViewQuery,
): { groups: IssueGroup[]; count: number } {
  const projects = useProjectMap();
  const members = useMemberMap();
  const labels = useLabelMap();
  const cycleMap = useCycleMap();
  // Only a grouping by cycle (milestone) redraws when a cycle (milestone) changes.
  const cycles = view.groupBy === 'cycle' ? cycleMap : NO_CYCLES;
  const milestoneMap = useMilestoneMap();
  const milestones = view.groupBy === 'milestone' ? milestoneMap : NO_MILESTONES;
  // Used only when the view filters by relation: other views do not filter again for one.
  const blockSets = useBlockSets();
  const blocks = view.filter.relations.length > 0 ? blockSets : NO_BLOCKS;
  const liveMilestones = useLiveMilestones(view.filter);
  useWarmFilterText(issues, projects);
  const sorted = useMemo(() => sortIssues(issues, view.sortBy), [issues, view.sortBy]);
  const all = useMemo(
    () => groupIssues(sorted, view.groupBy, { projects, members, labels, cycles, milestones }),
    [sorted, view.groupBy, projects, members, labels, cycles, milestones],
  );
  useWarmTextIndexes(all, projects);
  return useMemo(() => {
    const keyOf = (issue: IssueDoc) => issueKeyOf(issue, projects);
    const previous = lastFiltered.get(all) ?? null;
    const filtered = filterGroups(all, view.filter, keyOf, previous, blocks, liveMilestones);
    lastFiltered.set(all, filtered);
    return filtered;
  }, [all, view.filter, projects, blocks, liveMilestones]);
}

// The latest filtering of each set of groups: where the next keystroke starts from.
const lastFiltered = new WeakMap<readonly IssueGroup[], FilteredGroups>();
