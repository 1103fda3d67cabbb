import { describe, expect, it } from 'vitest';
import type { LabelDoc, MemberDoc } from '@keel/domain';
import { testLabel, testMember } from '@keel/domain/test-fixtures';
import { issueEditProblem } from './edit-issue-rules.ts';
import { makeIssue, NOW } from './test-fixtures.ts';

const label = (id: string): LabelDoc =>
  testLabel({ _id: id, name: id, color: '#123456', createdAt: NOW, updatedAt: NOW });
const member = (userId: string, active = true): MemberDoc =>
  testMember({
    userId,
    name: userId,
    email: `${userId}@x.y`,
    active,
    createdAt: NOW,
    updatedAt: NOW,
  });

const parent = makeIssue({ number: 1 });
const child = makeIssue({ number: 2, parentId: parent._id });
const other = makeIssue({ number: 3 });
const ctx = {
  issues: [parent, child, other],
  labels: Array.from({ length: 25 }, (_, i) => label(`label:l${i}`)),
  members: [member('u1'), member('gone', false)],
};

describe('issueEditProblem', () => {
  it('accepts valid edits', () => {
    expect(
      issueEditProblem(
        child,
        { assigneeId: 'u1', labelIds: ['label:l1'], estimate: 5, dueDate: '2024-02-29' },
        ctx,
      ),
    ).toBeNull();
    expect(issueEditProblem(child, { parentId: other._id }, ctx)).toBeNull();
  });

  it('refuses more than 20 labels or unknown labels', () => {
    const many = ctx.labels.slice(0, 21).map((l) => l._id);
    expect(issueEditProblem(parent, { labelIds: many }, ctx)?.message).toMatch(/at most 20/);
    expect(issueEditProblem(parent, { labelIds: ['label:nope'] }, ctx)?.field).toBe('labelIds');
  });

  it('checks only the labels and assignee the edit changes, as the server does', () => {
    // A label deleted and a member removed since: the issue keeps them through other edits.
    const kept = makeIssue({ number: 4, labelIds: ['label:deleted'], assigneeId: 'gone' });
    expect(issueEditProblem(kept, { labelIds: ['label:deleted', 'label:l1'] }, ctx)).toBeNull();
    expect(issueEditProblem(kept, { estimate: 5 }, ctx)).toBeNull();
    expect(issueEditProblem(kept, { labelIds: ['label:deleted', 'label:x'] }, ctx)?.field).toBe(
      'labelIds',
    );
  });

  it('refuses inactive members, odd estimates and impossible dates', () => {
    expect(issueEditProblem(parent, { assigneeId: 'gone' }, ctx)?.field).toBe('assigneeId');
    expect(issueEditProblem(parent, { estimate: 4 }, ctx)?.field).toBe('estimate');
    expect(issueEditProblem(parent, { dueDate: '2023-02-29' }, ctx)?.message).toMatch(/real date/);
  });

  it('refuses a parent that would make a loop', () => {
    expect(issueEditProblem(parent, { parentId: child._id }, ctx)?.message).toMatch(/sub-issue/);
    expect(issueEditProblem(parent, { parentId: parent._id }, ctx)?.message).toMatch(/own parent/);
  });
});
