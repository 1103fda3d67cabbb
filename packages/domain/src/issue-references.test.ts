import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from './documents.ts';
import {
  ASSIGNEE_NOT_ACTIVE,
  issueReferenceProblem,
  issueStateProblem,
  LABEL_NOT_FOUND,
  PROJECT_NOT_FOUND,
  STATE_NOT_IN_PROJECT,
} from './issue-references.ts';
import { testLabel, testMember, testProject } from './test-fixtures.ts';

const docs = new Map<string, WorkspaceDoc>(
  [
    testLabel({ _id: 'label:bug', name: 'bug' }),
    testMember({ userId: 'ann', active: true }),
    testMember({ userId: 'gone', active: false }),
    testProject({ _id: 'project:p1' }),
  ].map((d) => [d._id, d]),
);
const lookup = (id: string) => docs.get(id);

describe('issueReferenceProblem', () => {
  it('accepts an active assignee and existing labels', () => {
    expect(
      issueReferenceProblem({ assigneeId: 'ann', labelIds: ['label:bug'] }, null, lookup),
    ).toBeNull();
  });

  it('refuses an inactive or unknown assignee and an unknown label on a new issue', () => {
    expect(issueReferenceProblem({ assigneeId: 'gone', labelIds: [] }, null, lookup)).toEqual({
      path: 'assigneeId',
      message: ASSIGNEE_NOT_ACTIVE,
    });
    expect(issueReferenceProblem({ assigneeId: 'nobody', labelIds: [] }, null, lookup)?.path).toBe(
      'assigneeId',
    );
    expect(
      issueReferenceProblem({ assigneeId: null, labelIds: ['label:nope'] }, null, lookup),
    ).toEqual({ path: 'labelIds', message: LABEL_NOT_FOUND });
  });

  it('checks only what the write changes: what others did since never refuses it', () => {
    // Assigned to a member since removed, with a label since deleted: a title edit keeps both.
    const stored = { assigneeId: 'gone', labelIds: ['label:deleted'] };
    expect(issueReferenceProblem(stored, stored, lookup)).toBeNull();
    expect(
      issueReferenceProblem(
        { ...stored, labelIds: ['label:deleted', 'label:bug'] },
        stored,
        lookup,
      ),
    ).toBeNull();
    // Adding an unknown label, or assigning the removed member anew, is refused.
    expect(
      issueReferenceProblem({ ...stored, labelIds: ['label:deleted', 'label:x'] }, stored, lookup)
        ?.path,
    ).toBe('labelIds');
    expect(
      issueReferenceProblem(
        { assigneeId: 'gone', labelIds: [] },
        { assigneeId: null, labelIds: [] },
        lookup,
      )?.path,
    ).toBe('assigneeId');
  });
});

describe('issueStateProblem', () => {
  const project = docs.get('project:p1');
  const stateId = project?.type === 'project' ? project.states[0]!.id : '';

  it('accepts a state of the issue’s project', () => {
    expect(issueStateProblem({ projectId: 'project:p1', stateId }, lookup)).toBeNull();
  });

  it('refuses a state of no project of its own, and a project that does not exist', () => {
    expect(issueStateProblem({ projectId: 'project:p1', stateId: 'elsewhere' }, lookup)).toEqual({
      path: 'stateId',
      message: STATE_NOT_IN_PROJECT,
    });
    expect(issueStateProblem({ projectId: 'project:none', stateId }, lookup)).toEqual({
      path: 'stateId',
      message: PROJECT_NOT_FOUND,
    });
  });
});
