import type { IssueDoc } from './documents.ts';
import type { IssueGroup } from './issue-grouping.ts';
import {
  filterIssues,
  filterWords,
  NO_BLOCKS,
  type IssueBlockSets,
  type IssueFilter,
  type IssueKeyOf,
} from './issue-query.ts';
import { issuesWithWords, textIndexOf } from './text-index.ts';

/** A view's groups after its filter, kept so the next keystroke can start from them. */
export interface FilteredGroups {
  /** The unfiltered groups these came from. */
  source: readonly IssueGroup[];
  filter: IssueFilter;
  /** The relation sets it was filtered with: another set means starting over. */
  blocks: IssueBlockSets;
  /** The live milestones it was filtered with (`filterIssues`): another set, starting over. */
  liveMilestones: ReadonlySet<string> | null;
  /** Non-empty groups, in the source's order, each with its matching issues in order. */
  groups: IssueGroup[];
  /** Issues shown, each counted once even when it sits in several groups (labels). */
  count: number;
}

/**
 * Filter already grouped issues. Grouping and sorting do not depend on the filter, so a
 * keystroke only filters. Text is looked up in each group's text index (text-index.ts), built
 * once per group; without text, a filter that can only match fewer issues than `previous` (a
 * value taken out of a choice) filters what `previous` kept instead of everything.
 */
export function filterGroups(
  source: readonly IssueGroup[],
  filter: IssueFilter,
  keyOf: IssueKeyOf,
  previous: FilteredGroups | null = null,
  blocks: IssueBlockSets = NO_BLOCKS,
  liveMilestones: ReadonlySet<string> | null = null,
): FilteredGroups {
  const words = filterWords(filter.text);
  // Only the source groups have text indexes: with text, start from them.
  const from =
    words.length === 0 &&
    previous &&
    previous.source === source &&
    previous.blocks === blocks &&
    previous.liveMilestones === liveMilestones &&
    narrows(previous.filter, filter)
      ? previous.groups
      : source;
  const others = words.length ? { ...filter, text: '' } : filter;
  const groups: IssueGroup[] = [];
  for (const group of from) {
    let issues: readonly IssueDoc[] = group.issues;
    if (words.length) {
      const found = issuesWithWords(textIndexOf(group.issues, keyOf), words);
      if (found.length < issues.length) issues = found.map((at) => group.issues[at]!);
    }
    issues = filterIssues(issues, others, keyOf, blocks, liveMilestones);
    if (issues.length === 0) continue;
    // Any list other than the group's own was made here (found.map or filterIssues' filter), so
    // it is the new group's without a copy.
    groups.push(issues === group.issues ? group : { ...group, issues: issues as IssueDoc[] });
  }
  return {
    source,
    filter,
    blocks,
    liveMilestones,
    groups,
    count: countIssues(groups, sharesIssues(source)),
  };
}

function countIssues(groups: readonly IssueGroup[], shared: boolean): number {
  if (!shared) return groups.reduce((sum, group) => sum + group.issues.length, 0);
  const seen = new Set<string>();
  for (const group of groups) for (const issue of group.issues) seen.add(issue._id);
  return seen.size;
}

/**
 * Whether an issue sits in more than one of the groups (grouping by label), so counting must
 * skip repeats. Worked out once per set of groups: a keystroke that keeps thousands of issues
 * would otherwise build a set of them only to count it.
 */
function sharesIssues(source: readonly IssueGroup[]): boolean {
  let shared = sharing.get(source);
  if (shared === undefined) {
    const total = source.reduce((sum, group) => sum + group.issues.length, 0);
    shared = countIssues(source, true) !== total;
    sharing.set(source, shared);
  }
  return shared;
}

const sharing = new WeakMap<readonly IssueGroup[], boolean>();

/**
 * True when every issue matching `next` also matches `before`: the same choices, and every word
 * typed before is still inside some word typed now ("eng" → "engine", or a word added).
 */
export function narrows(before: IssueFilter, next: IssueFilter): boolean {
  const same = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  if (
    !same(before.stateIds, next.stateIds) ||
    !same(before.priorities, next.priorities) ||
    !same(before.assigneeIds, next.assigneeIds) ||
    !same(before.labelIds, next.labelIds) ||
    !same(before.projectIds, next.projectIds) ||
    !same(before.cycleIds, next.cycleIds) ||
    !same(before.milestoneIds, next.milestoneIds) ||
    !same(before.relations, next.relations)
  )
    return false;
  const now = filterWords(next.text);
  return filterWords(before.text).every((old) => now.some((word) => word.includes(old)));
}
