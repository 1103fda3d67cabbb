import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import { editIssue, type EditContext } from './issue-edit.ts';
import { testIssue, testProject } from './test-fixtures.ts';

const NOW = '2025-06-10T12:00:00.000Z';
const makeProject = () => testProject({ createdAt: NOW, updatedAt: NOW });
const makeIssue = (over: Parameters<typeof testIssue>[0] = {}) =>
  testIssue({
    _id: `issue:${over.number ?? 1}`,
    title: 'An issue',
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  });

const LATER = '2025-06-11T09:30:00.000Z';
let n = 0;
const ctx: EditContext = {
  project: makeProject(),
  actorId: 'u2',
  now: LATER,
  newActivityId: () => `activity:a${++n}`,
};

describe('editIssue', () => {
  it('returns null when nothing changed', () => {
    const issue = makeIssue();
    expect(editIssue(issue, { title: issue.title, priority: 0 }, ctx)).toBeNull();
  });

  it('writes one activity per changed field with old and new values', () => {
    const result = editIssue(makeIssue(), { title: 'New title', priority: 2 }, ctx);
    expect(result?.issue).toMatchObject({ title: 'New title', priority: 2, updatedAt: LATER });
    expect(result?.activities.map((a) => [a.kind, a.from, a.to])).toEqual([
      ['title', 'An issue', 'New title'],
      ['priority', 0, 2],
    ]);
  });

  it('sets the transition times when the state changes', () => {
    const started = editIssue(makeIssue(), { stateId: 'in-progress' }, ctx);
    expect(started?.issue).toMatchObject({ stateId: 'in-progress', startedAt: LATER });
    expect(started?.activities[0]).toMatchObject({
      kind: 'state',
      from: 'todo',
      to: 'in-progress',
    });

    const done = editIssue(started!.issue, { stateId: 'done' }, ctx);
    expect(done?.issue).toMatchObject({ completedAt: LATER, startedAt: LATER, canceledAt: null });
  });

  it('ignores a state that is not in the project', () => {
    expect(editIssue(makeIssue(), { stateId: 'nowhere' }, ctx)).toBeNull();
  });

  it('records a description change without copying the text', () => {
    const result = editIssue(makeIssue(), { description: 'Steps to reproduce' }, ctx);
    expect(result?.activities[0]).toMatchObject({ kind: 'description', from: null, to: null });
  });

  it('produces documents the domain accepts as an edit by another member', () => {
    const existing = makeIssue({ _rev: '1-abc' });
    const result = editIssue(existing, { title: 'Renamed', stateId: 'done' }, ctx)!;
    expect(checkDocumentWrite(result.issue, { role: 'member', userId: 'u2', existing }).ok).toBe(
      true,
    );
    for (const activity of result.activities)
      expect(
        checkDocumentWrite(activity, { role: 'member', userId: 'u2', existing: null }).ok,
      ).toBe(true);
  });

  it('records assignee, labels, estimate, due date and parent with before and after', () => {
    const result = editIssue(
      makeIssue({ labelIds: ['label:a'] }),
      {
        assigneeId: 'u2',
        labelIds: ['label:a', 'label:b'],
        estimate: 3,
        dueDate: '2025-07-01',
        parentId: 'issue:9',
      },
      ctx,
    );
    expect(result?.activities.map((a) => [a.kind, a.from, a.to])).toEqual([
      ['assignee', null, 'u2'],
      ['labels', ['label:a'], ['label:a', 'label:b']],
      ['estimate', null, 3],
      ['dueDate', null, '2025-07-01'],
      ['parent', null, 'issue:9'],
      ['subscribed', 'assigned', ['u2']],
    ]);
  });

  it('subscribes a new assignee, saying so, unless they are listed or unsubscribed', () => {
    const issue = makeIssue({ subscriberIds: ['u1'] });
    const result = editIssue(issue, { assigneeId: 'u3' }, ctx)!;
    expect(result.issue.subscriberIds).toEqual(['u1', 'u3']);
    expect(result.activities.map((a) => [a.kind, a.actorId, a.from, a.to])).toEqual([
      ['assignee', 'u2', null, 'u3'],
      ['subscribed', 'u2', 'assigned', ['u3']],
    ]);
    for (const activity of result.activities)
      expect(
        checkDocumentWrite(activity, { role: 'member', userId: 'u2', existing: null }).ok,
      ).toBe(true);
    // Handed on, the former assignee stays subscribed.
    expect(editIssue(result.issue, { assigneeId: 'u1' }, ctx)!.issue.subscriberIds).toEqual([
      'u1',
      'u3',
    ]);
    const listed = editIssue(makeIssue({ subscriberIds: ['u3'] }), { assigneeId: 'u3' }, ctx)!;
    expect(listed.activities.map((a) => a.kind)).toEqual(['assignee']);
    const quiet = makeIssue({ subscriberIds: ['u1'], unsubscribedIds: ['u3'] });
    const unsubscribed = editIssue(quiet, { assigneeId: 'u3' }, ctx)!;
    expect(unsubscribed.issue.subscriberIds).toEqual(['u1']);
    expect(unsubscribed.activities.map((a) => a.kind)).toEqual(['assignee']);
  });

  it('treats labels in another order as no change', () => {
    const issue = makeIssue({ labelIds: ['label:a', 'label:b'] });
    expect(editIssue(issue, { labelIds: ['label:b', 'label:a'] }, ctx)).toBeNull();
  });

  it('saves a subscription without an activity record', () => {
    const result = editIssue(makeIssue(), { subscriberIds: ['u1', 'u2'] }, ctx);
    expect(result?.issue.subscriberIds).toEqual(['u1', 'u2']);
    expect(result?.activities).toEqual([]);
  });

  it('saves who unsubscribed, leaving the field out once nobody has', () => {
    const off = editIssue(makeIssue(), { subscriberIds: [], unsubscribedIds: ['u1'] }, ctx)!;
    expect(off.issue).toMatchObject({ subscriberIds: [], unsubscribedIds: ['u1'] });
    expect(off.activities).toEqual([]);
    const on = editIssue(off.issue, { subscriberIds: ['u1'], unsubscribedIds: [] }, ctx)!;
    expect(on.issue).not.toHaveProperty('unsubscribedIds');
    expect(editIssue(on.issue, { unsubscribedIds: [] }, ctx)).toBeNull();
  });
});
