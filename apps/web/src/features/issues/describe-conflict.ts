import type { ConflictDoc, ConflictField } from '@keel/domain';
import { formatDay, priorityName, type ActivityNames } from './describe-activity.ts';

/** What a conflict entry says: whose value of which field lost to whose, in words. */
export interface ConflictWords {
  field: string;
  lostBy: string;
  keptBy: string;
  /** Both edits were the same person's (two devices of theirs). */
  samePerson: boolean;
  /** A text (title, description, comment) is shown whole; other values in a few words. */
  isText: boolean;
  lost: string;
  kept: string;
}

const FIELD_NAMES: Record<ConflictField, string> = {
  title: 'title',
  description: 'description',
  state: 'state',
  priority: 'priority',
  assignee: 'assignee',
  labels: 'labels',
  estimate: 'estimate',
  dueDate: 'due date',
  parent: 'parent issue',
  cycle: 'cycle',
  milestone: 'milestone',
  comment: 'comment',
};

const TEXT_FIELDS: readonly ConflictField[] = ['title', 'description', 'comment'];

export function describeConflict(entry: ConflictDoc, names: ActivityNames): ConflictWords {
  const person = (id: string | null) => (id ? (names.member(id) ?? 'A former member') : 'Someone');
  return {
    field: FIELD_NAMES[entry.field],
    lostBy: person(entry.lost.by),
    keptBy: person(entry.kept.by),
    samePerson: entry.lost.by !== null && entry.lost.by === entry.kept.by,
    isText: TEXT_FIELDS.includes(entry.field),
    lost: conflictValueText(entry.field, entry.lost.value, names),
    kept: conflictValueText(entry.field, entry.kept.value, names),
  };
}

/** A field's value as a person reads it (and as Copy puts it on the clipboard). */
export function conflictValueText(
  field: ConflictField,
  value: ConflictDoc['lost']['value'],
  names: ActivityNames,
): string {
  if (TEXT_FIELDS.includes(field)) return typeof value === 'string' ? value : '';
  if (value === null || (Array.isArray(value) && value.length === 0)) return 'none';
  switch (field) {
    case 'state':
      return names.states.find((s) => s.id === value)?.name ?? 'a deleted state';
    case 'priority':
      return priorityName(value);
    case 'assignee':
      return names.member(String(value)) ?? 'a former member';
    case 'labels':
      return (Array.isArray(value) ? value : [])
        .map((id) => names.label(id) ?? 'a deleted label')
        .join(', ');
    case 'estimate':
      return typeof value === 'number' ? names.estimate(value) : String(value);
    case 'dueDate':
      return formatDay(value);
    case 'parent':
      return names.issue(String(value)) ?? 'a deleted issue';
    case 'cycle':
      return names.cycle(String(value)) ?? 'a deleted cycle';
    case 'milestone':
      return names.milestone(String(value)) ?? 'a deleted milestone';
    default:
      return String(value);
  }
}
