import type { IssueDoc } from './documents.ts';
import type { IssueEdit } from './issue-edit.ts';

type Field = keyof IssueEdit;

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x) => b.includes(x))
    : (a ?? null) === (b ?? null);

const EDITABLE: readonly Field[] = [
  'title',
  'description',
  'stateId',
  'priority',
  'assigneeId',
  'labelIds',
  'estimate',
  'dueDate',
  'parentId',
  'cycleId',
  'milestoneId',
  'subscriberIds',
  'unsubscribedIds',
  'sortOrder',
];

/** The edit that turned `before` into `after` (a bulk change, a board move), as a screen makes it. */
export function editBetween(before: IssueDoc, after: IssueDoc): IssueEdit {
  const made: Record<string, unknown> = {};
  for (const field of EDITABLE) if (!same(before[field], after[field])) made[field] = after[field];
  return made as IssueEdit;
}

/**
 * What an edit writes back for a value the issue never had (an optional field): the empty list
 * for `unsubscribedIds`, null ("none") for `cycleId` and `milestoneId`; `undefined` would read as "no change".
 */
function absent(field: Field, old: unknown): unknown {
  if (old !== undefined) return old;
  return field === 'unsubscribedIds' ? [] : null;
}

/** The values `edit` replaced on `before`: what undoing it writes back. */
export function replacedValues(before: IssueDoc, edit: IssueEdit): IssueEdit {
  const previous: Record<string, unknown> = {};
  for (const field of Object.keys(edit) as Field[]) {
    const old = before[field];
    if (!same(old, edit[field]))
      previous[field] = Array.isArray(old) ? [...old] : absent(field, old);
  }
  return previous as IssueEdit;
}

/**
 * The undo of an edit as it applies now: each field back to its value before the edit, but only
 * where the issue still holds what the edit set. A field someone changed since keeps their change.
 */
export function revertEdit(current: IssueDoc, made: IssueEdit, previous: IssueEdit): IssueEdit {
  const revert: Record<string, unknown> = {};
  for (const field of Object.keys(previous) as Field[])
    if (same(current[field], made[field])) revert[field] = previous[field];
  return revert as IssueEdit;
}
