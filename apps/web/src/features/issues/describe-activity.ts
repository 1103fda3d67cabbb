import { PRIORITIES, type ActivityDoc, type WorkflowState } from '@keel/domain';

export function priorityName(value: unknown): string {
  return PRIORITIES.find((p) => p.value === value)?.name ?? String(value);
}

function stateName(id: unknown, states: readonly WorkflowState[]): string {
  return states.find((s) => s.id === id)?.name ?? String(id);
}

const quote = (v: unknown) => `“${String(v)}”`;

/** One line of an issue's history, after the actor's name: "changed state from Todo to Done". */
export function describeActivity(activity: ActivityDoc, states: readonly WorkflowState[]): string {
  const { kind, from, to } = activity;
  switch (kind) {
    case 'created':
      return 'created the issue';
    case 'state':
      return `changed state from ${stateName(from, states)} to ${stateName(to, states)}`;
    case 'priority':
      return `changed priority from ${priorityName(from)} to ${priorityName(to)}`;
    case 'title':
      return `changed the title from ${quote(from)} to ${quote(to)}`;
    case 'description':
      return 'updated the description';
    case 'dueDate':
      return to === null ? 'removed the due date' : `set the due date to ${String(to)}`;
    case 'estimate':
      return to === null ? 'removed the estimate' : `set the estimate to ${String(to)}`;
    case 'assignee':
      return to === null ? 'removed the assignee' : 'changed the assignee';
    case 'labels':
      return 'changed the labels';
    case 'parent':
      return to === null ? 'removed the parent issue' : 'changed the parent issue';
    case 'project':
      return 'moved the issue to another project';
  }
}
