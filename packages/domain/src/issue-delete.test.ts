import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import type { IssueDoc } from './documents.ts';
import { tombstoneOf } from './document-restore.ts';
import { issueDeletion } from './issue-delete.ts';
import { TEST_NOW as NOW, makeIssue, makeProject } from './test-fixtures.ts';

const project = makeProject();
const other = makeProject({ _id: 'project:p2', key: 'OPS' });
let n = 0;
const ctx = {
  projects: new Map([
    [project._id, project],
    [other._id, other],
  ]),
  actorId: 'u1',
  now: NOW,
  newActivityId: () => `activity:${++n}`,
};

describe('issueDeletion', () => {
  const parent = makeIssue({ _id: 'issue:parent', _rev: '3-a', number: 1 });
  const child = makeIssue({ _id: 'issue:child', number: 2, parentId: parent._id });
  const elsewhere = makeIssue({
    _id: 'issue:ops',
    projectId: other._id,
    number: 1,
    parentId: parent._id,
  });
  const grandchild = makeIssue({ _id: 'issue:grand', number: 3, parentId: child._id });
  const unrelated = makeIssue({ _id: 'issue:other', number: 4 });

  it('writes the tombstone at the revision shown, and lets go of every sub-issue with its activity', () => {
    const writes = issueDeletion(parent, [parent, child, elsewhere, grandchild, unrelated], ctx);
    // The tombstone keeps the issue as it was, so an undo can restore it.
    const { updatedAt: _moves, ...content } = parent;
    expect(writes[0]).toEqual({ ...content, _id: 'issue:parent', _rev: '3-a', _deleted: true });
    const issues = writes.filter(
      (w): w is IssueDoc => 'type' in w && w.type === 'issue' && !('_deleted' in w),
    );
    expect(issues.map((i) => [i._id, i.parentId])).toEqual([
      ['issue:child', null],
      ['issue:ops', null],
    ]);
    const activities = writes.filter((w) => 'type' in w && w.type === 'activity');
    expect(activities).toEqual([
      expect.objectContaining({
        issueId: 'issue:child',
        kind: 'parent',
        from: parent._id,
        to: null,
      }),
      expect.objectContaining({ issueId: 'issue:ops', kind: 'parent', from: parent._id, to: null }),
    ]);
  });

  it('is only a tombstone for an issue without sub-issues, one a member may write for their own', () => {
    const writes = issueDeletion(unrelated, [parent, child, unrelated], ctx);
    expect(writes).toEqual([tombstoneOf(unrelated)]);
    const stored = { ...unrelated, _rev: '1-a', createdBy: 'u1' };
    const verdict = checkDocumentWrite(tombstoneOf(stored), {
      role: 'member',
      userId: 'u1',
      existing: stored,
    });
    expect(verdict.ok).toBe(true);
  });
});
