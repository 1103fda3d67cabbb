import type { IssueEdit, ConflictDoc, IssueDoc } from '@keel/domain';

type IssueField = Exclude<ConflictDoc['field'], 'comment'>;

/** The issue edit that brings a lost value back; null for a comment's text. */
export function restoreEdit(entry: ConflictDoc): IssueEdit | null {
  const v = entry.lost.value;
  const text = typeof v === 'string' ? v : '';
  const id = typeof v === 'string' ? v : null;
  const edits: Record<IssueField, () => IssueEdit> = {
    title: () => ({ title: text }),
    description: () => ({ description: text }),
    state: () => ({ stateId: text }),
    priority: () => ({ priority: typeof v === 'number' ? v : 0 }),
    assignee: () => ({ assigneeId: id }),
    labels: () => ({ labelIds: Array.isArray(v) ? v : [] }),
    estimate: () => ({ estimate: typeof v === 'number' ? v : null }),
    dueDate: () => ({ dueDate: id }),
    parent: () => ({ parentId: id }),
    cycle: () => ({ cycleId: id }),
    milestone: () => ({ milestoneId: id }),
  };
  return entry.field === 'comment' ? null : edits[entry.field]();
}

/** The value of the entry's field now, to tell whether the lost value is back. */
export function currentValue(
  entry: ConflictDoc,
  issue: IssueDoc | undefined,
  commentBody: string | undefined,
): unknown {
  if (entry.field === 'comment') return commentBody;
  if (!issue) return undefined;
  const fields: Record<IssueField, unknown> = {
    title: issue.title,
    description: issue.description,
    state: issue.stateId,
    priority: issue.priority,
    assignee: issue.assigneeId,
    labels: issue.labelIds,
    estimate: issue.estimate,
    dueDate: issue.dueDate,
    parent: issue.parentId,
    cycle: issue.cycleId ?? null,
    milestone: issue.milestoneId ?? null,
  };
  return fields[entry.field];
}

/** Whether the lost value is what the field holds now (labels in any order). */
export function isRestored(entry: ConflictDoc, current: unknown): boolean {
  const lost = entry.lost.value;
  if (Array.isArray(lost) && Array.isArray(current))
    return lost.length === current.length && lost.every((x) => current.includes(x));
  return (lost ?? null) === (current ?? null);
}
