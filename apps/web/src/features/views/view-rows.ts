import type { IssueDoc, IssueGroup } from '@keel/domain';

/**
 * `slot`: the row's place among the rows of its kind (the third header, the 40th issue row). A
 * list that keys its elements by it keeps each element showing rows of one kind when a filter
 * moves headers about, so the element is updated rather than replaced.
 */
export type ViewRow =
  | { kind: 'header'; slot: number; group: IssueGroup }
  | { kind: 'issue'; slot: number; issue: IssueDoc };

/**
 * The flat list of rows a virtualised list renders: each group's header, then its issues. With
 * a single ungrouped group there is no header. Built on every filter keystroke for every issue
 * kept, so a row holds nothing it would have to work out.
 */
export function viewRows(groups: readonly IssueGroup[], withHeaders: boolean): ViewRow[] {
  const rows: ViewRow[] = [];
  let headers = 0;
  let issues = 0;
  for (const group of groups) {
    if (withHeaders) rows.push({ kind: 'header', slot: headers++, group });
    for (const issue of group.issues) rows.push({ kind: 'issue', slot: issues++, issue });
  }
  return rows;
}

/** The next issue row from `from` in direction `step` (+1 down, -1 up), skipping headers. */
export function nextIssueRow(rows: readonly ViewRow[], from: number, step: 1 | -1): number {
  if (rows.length === 0) return -1;
  let i = from < 0 ? (step === 1 ? -1 : rows.length) : from;
  for (;;) {
    i += step;
    if (i < 0 || i >= rows.length) return from;
    if (rows[i]!.kind === 'issue') return i;
  }
}

/** Issue ids in the order shown, each once: the order a shift-click range follows. */
export function orderedIssueIds(groups: readonly IssueGroup[]): string[] {
  const seen = new Set<string>();
  for (const group of groups) for (const issue of group.issues) seen.add(issue._id);
  return [...seen];
}

/** `orderedIssueIds`, worked out on first use and then kept (the groups never change). */
export function lazyIssueOrder(groups: readonly IssueGroup[]): () => readonly string[] {
  let order: string[] | null = null;
  return () => (order ??= orderedIssueIds(groups));
}
