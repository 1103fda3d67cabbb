import { describe, expect, it } from 'vitest';
import { DEFAULT_STATES, estimateLabel, type ConflictDoc } from '@keel/domain';
import { currentValue, isRestored, restoreEdit } from './conflict-restore.ts';
import type { ActivityNames } from './describe-activity.ts';
import { describeConflict } from './describe-conflict.ts';

const T = '2026-03-01T10:00:00.000Z';
const names: ActivityNames = {
  states: DEFAULT_STATES,
  member: (id) => ({ alice: 'Alice', bob: 'Bob' })[id],
  label: (id) => ({ 'label:bug': 'Bug', 'label:ios': 'iOS' })[id],
  issue: (id) => (id === 'issue:p' ? 'ENG-3' : undefined),
  cycle: (id) => (id === 'cycle:p1.2' ? 'Cycle 2' : undefined),
  milestone: (id) => (id === 'milestone:a' ? 'Alpha' : undefined),
  estimate: (points) => estimateLabel(points, 'fibonacci'),
};
const entry = (field: ConflictDoc['field'], lost: unknown, kept: unknown): ConflictDoc => ({
  _id: 'conflict:x',
  type: 'conflict',
  issueId: 'issue:i1',
  commentId: null,
  field,
  lost: { value: lost as ConflictDoc['lost']['value'], by: 'alice', at: T },
  kept: { value: kept as ConflictDoc['kept']['value'], by: 'bob', at: T },
  createdAt: T,
  updatedAt: T,
});

describe('describeConflict', () => {
  it('names the people and shows values as the properties do', () => {
    expect(describeConflict(entry('priority', 2, 1), names)).toMatchObject({
      field: 'priority',
      lostBy: 'Alice',
      keptBy: 'Bob',
      samePerson: false,
      isText: false,
      lost: 'High',
      kept: 'Urgent',
    });
    const done = DEFAULT_STATES.find((s) => s.category === 'completed')!;
    expect(describeConflict(entry('state', done.id, 'gone'), names)).toMatchObject({
      lost: done.name,
      kept: 'a deleted state',
    });
    expect(describeConflict(entry('labels', ['label:bug', 'label:ios'], []), names)).toMatchObject({
      field: 'labels',
      lost: 'Bug, iOS',
      kept: 'none',
    });
    expect(describeConflict(entry('dueDate', '2026-04-02', null), names)).toMatchObject({
      field: 'due date',
      lost: 'Apr 2, 2026',
    });
    expect(describeConflict(entry('parent', 'issue:p', null), names).lost).toBe('ENG-3');
    expect(describeConflict(entry('cycle', 'cycle:p1.2', 'cycle:p1.9'), names)).toMatchObject({
      field: 'cycle',
      lost: 'Cycle 2',
      kept: 'a deleted cycle',
    });
    expect(
      describeConflict(entry('milestone', 'milestone:a', 'milestone:gone'), names),
    ).toMatchObject({ field: 'milestone', lost: 'Alpha', kept: 'a deleted milestone' });
    expect(describeConflict(entry('assignee', 'bob', 'zed'), names)).toMatchObject({
      lost: 'Bob',
      kept: 'a former member',
    });
  });

  it('shows a text whole, and knows two devices of one person', () => {
    const same = {
      ...entry('description', 'Mine\nall of it', 'Theirs'),
      kept: { value: 'Theirs', by: 'alice', at: T },
    };
    expect(describeConflict(same, names)).toMatchObject({
      isText: true,
      samePerson: true,
      lost: 'Mine\nall of it',
    });
  });
});

describe('restoring a lost value', () => {
  it('is the edit of the field that lost, and is done once the field holds it again', () => {
    expect(restoreEdit(entry('title', 'Old', 'New'))).toEqual({ title: 'Old' });
    expect(restoreEdit(entry('assignee', null, 'bob'))).toEqual({ assigneeId: null });
    expect(restoreEdit(entry('labels', ['label:bug'], []))).toEqual({ labelIds: ['label:bug'] });
    expect(restoreEdit({ ...entry('comment', 'x', 'y'), commentId: 'comment:c' })).toBeNull();
    const labels = entry('labels', ['label:bug', 'label:ios'], []);
    expect(isRestored(labels, ['label:ios', 'label:bug'])).toBe(true);
    expect(isRestored(labels, ['label:ios'])).toBe(false);
    expect(isRestored(entry('assignee', null, 'bob'), undefined)).toBe(true);
    expect(currentValue(entry('comment', 'x', 'y'), undefined, 'x')).toBe('x');
  });
});
