import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelDocSchema, type IssueDoc } from './documents.ts';
import { newIssueDocument } from './factories.ts';
import {
  labelNameKey,
  labelNameTaken,
  labelNameTakenMessage,
  labelProblem,
  newLabelDocument,
  removeLabelFromIssues,
} from './label-rules.ts';
import { DEFAULT_STATES } from './workflow.ts';

const now = '2026-01-01T00:00:00.000Z';
const label = (id: string, name: string) =>
  newLabelDocument({ id, name, color: '#EB5757', createdBy: 'u1', now });

describe('label rules', () => {
  it('a new label is trimmed and passes the schema', () => {
    const l = label('label:l1', '  Bug ');
    expect(l.name).toBe('Bug');
    expect(labelDocSchema.safeParse(l).success).toBe(true);
  });

  it('names compare ignoring case and surrounding space, not against themselves', () => {
    const labels = [label('label:l1', 'Bug')];
    expect(labelNameTaken('bug', labels)).toBe(true);
    expect(labelNameTaken(' BUG ', labels)).toBe(true);
    expect(labelNameTaken('Bug', labels, 'label:l1')).toBe(false);
    expect(labelNameTaken('Bugs', labels)).toBe(false);
    expect(labelNameTakenMessage(' bug ')).toBe('A label named bug already exists');
  });

  it('labelProblem checks creates and renames, not recolours', () => {
    const bug = label('label:l1', 'Bug');
    const feature = label('label:l2', 'Feature');
    expect(labelProblem(label('label:l3', 'BUG'), null, [bug])).toMatchObject({
      path: 'name',
      message: 'A label named BUG already exists',
    });
    expect(labelProblem({ ...feature, name: 'bug' }, feature, [bug, feature])).not.toBeNull();
    expect(labelProblem({ ...bug, color: '#000000' }, bug, [bug])).toBeNull();
    expect(labelProblem({ ...bug, name: 'BUG' }, bug, [bug])).toBeNull();
  });

  it('refuses a 501st label', () => {
    const many = Array.from({ length: 500 }, (_, i) => label(`label:l${i}`, `L${i}`));
    expect(labelProblem(label('label:new', 'New'), null, many)?.message).toMatch(/at most 500/);
  });

  it('removing a label touches only the issues carrying it, one activity each', () => {
    const base = (n: number, labelIds: string[]): IssueDoc => ({
      ...newIssueDocument({
        id: `issue:i${n}`,
        projectId: 'project:p1',
        states: DEFAULT_STATES,
        number: n,
        title: 'T',
        sortOrder: 'a0',
        createdBy: 'u1',
        now,
      }),
      labelIds,
    });
    let n = 0;
    const r = removeLabelFromIssues(
      'label:l1',
      [base(1, ['label:l1', 'label:l2']), base(2, ['label:l2'])],
      {
        actorId: 'u1',
        now,
        newActivityId: () => `activity:a${n++}`,
      },
    );
    expect(r.issues.map((i) => [i._id, i.labelIds])).toEqual([['issue:i1', ['label:l2']]]);
    expect(r.activities.map((a) => [a.issueId, a.kind, a.from, a.to])).toEqual([
      ['issue:i1', 'labels', ['label:l1', 'label:l2'], ['label:l2']],
    ]);
  });

  it('two names collide exactly when their case-folded forms are equal (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (a, b) => {
        const taken = labelNameTaken(b, [label('label:l1', a)]);
        expect(taken).toBe(labelNameKey(a) === labelNameKey(b));
        expect(labelNameTaken(a.toUpperCase(), [label('label:l1', a)])).toBe(
          labelNameKey(a.toUpperCase()) === labelNameKey(a),
        );
      }),
    );
  });
});
