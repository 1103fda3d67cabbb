import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectDocSchema, type IssueDoc, type ProjectDoc } from './documents.ts';
import { newIssueDocument } from './factories.ts';
import { newProjectDocument } from './project-rules.ts';
import {
  DEFAULT_STATES,
  STATE_CATEGORIES,
  workflowProblems,
  type WorkflowState,
} from './workflow.ts';
import { applyWorkflowEdit, deleteStateMovingIssues, newStateId } from './workflow-edit.ts';

const now = '2026-01-01T00:00:00.000Z';
const states = [...DEFAULT_STATES];

describe('newStateId', () => {
  it('makes a kebab-case id unique in the list', () => {
    expect(newStateId('In QA!', states)).toBe('in-qa');
    expect(newStateId('Done', states)).toBe('done-2');
    expect(newStateId('☃', states)).toBe('state');
  });
});

describe('applyWorkflowEdit', () => {
  it('adds a state at the end', () => {
    const r = applyWorkflowEdit(states, {
      kind: 'add',
      name: '  QA ',
      category: 'started',
      color: '#123456',
    });
    expect(r.ok && r.states.at(-1)).toEqual({
      id: 'qa',
      name: 'QA',
      category: 'started',
      color: '#123456',
    });
  });

  it('refuses an empty or duplicate name and a bad colour, with the field message', () => {
    expect(
      applyWorkflowEdit(states, { kind: 'add', name: ' ', category: 'started', color: '#123456' }),
    ).toEqual({
      ok: false,
      message: 'State name is required',
      path: 'name',
    });
    expect(applyWorkflowEdit(states, { kind: 'update', id: 'todo', name: 'done' })).toMatchObject({
      ok: false,
      message: 'State names must be unique',
    });
    expect(applyWorkflowEdit(states, { kind: 'update', id: 'todo', color: 'red' })).toMatchObject({
      ok: false,
      message: 'Colour must look like #RRGGBB',
    });
  });

  it('refuses a 21st state', () => {
    let list: WorkflowState[] = [...states];
    for (let i = 0; list.length < 20; i++) {
      const r = applyWorkflowEdit(list, {
        kind: 'add',
        name: `S${i}`,
        category: 'started',
        color: '#123456',
      });
      if (!r.ok) throw new Error(r.message);
      list = r.states;
    }
    expect(
      applyWorkflowEdit(list, {
        kind: 'add',
        name: 'One more',
        category: 'started',
        color: '#123456',
      }),
    ).toMatchObject({
      ok: false,
      message: 'A project has at most 20 states',
    });
  });

  it('refuses deleting the last completed or canceled state, and changing its category away', () => {
    expect(applyWorkflowEdit(states, { kind: 'delete', id: 'done' })).toEqual({
      ok: false,
      message: "Done can't be deleted. Keep at least one Completed state.",
    });
    expect(applyWorkflowEdit(states, { kind: 'delete', id: 'canceled' })).toMatchObject({
      ok: false,
    });
    expect(
      applyWorkflowEdit(states, { kind: 'update', id: 'done', category: 'started' }),
    ).toMatchObject({
      ok: false,
      message: 'Keep at least one Completed state',
    });
  });

  it('refuses going below 3 states', () => {
    const three = states.filter((s) => ['todo', 'done', 'canceled'].includes(s.id));
    expect(applyWorkflowEdit(three, { kind: 'delete', id: 'todo' })).toMatchObject({ ok: false });
  });

  it('moves a state to a new position', () => {
    const r = applyWorkflowEdit(states, { kind: 'move', id: 'canceled', toIndex: 0 });
    expect(r.ok && r.states.map((s) => s.id)).toEqual([
      'canceled',
      'backlog',
      'todo',
      'in-progress',
      'in-review',
      'done',
    ]);
  });

  it('never yields a workflow that breaks SPEC §4, whatever the edit (property)', () => {
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        name: fc.string({ maxLength: 45 }),
        category: fc.constantFrom(...STATE_CATEGORIES),
        color: fc.constantFrom('#123456', '#ABCDEF', 'nope'),
      }),
      fc.record({
        kind: fc.constant('update' as const),
        id: fc.constantFrom(...states.map((s) => s.id), 'missing'),
        category: fc.constantFrom(...STATE_CATEGORIES),
      }),
      fc.record({
        kind: fc.constant('move' as const),
        id: fc.constantFrom(...states.map((s) => s.id)),
        toIndex: fc.integer({ min: -3, max: 30 }),
      }),
      fc.record({
        kind: fc.constant('delete' as const),
        id: fc.constantFrom(...states.map((s) => s.id), 'missing'),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let list: WorkflowState[] = [...states];
        for (const e of edits) {
          const r = applyWorkflowEdit(list, e);
          if (r.ok) list = r.states;
          expect(workflowProblems(list)).toEqual([]);
        }
      }),
    );
  });
});

describe('deleteStateMovingIssues', () => {
  const project: ProjectDoc = newProjectDocument({
    id: 'project:p1',
    key: 'ENG',
    name: 'Engineering',
    color: '#5E6AD2',
    createdBy: 'u1',
    now,
  });
  const issue = (n: number, stateId: string, extra: Partial<IssueDoc> = {}): IssueDoc => ({
    ...newIssueDocument({
      id: `issue:i${n}`,
      projectId: project._id,
      states: project.states,
      number: n,
      title: `Issue ${n}`,
      sortOrder: 'a0',
      createdBy: 'u1',
      now,
    }),
    stateId,
    ...extra,
  });
  let next = 0;
  const ctx = {
    actorId: 'u1',
    now: '2026-02-01T00:00:00.000Z',
    newActivityId: () => `activity:a${next++}`,
  };

  it('moves every issue of the state to the target with its times and one activity each', () => {
    const issues = [
      issue(1, 'in-review', { startedAt: now }),
      issue(2, 'in-review', { startedAt: now }),
      issue(3, 'todo'),
    ];
    const r = deleteStateMovingIssues(project, 'in-review', 'done', issues, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.change.project?.states.map((s) => s.id)).not.toContain('in-review');
    // Its name stays readable in the history of the issues that were in it.
    expect(r.change.project?.formerStates).toEqual([
      project.states.find((s) => s.id === 'in-review'),
    ]);
    expect(projectDocSchema.safeParse(r.change.project).success).toBe(true);
    expect(r.change.issues.map((i) => [i._id, i.stateId, i.completedAt, i.startedAt])).toEqual([
      ['issue:i1', 'done', ctx.now, now],
      ['issue:i2', 'done', ctx.now, now],
    ]);
    expect(r.change.activities.map((a) => [a.issueId, a.kind, a.from, a.to])).toEqual([
      ['issue:i1', 'state', 'in-review', 'done'],
      ['issue:i2', 'state', 'in-review', 'done'],
    ]);
  });

  it('asks for a target when the state holds issues, and refuses the deleted state as target', () => {
    const issues = [issue(1, 'in-review')];
    expect(deleteStateMovingIssues(project, 'in-review', null, issues, ctx)).toEqual({
      ok: false,
      message: 'Choose a state of Engineering for the issue in this state',
    });
    expect(deleteStateMovingIssues(project, 'in-review', 'in-review', issues, ctx).ok).toBe(false);
  });

  it('needs no target for an empty state, and ignores other projects’ issues', () => {
    const other = { ...issue(9, 'in-review'), projectId: 'project:other' };
    const r = deleteStateMovingIssues(project, 'in-review', null, [other], ctx);
    expect(r.ok && r.change.issues).toEqual([]);
  });

  it('moves what is still in a state already deleted (a retry after part of the write was refused)', () => {
    const without = { ...project, states: project.states.filter((s) => s.id !== 'in-review') };
    const r = deleteStateMovingIssues(without, 'in-review', 'done', [issue(1, 'in-review')], ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.change.project).toBeNull();
    expect(r.change.issues.map((i) => [i._id, i.stateId])).toEqual([['issue:i1', 'done']]);
    expect(r.change.activities).toHaveLength(1);
    const nothing = deleteStateMovingIssues(without, 'in-review', 'done', [], ctx);
    expect(nothing.ok && nothing.change).toEqual({ project: null, issues: [], activities: [] });
  });

  it('still refuses deleting the last completed state', () => {
    expect(deleteStateMovingIssues(project, 'done', 'todo', [], ctx).ok).toBe(false);
  });
});
