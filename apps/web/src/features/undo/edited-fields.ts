import type { IssueEdit } from '@keel/domain';

type Field = keyof IssueEdit;

const FIELD_NAMES: Record<Field, string> = {
  title: 'title',
  description: 'description',
  stateId: 'state',
  priority: 'priority',
  assigneeId: 'assignee',
  labelIds: 'labels',
  estimate: 'estimate',
  dueDate: 'due date',
  parentId: 'parent issue',
  cycleId: 'cycle',
  milestoneId: 'milestone',
  subscriberIds: 'subscribers',
  unsubscribedIds: 'subscribers',
  sortOrder: 'order',
};

/** "state and priority": the fields of an edit, for its toast. */
export function editedFields(edit: IssueEdit): string {
  const names = [...new Set((Object.keys(edit) as Field[]).map((f) => FIELD_NAMES[f]))];
  return names.length <= 1
    ? (names[0] ?? 'nothing')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
