import { describe, expect, it } from 'vitest';
import type { ProjectDoc } from './documents.ts';
import { editIssue } from './issue-edit.ts';
import { editBetween, replacedValues, revertEdit } from './issue-edit-revert.ts';
import { testIssue } from './test-fixtures.ts';

const issue = testIssue({ priority: 3, labelIds: ['label:a'], assigneeId: null });

describe('undoing an issue edit', () => {
  it('remembers the values an edit replaced, and only those it changed', () => {
    expect(replacedValues(issue, { priority: 1, labelIds: ['label:a'], assigneeId: 'u2' })).toEqual(
      { priority: 3, assigneeId: null },
    );
  });

  it('writes back only the fields that still hold what the edit set', () => {
    const made = { priority: 1, assigneeId: 'u2' };
    const previous = replacedValues(issue, made);
    const now = { ...issue, ...made };
    expect(revertEdit(now, made, previous)).toEqual({ priority: 3, assigneeId: null });
    // Someone reassigned it since: their change stays.
    expect(revertEdit({ ...now, assigneeId: 'u3' }, made, previous)).toEqual({ priority: 3 });
    expect(revertEdit({ ...now, priority: 2, assigneeId: 'u3' }, made, previous)).toEqual({});
  });

  it('compares labels as a set', () => {
    const made = { labelIds: ['label:a', 'label:b'] };
    const previous = replacedValues(issue, made);
    expect(revertEdit({ ...issue, labelIds: ['label:b', 'label:a'] }, made, previous)).toEqual({
      labelIds: ['label:a'],
    });
  });

  it('reads the edit a bulk change or a board move made', () => {
    const moved = {
      ...issue,
      stateId: 'done',
      completedAt: '2026-01-02T00:00:00.000Z',
      sortOrder: 'b0',
    };
    expect(editBetween(issue, moved)).toEqual({ stateId: 'done', sortOrder: 'b0' });
  });

  it('reads a bulk move into a cycle, and takes it back to no cycle', () => {
    const planned = { ...issue, cycleId: 'cycle:p1.2' };
    const made = editBetween(issue, planned);
    expect(made).toEqual({ cycleId: 'cycle:p1.2' });
    expect(revertEdit(planned, made, replacedValues(issue, made))).toEqual({ cycleId: null });
  });

  it('takes back an unsubscribe from an issue nobody had left', () => {
    const made = { unsubscribedIds: ['u1'] };
    const previous = replacedValues(issue, made);
    expect(previous).toEqual({ unsubscribedIds: [] });
    const left = { ...issue, ...made };
    const reverted = revertEdit(left, made, previous);
    const ctx = {
      project: { states: [] } as unknown as ProjectDoc,
      actorId: 'u1',
      now: '2026-01-02T00:00:00.000Z',
      newActivityId: () => 'activity:a1',
    };
    expect(editIssue(left, reverted, ctx)?.issue.unsubscribedIds).toBeUndefined();
  });
});
