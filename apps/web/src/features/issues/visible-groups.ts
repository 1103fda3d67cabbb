import type { IssueGroup } from './group-issues.ts';

export interface VisibleGroup extends IssueGroup {
  /** The group's total, which the header shows even while only some rows are rendered. */
  total: number;
}

/**
 * The first `limit` rows across groups, in order; groups with no rendered row are left out.
 * Long lists render a page at a time and grow as the user scrolls.
 */
export function visibleGroups(groups: readonly IssueGroup[], limit: number): VisibleGroup[] {
  const visible: VisibleGroup[] = [];
  let remaining = limit;
  for (const group of groups) {
    if (remaining <= 0) break;
    const issues =
      group.issues.length <= remaining ? group.issues : group.issues.slice(0, remaining);
    remaining -= issues.length;
    visible.push({ ...group, issues, total: group.issues.length });
  }
  return visible;
}
