import {
  filterIssues,
  foldText,
  type IssueFilter,
  type IssueGroup,
  type IssueKeyOf,
} from './issue-query.ts';

/** A view's groups after its filter, kept so the next keystroke can start from them. */
export interface FilteredGroups {
  /** The unfiltered groups these came from. */
  source: readonly IssueGroup[];
  filter: IssueFilter;
  /** Non-empty groups, in the source's order, each with its matching issues in order. */
  groups: IssueGroup[];
  /** Issues shown, each counted once even when it sits in several groups (labels). */
  count: number;
}

/**
 * Filter already grouped issues. Grouping and sorting do not depend on the filter, so a
 * keystroke only filters; and when the new filter can only match fewer issues than `previous`
 * (the same filter with more text typed), it filters what `previous` kept instead of everything.
 */
export function filterGroups(
  source: readonly IssueGroup[],
  filter: IssueFilter,
  keyOf: IssueKeyOf,
  previous: FilteredGroups | null = null,
): FilteredGroups {
  const from =
    previous && previous.source === source && narrows(previous.filter, filter)
      ? previous.groups
      : source;
  const groups: IssueGroup[] = [];
  const seen = new Set<string>();
  for (const group of from) {
    const issues = filterIssues(group.issues, filter, keyOf);
    if (issues.length === 0) continue;
    groups.push(issues === group.issues ? group : { ...group, issues: [...issues] });
    for (const issue of issues) seen.add(issue._id);
  }
  return { source, filter, groups, count: seen.size };
}

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
    !same(before.projectIds, next.projectIds)
  )
    return false;
  const words = (text: string) => foldText(text).split(/\s+/).filter(Boolean);
  const now = words(next.text);
  return words(before.text).every((old) => now.some((word) => word.includes(old)));
}
