import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { rejectedDeletionText, rejectedText } from './rejected-text.ts';

const project = testProject();
const parent = testIssue({ number: 7, title: 'Parent' });
const kept = testIssue({ number: 12, title: 'Fix login', description: 'Old text' });
const label = {
  _id: 'label:bug',
  type: 'label',
  name: 'Bug',
  color: '#FF0000',
  createdBy: 'u1',
  createdAt: kept.createdAt,
  updatedAt: kept.createdAt,
} as const;
const docs = new Map<string, WorkspaceDoc>(
  [project, parent, kept, label].map((d) => [d._id, d as WorkspaceDoc]),
);
const lookup = (id: string) => docs.get(id);

describe('rejectedText', () => {
  it('lists only the fields an edit changed, in words', () => {
    const mine = {
      ...kept,
      _rev: '3-abc',
      parentId: parent._id,
      priority: 2,
      labelIds: [label._id],
      description: 'New text\nsecond line',
    };
    expect(rejectedText(mine, { ...kept, _rev: '2-xyz' }, lookup)).toBe(
      [
        'Description:\nNew text\nsecond line',
        'Priority: High',
        'Labels: Bug',
        'Parent: ENG-7',
      ].join('\n'),
    );
  });

  it('keeps the title and description of something the server never had', () => {
    const mine = { ...kept, description: 'All of it' };
    expect(rejectedText(mine, null, lookup)).toBe('Title: Fix login\nDescription:\nAll of it');
  });

  it('still names the issue when only untracked fields differ', () => {
    expect(rejectedText({ ...kept, sortOrder: 'b0' }, kept, lookup)).toBe('Title: Fix login');
  });

  it('keeps a comment’s body as it was typed', () => {
    const comment = {
      _id: 'comment:c1',
      type: 'comment',
      issueId: kept._id,
      body: 'Line one\n\n**bold**',
      authorId: 'u1',
      editedAt: null,
      createdAt: kept.createdAt,
      updatedAt: kept.createdAt,
    };
    expect(rejectedText(comment, null, lookup)).toBe('Line one\n\n**bold**');
  });

  it('says what a label and a project were', () => {
    expect(rejectedText(label, null, lookup)).toBe('Label: Bug (#FF0000)');
    expect(rejectedText({ ...project, description: 'Why' }, null, lookup)).toBe(
      'Project: ENG Engineering\nWhy',
    );
  });

  it('falls back to the raw document when it does not parse, so nothing is lost', () => {
    expect(rejectedText({ _id: 'issue:x', title: 'half' }, null, lookup)).toContain('"half"');
  });

  it('says which assignee and state, and names what it cannot find neutrally', () => {
    const member = {
      _id: 'member:u2',
      type: 'member',
      userId: 'u2',
      name: 'Ada',
      email: 'ada@example.com',
      avatarUrl: null,
      role: 'member',
      active: true,
      createdAt: kept.createdAt,
      updatedAt: kept.createdAt,
    } as const;
    docs.set(member._id, member);
    const started = project.states.find((s) => s.category === 'started');
    const mine = {
      ...kept,
      assigneeId: 'u2',
      stateId: started?.id ?? '',
      labelIds: ['label:gone'],
      parentId: 'issue:gone',
    };
    expect(rejectedText(mine, kept, lookup)).toBe(
      [
        `State: ${started?.name}`,
        'Assignee: Ada',
        'Labels: a deleted label',
        'Parent: an issue',
      ].join('\n'),
    );
  });
});

describe('rejectedDeletionText', () => {
  it('names what was to be deleted', () => {
    expect(rejectedDeletionText(kept, lookup)).toBe('Delete ENG-12: Fix login');
    expect(rejectedDeletionText(label, lookup)).toBe('Delete label Bug');
    expect(rejectedDeletionText(null, lookup)).toBe('Delete');
  });
});
