import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { rejectionReason, syncRejectedMessage } from './rejection-message.ts';

const docs = new Map<string, WorkspaceDoc>(
  (
    [
      { _id: 'project:p', type: 'project', key: 'ENG' },
      { _id: 'issue:i', type: 'issue', projectId: 'project:p', number: 12 },
      { _id: 'activity:a', type: 'activity', issueId: 'issue:i' },
    ] as unknown as WorkspaceDoc[]
  ).map((d) => [d._id, d]),
);
const lookup = (id: string) => docs.get(id);

describe('rejectionReason', () => {
  it('drops the code prefix and the final full stop', () => {
    expect(rejectionReason("FORBIDDEN: You don't have permission to change this.")).toBe(
      "You don't have permission to change this",
    );
    expect(rejectionReason('plain words')).toBe('plain words');
    expect(
      rejectionReason('Check the highlighted fields. Title is required', 'VALIDATION_FAILED'),
    ).toBe('Title is required');
    expect(
      rejectionReason("You don't have permission to do that. Ask a workspace admin.", 'FORBIDDEN'),
    ).toBe("You don't have permission to do that. Ask a workspace admin");
    expect(rejectionReason('')).toBe('the server refused it');
  });
});

describe('syncRejectedMessage', () => {
  it('names the issue by key, also for its activity', () => {
    const expected =
      "Your change to ENG-12 wasn't saved: Title is required. It was undone; your text is kept under Rejected changes.";
    expect(
      syncRejectedMessage(
        { id: 'issue:i', reason: 'VALIDATION_FAILED: Title is required' },
        lookup,
      ),
    ).toBe(expected);
    expect(
      syncRejectedMessage(
        { id: 'activity:a', reason: 'VALIDATION_FAILED: Title is required' },
        lookup,
      ),
    ).toBe(expected);
  });

  it('falls back to a neutral subject for documents it cannot find', () => {
    expect(syncRejectedMessage({ id: 'label:x', reason: 'FORBIDDEN: no' }, lookup)).toContain(
      'Your change to a document',
    );
  });
});
