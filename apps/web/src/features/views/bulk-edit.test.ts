import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATES,
  type CycleDoc,
  type IssueDoc,
  type MilestoneDoc,
  type ProjectDoc,
} from '@keel/domain';
import { testIssue } from '@keel/domain/test-fixtures';
import { bulkEdit, type BulkContext } from './bulk-edit.ts';

const project = {
  _id: 'project:p1',
  type: 'project',
  key: 'ENG',
  name: 'Eng',
  states: [...DEFAULT_STATES],
} as unknown as ProjectDoc;

function issue(n: number, over: Partial<IssueDoc> = {}): IssueDoc {
  return testIssue({
    _id: `issue:i${n}`,
    projectId: project._id,
    number: n,
    title: `Issue ${n}`,
    subscriberIds: [],
    ...over,
  });
}

let n = 0;
const ctx: BulkContext = {
  projects: new Map([[project._id, project]]),
  actorId: 'u1',
  now: '2026-02-02T00:00:00.000Z',
  newActivityId: () => `activity:a${++n}`,
};

describe('bulkEdit', () => {
  it('writes one activity per changed issue and leaves unchanged issues alone', () => {
    const issues = [issue(1), issue(2, { priority: 2 }), issue(3)];
    const result = bulkEdit(issues, { field: 'priority', priority: 2 }, ctx);
    expect(result.changed).toBe(2);
    const activities = result.docs.filter((d) => d.type === 'activity');
    expect(activities).toHaveLength(2);
    expect(activities.map((a) => a.type === 'activity' && [a.issueId, a.from, a.to])).toEqual([
      ['issue:i1', 0, 2],
      ['issue:i3', 0, 2],
    ]);
    expect(
      result.docs.filter((d) => d.type === 'issue').every((d) => d.updatedAt === ctx.now),
    ).toBe(true);
  });

  it('moves state by name and sets the transition times', () => {
    const result = bulkEdit([issue(1)], { field: 'state', stateName: 'done' }, ctx);
    const [updated] = result.docs;
    expect(updated).toMatchObject({ stateId: 'done', completedAt: ctx.now, canceledAt: null });
  });

  it('skips issues whose project has no such state', () => {
    const result = bulkEdit([issue(1)], { field: 'state', stateName: 'Shipped' }, ctx);
    expect(result).toMatchObject({ changed: 0, skipped: 1, docs: [] });
  });

  it('adds a label to those without it, or removes it when all have it', () => {
    const some = [issue(1, { labelIds: ['label:bug'] }), issue(2)];
    const added = bulkEdit(some, { field: 'label', labelId: 'label:bug' }, ctx);
    expect(added.changed).toBe(1);
    expect(added.docs[0]).toMatchObject({ _id: 'issue:i2', labelIds: ['label:bug'] });
    const all = [issue(1, { labelIds: ['label:bug'] }), issue(2, { labelIds: ['label:bug', 'x'] })];
    const removed = bulkEdit(all, { field: 'label', labelId: 'label:bug' }, ctx);
    expect(removed.docs.filter((d) => d.type === 'issue').map((d) => d.labelIds)).toEqual([
      [],
      ['x'],
    ]);
  });

  it('assigns and unassigns', () => {
    const result = bulkEdit(
      [issue(1), issue(2, { assigneeId: 'u2' })],
      { field: 'assignee', assigneeId: null },
      ctx,
    );
    expect(result.changed).toBe(1);
    expect(result.docs[1]).toMatchObject({ kind: 'assignee', from: 'u2', to: null });
  });

  it('moves issues into a cycle of their project, skips those of another, and takes them out', () => {
    const cycle = { _id: 'cycle:p1.3', projectId: project._id } as unknown as CycleDoc;
    const elsewhere = issue(3, { projectId: 'project:p2' });
    const moved = bulkEdit(
      [issue(1), issue(2, { cycleId: 'cycle:p1.3' }), elsewhere],
      { field: 'cycle', cycleId: cycle._id },
      { ...ctx, cycle },
    );
    expect(moved.changed).toBe(1);
    expect(moved.skipped).toBe(1);
    expect(moved.docs[0]).toMatchObject({ _id: 'issue:i1', cycleId: 'cycle:p1.3' });
    expect(moved.docs[1]).toMatchObject({ kind: 'cycle', from: null, to: 'cycle:p1.3' });

    const out = bulkEdit(
      [issue(1, { cycleId: 'cycle:p1.3' }), issue(2), { ...elsewhere, cycleId: 'cycle:p2.1' }],
      { field: 'cycle', cycleId: null },
      ctx,
    );
    expect(out.changed).toBe(2);
    expect(out.skipped).toBe(0);
    expect(out.docs.slice(2)).toMatchObject([
      { kind: 'cycle', from: 'cycle:p1.3', to: null },
      { kind: 'cycle', from: 'cycle:p2.1', to: null },
    ]);
  });

  it('puts issues in a milestone of their project, skips those of another, and takes them out', () => {
    const milestone = { _id: 'milestone:m1', projectId: project._id } as unknown as MilestoneDoc;
    const elsewhere = issue(3, { projectId: 'project:p2' });
    const moved = bulkEdit(
      [issue(1), issue(2, { milestoneId: 'milestone:m1' }), elsewhere],
      { field: 'milestone', milestoneId: milestone._id },
      { ...ctx, milestone },
    );
    expect([moved.changed, moved.skipped]).toEqual([1, 1]);
    expect(moved.docs[0]).toMatchObject({ _id: 'issue:i1', milestoneId: 'milestone:m1' });
    expect(moved.docs[1]).toMatchObject({ kind: 'milestone', from: null, to: 'milestone:m1' });

    const out = bulkEdit(
      [issue(1, { milestoneId: 'milestone:m1' }), issue(2), elsewhere],
      { field: 'milestone', milestoneId: null },
      ctx,
    );
    expect([out.changed, out.skipped]).toEqual([1, 0]);
    expect(out.docs[1]).toMatchObject({ kind: 'milestone', from: 'milestone:m1', to: null });
  });
});
