import { describe, expect, it } from 'vitest';
import { conflictEntries } from '../conflict-entry.ts';
import { newActivityDocument } from '../factories.ts';
import { PARENT_IS_DESCENDANT, PARENT_IS_SELF, PARENT_NOT_FOUND } from '../issue-tree.ts';
import { LIMITS } from '../limits.ts';
import { tombstoneOf } from '../document-rules.ts';
import type { WorkspaceDoc } from '../documents.ts';
import { relationId } from '../ids.ts';
import { FIXTURE_TIME, testIssue, testLabel, testMember, testProject } from '../test-fixtures.ts';
import { checkWorkspaceWrite } from './check-workspace-write.ts';
import { lookupOfDocs } from './lookup.ts';
import { NUMBER_NOT_RESERVED } from './issue-rules.ts';
import type { WriteBatchContext } from './types.ts';

const project = testProject();
const parent = testIssue({ number: 1 });
const child = testIssue({ number: 2, parentId: parent._id });
const other = testIssue({ number: 3 });
const labels = Array.from({ length: 25 }, (_, i) =>
  testLabel({ _id: `label:l${i}`, name: `Label ${i}` }),
);
const workspace: WorkspaceDoc[] = [
  project,
  parent,
  child,
  other,
  ...labels,
  testMember({ userId: 'u1' }),
  testMember({ userId: 'gone', active: false }),
];

function context(over: Partial<WriteBatchContext> = {}): WriteBatchContext {
  return {
    role: 'admin',
    userId: 'u1',
    tombstone: () => null,
    numberReserved: () => true,
    ...over,
  };
}

const check = (docs: unknown[], over: Partial<WriteBatchContext> = {}, held = workspace) =>
  checkWorkspaceWrite(docs, context(over), lookupOfDocs(held));

/** The one refusal of a one-document batch, as `rule: message` (or 'ok'). */
function verdictOf(doc: unknown, over: Partial<WriteBatchContext> = {}, held = workspace) {
  const [verdict] = check([doc], over, held);
  return verdict!.ok ? 'ok' : `${verdict!.rule}: ${verdict!.reason}`;
}

const edited = (issue: typeof parent, over: Partial<typeof parent>) => ({
  ...issue,
  _rev: '1-a',
  ...over,
});

describe('checkWorkspaceWrite: issue edits (the issue page and the bulk bar)', () => {
  it('accepts valid edits', () => {
    expect(
      verdictOf(
        edited(child, {
          assigneeId: 'u1',
          labelIds: ['label:l1'],
          estimate: 5,
          dueDate: '2024-02-29',
        }),
      ),
    ).toBe('ok');
    expect(verdictOf(edited(child, { parentId: other._id }))).toBe('ok');
  });

  it('refuses more than 20 labels or unknown labels', () => {
    const many = labels.slice(0, LIMITS.labelsPerIssue + 1).map((l) => l._id);
    expect(verdictOf(edited(parent, { labelIds: many }))).toMatch(/at most 20 labels/);
    const [unknown] = check([edited(parent, { labelIds: ['label:nope'] })]);
    expect(unknown).toMatchObject({ ok: false, errors: [{ path: 'labelIds' }] });
  });

  it('checks only the labels and assignee the edit changes', () => {
    // A label deleted and a member removed since: the issue keeps them through other edits.
    const kept = testIssue({ number: 4, labelIds: ['label:deleted'], assigneeId: 'gone' });
    const held = [...workspace, kept];
    expect(verdictOf(edited(kept, { labelIds: ['label:deleted', 'label:l1'] }), {}, held)).toBe(
      'ok',
    );
    expect(verdictOf(edited(kept, { estimate: 5 }), {}, held)).toBe('ok');
    expect(verdictOf(edited(kept, { labelIds: ['label:deleted', 'label:x'] }), {}, held)).toMatch(
      /^assignee-and-labels: Each label/,
    );
  });

  it('refuses inactive members, odd estimates and impossible dates', () => {
    expect(verdictOf(edited(parent, { assigneeId: 'gone' }))).toMatch(
      /^assignee-and-labels: The assignee must be an active member/,
    );
    const [estimate] = check([edited(parent, { estimate: 4 })]);
    expect(estimate).toMatchObject({ ok: false, errors: [{ path: 'estimate' }] });
    expect(verdictOf(edited(parent, { dueDate: '2023-02-29' }))).toMatch(/real date/);
  });

  it('refuses a parent that would make a loop, or that does not exist', () => {
    expect(verdictOf(edited(parent, { parentId: child._id }))).toBe(
      `parent-without-loop: ${PARENT_IS_DESCENDANT}`,
    );
    expect(verdictOf(edited(parent, { parentId: parent._id }))).toBe(
      `parent-without-loop: ${PARENT_IS_SELF}`,
    );
    expect(verdictOf(edited(parent, { parentId: 'issue:nope' }))).toBe(
      `parent-without-loop: ${PARENT_NOT_FOUND}`,
    );
  });

  it("refuses a state that is not one of the project's, and only when the write changes it", () => {
    expect(verdictOf(edited(parent, { stateId: 'nope' }))).toMatch(
      /^state-in-project: State is not one of the project’s states/,
    );
    // Its state deleted from the project since (a concurrent workflow edit): other edits of the
    // issue still go through, a move to another missing state does not.
    const stranded = { ...testIssue({ number: 5, stateId: 'gone' }), _rev: '1-a' };
    const held = [...workspace, stranded];
    expect(verdictOf(edited(stranded, { title: 'Still editable' }), {}, held)).toBe('ok');
    expect(verdictOf(edited(stranded, { stateId: 'also-gone' }), {}, held)).toMatch(
      /^state-in-project: /,
    );
    const elsewhere = testIssue({ _id: 'issue:new2', number: 11, projectId: 'project:none' });
    expect(verdictOf(elsewhere)).toMatch(/^state-in-project: The issue’s project does not exist/);
  });

  it('refuses a role that may not write, before any rule reads the workspace', () => {
    expect(verdictOf(edited(parent, { stateId: 'nope' }), { role: 'viewer' })).toMatch(
      /^schema-and-role: /,
    );
  });
});

describe('checkWorkspaceWrite: new documents', () => {
  const fresh = testIssue({ _id: 'issue:new', number: 9 });

  it('takes an issue number only when the writer holds it, unless an issue comes back', () => {
    const held: string[] = [];
    const over = {
      numberReserved: (projectId: string, number: number) => {
        held.push(`${projectId} ${number}`);
        return false;
      },
    };
    expect(verdictOf(fresh, over)).toBe(`issue-number-reserved: ${NUMBER_NOT_RESERVED}`);
    expect(held).toEqual(['project:p1 9']);
    // A deleted issue restored as it was keeps its number, whoever holds that number now.
    const deleted = tombstoneOf({ ...fresh, _rev: '2-b' });
    expect(verdictOf(fresh, { ...over, tombstone: () => deleted })).toBe('ok');
  });

  it('accepts an issue with a label and a project created before it in the same batch', () => {
    const newProject = testProject({ _id: 'project:p2', key: 'OPS' });
    const newLabel = testLabel({ _id: 'label:new', name: 'Fresh' });
    const issue = testIssue({
      _id: 'issue:p2',
      projectId: newProject._id,
      labelIds: [newLabel._id],
    });
    // Sent before what it points at, as a push after working offline may.
    expect(check([issue, newLabel, newProject]).map((v) => v.ok)).toEqual([true, true, true]);
  });

  it('checks an issue after its parent when both come in one batch (an undo of both)', () => {
    const top = testIssue({ _id: 'issue:top', number: 20 });
    const middle = testIssue({ _id: 'issue:middle', number: 21, parentId: top._id });
    const leaf = testIssue({ _id: 'issue:leaf', number: 22, parentId: middle._id });
    expect(check([leaf, middle, top]).map((v) => v.ok)).toEqual([true, true, true]);
    // Two issues pointing at each other: the parent rule refuses, whatever the order.
    const a = testIssue({ _id: 'issue:a', number: 23, parentId: 'issue:b' });
    const b = testIssue({ _id: 'issue:b', number: 24, parentId: 'issue:a' });
    expect(check([a, b]).some((v) => !v.ok)).toBe(true);
  });

  it('refuses a taken project key, and a label name taken in any case', () => {
    expect(verdictOf(testProject({ _id: 'project:p9', key: 'ENG' }))).toMatch(
      /^project-key-unique: /,
    );
    expect(verdictOf(testLabel({ _id: 'label:x', name: 'label 3' }))).toMatch(
      /^label-name-unique: A label named label 3 already exists/,
    );
  });

  it('frees a name for later documents of the batch once its label is deleted', () => {
    const renamed = testLabel({ _id: 'label:x', name: 'Label 3' });
    const deletion = { _id: 'label:l3', _rev: '1-a', _deleted: true };
    expect(check([deletion, renamed]).map((v) => v.ok)).toEqual([true, true]);
    // Checked in the order sent: before the deletion, the name is still taken.
    expect(check([renamed, deletion]).map((v) => (v.ok ? 'ok' : v.rule))).toEqual([
      'label-name-unique',
      'ok',
    ]);
    // Two new labels of one batch cannot share a name either.
    const twice = check([
      testLabel({ _id: 'label:a', name: 'Same' }),
      testLabel({ _id: 'label:b', name: 'same' }),
    ]);
    expect(twice.map((v) => (v.ok ? 'ok' : v.rule))).toEqual(['ok', 'label-name-unique']);
  });

  it('still finds by id what the batch deletes: an offline edit pushed with the deletion', () => {
    const deletion = { ...tombstoneOf(other), _rev: '2-a' };
    const activity = newActivityDocument({
      id: 'activity:before-deleting',
      issueId: other._id,
      actorId: 'u1',
      kind: 'priority',
      from: 0,
      to: 1,
      now: FIXTURE_TIME,
    });
    expect(check([deletion, activity]).map((v) => (v.ok ? 'ok' : v.rule))).toEqual(['ok', 'ok']);
  });

  it('refuses a comment or activity record of an issue that does not exist', () => {
    const activity = newActivityDocument({
      id: 'activity:a1',
      issueId: 'issue:nope',
      actorId: 'u1',
      kind: 'title',
      from: 'a',
      to: 'b',
      now: FIXTURE_TIME,
    });
    expect(verdictOf(activity)).toBe('belongs-to-issue: The issue does not exist');
    expect(verdictOf({ ...activity, issueId: parent._id })).toBe('ok');
  });

  it("refuses a conflict entry about a comment that is not one of its issue's", () => {
    const comment: WorkspaceDoc = {
      _id: 'comment:c1',
      type: 'comment',
      issueId: other._id,
      body: 'Hello',
      authorId: 'u1',
      editedAt: null,
      createdAt: FIXTURE_TIME,
      updatedAt: FIXTURE_TIME,
    };
    const side = (value: string) => ({ value, by: 'u1', at: FIXTURE_TIME });
    const [entry] = conflictEntries(
      parent._id,
      comment._id,
      [{ field: 'comment', lost: side('a'), kept: side('b') }],
      FIXTURE_TIME,
    );
    const held = [...workspace, comment];
    expect(verdictOf(entry, {}, held)).toBe(
      'conflict-comment-of-issue: The comment is not one of the issue’s',
    );
    expect(verdictOf({ ...entry, issueId: other._id }, {}, held)).toBe('ok');
    expect(verdictOf({ ...entry, issueId: 'issue:gone' }, {}, held)).toBe(
      'belongs-to-issue: The issue does not exist',
    );
  });

  it('refuses the activity record of a change refused in the same batch', () => {
    const refusedEdit = edited(parent, { stateId: 'nope' });
    const activity = newActivityDocument({
      id: 'activity:a2',
      issueId: parent._id,
      actorId: 'u1',
      kind: 'state',
      from: 'todo',
      to: 'nope',
      now: FIXTURE_TIME,
    });
    const orphaned = {
      ok: false,
      id: 'activity:a2',
      rule: 'activity-of-refused-change',
      errors: [{ path: 'issueId' }],
    };
    // Whichever comes first in the batch.
    const [record, issue] = check([activity, refusedEdit]);
    expect(issue).toMatchObject({ ok: false, rule: 'state-in-project' });
    expect(record).toMatchObject(orphaned);
    expect(check([refusedEdit, activity])[1]).toMatchObject(orphaned);
    // With its change accepted, the record is too.
    expect(check([activity, edited(parent, { stateId: 'done' })]).map((v) => v.ok)).toEqual([
      true,
      true,
    ]);
  });
});

describe('checkWorkspaceWrite: relations', () => {
  const relation = (from: string, to: string, kind: 'blocks' | 'relates' = 'blocks') => ({
    _id: relationId(kind, from, to),
    type: 'relation',
    fromIssueId: from,
    toIssueId: to,
    kind,
    createdBy: 'u1',
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
  });

  it('relates two issues of the workspace, and refuses one that does not exist', () => {
    expect(verdictOf(relation(parent._id, other._id))).toBe('ok');
    expect(verdictOf(relation(parent._id, 'issue:gone'))).toBe(
      'relation-between-issues: Both issues must be issues of this workspace',
    );
    expect(verdictOf(relation('issue:gone', parent._id, 'relates'))).toBe(
      'relation-between-issues: Both issues must be issues of this workspace',
    );
  });

  it('takes a new issue of the same batch as one of the two', () => {
    const created = testIssue({ number: 9, _id: 'issue:new' });
    expect(check([relation(created._id, parent._id), created]).every((v) => v.ok)).toBe(true);
  });

  it('is added or removed by whoever may edit issues, never by a viewer', () => {
    expect(verdictOf(relation(parent._id, other._id), { role: 'member' })).toBe('ok');
    expect(verdictOf(relation(parent._id, other._id), { role: 'viewer' })).toMatch(
      /^schema-and-role: /,
    );
  });

  it('takes the same relation made again on a second device as a create in its writer’s name', () => {
    // Device 2 of u2 related the pair first; u1's device pushes its own revision of the id.
    const theirs = { ...relation(parent._id, other._id), createdBy: 'u2', _rev: '1-b' };
    const held = [...workspace, theirs as unknown as WorkspaceDoc];
    const mine = {
      ...relation(other._id, parent._id),
      _rev: '1-a',
      _revisions: { start: 1, ids: ['a'] },
    };
    expect(verdictOf(mine, { replicated: true }, held)).toBe('ok');
    expect(verdictOf(mine, { replicated: true, role: 'viewer' }, held)).toMatch(
      /^schema-and-role: /,
    );
    expect(verdictOf({ ...mine, createdBy: 'u2' }, { replicated: true }, held)).toBe(
      'schema-and-role: A document can only be created in your own name',
    );
    // Made on top of the held one, it is an edit, which relations never are.
    const onTop = { ...mine, _rev: '2-c', _revisions: { start: 2, ids: ['c', 'b'] } };
    expect(verdictOf(onTop, { replicated: true }, held)).toBe(
      "schema-and-role: You don't have permission to change this",
    );
    // Its issues are checked again: one deleted meanwhile refuses it like a create.
    const gone = held.filter((d) => d._id !== other._id);
    expect(verdictOf(mine, { replicated: true }, gone)).toBe(
      'relation-between-issues: Both issues must be issues of this workspace',
    );
  });
});

describe('checkWorkspaceWrite: admission', () => {
  it('refuses a document over the size limit as PAYLOAD_TOO_LARGE', () => {
    const big = edited(parent, { description: 'x'.repeat(LIMITS.documentBytes) });
    expect(check([big])[0]).toMatchObject({
      ok: false,
      rule: 'document-size',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('asks a replicated document for its revision and a history that ends in it', () => {
    const { _rev: _none, ...bare } = edited(parent, {});
    expect(verdictOf(bare, { replicated: true })).toBe(
      'replicated-revision: A replicated document needs its revision',
    );
    const wrongHistory = { ...edited(parent, {}), _revisions: { start: 1, ids: ['b'] } };
    expect(verdictOf(wrongHistory, { replicated: true })).toBe(
      'replicated-revision: The revision history does not end in the revision',
    );
    expect(verdictOf(edited(parent, {}), { replicated: false })).toBe('ok');
  });

  it('refuses what is not a document, replicated or not, without failing the batch', () => {
    for (const replicated of [false, true]) {
      const verdicts = check([null, 42, 'text', [], edited(parent, {})], {
        replicated,
        prunesBranch: () => true,
      });
      expect(verdicts.map((v) => v.ok)).toEqual([false, false, false, false, true]);
    }
  });

  it('lets a replicated deletion that only ends a branch through for whoever may edit', () => {
    const prune = { _id: other._id, _rev: '2-c', _deleted: true };
    // A member may not delete an issue someone else created.
    const theirs = testIssue({ number: 3, createdBy: 'u2' });
    const held = [...workspace.filter((d) => d._id !== other._id), theirs];
    const member = { role: 'member' as const, replicated: true };
    expect(verdictOf(prune, member, held)).toMatch(/^schema-and-role: /);
    const pruning = {
      ...member,
      prunesBranch: (id: string, rev: string) => id === other._id && rev === '2-c',
    };
    expect(verdictOf(prune, pruning, held)).toBe('ok');
    // Only that deletion: another document of the same id is checked as what it is.
    const changedNumber = { ...theirs, _rev: '3-d', number: 99 };
    const [deletion, edit] = checkWorkspaceWrite(
      [prune, changedNumber],
      context(pruning),
      lookupOfDocs(held),
    );
    expect(deletion).toMatchObject({ ok: true });
    expect(edit).toMatchObject({ ok: false, rule: 'schema-and-role' });
    // Only for replicated revisions: a new edit that deletes is a deletion.
    expect(
      verdictOf(prune, { ...member, replicated: false, prunesBranch: () => true }, held),
    ).toMatch(/^schema-and-role: /);
  });
});
