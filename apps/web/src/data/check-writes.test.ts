import { describe, expect, it } from 'vitest';
import { lookupOfDocs, type WorkspaceDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { checkWrites } from './check-writes.ts';

const now = '2026-01-01T00:00:00.000Z';
const label = {
  _id: 'label:l1',
  _rev: '1-abc',
  type: 'label',
  name: 'Bug',
  color: '#EF4444',
  createdBy: 'u1',
  createdAt: now,
  updatedAt: now,
} as WorkspaceDoc;

describe('checkWrites', () => {
  it('keeps an allowed deletion so it is saved, not dropped', () => {
    const stub = { _id: 'label:l1', _rev: '1-abc', _deleted: true };
    const result = checkWrites([stub], { role: 'admin', userId: 'u1' }, lookupOfDocs([label]));
    expect(result).toEqual({ ok: true, docs: [stub] });
  });

  it('refuses a deletion the role may not make', () => {
    const stub = { _id: 'label:l1', _rev: '1-abc', _deleted: true };
    const result = checkWrites([stub], { role: 'member', userId: 'u1' }, lookupOfDocs([label]));
    expect(result.ok).toBe(false);
  });

  it('refuses the whole change for one document the workspace in memory refuses', () => {
    const issue = { ...testIssue(), _rev: '1-a' };
    const workspace = lookupOfDocs([testProject(), issue]);
    const edit = { ...issue, stateId: 'nope' };
    const retitled = { ...testIssue({ number: 2 }), title: 'Fine' };
    const result = checkWrites([retitled, edit], { role: 'member', userId: 'u1' }, workspace);
    expect(result).toEqual({
      ok: false,
      message: 'State is not one of the project’s states',
      errors: [{ path: 'stateId', message: 'State is not one of the project’s states' }],
    });
  });
});
