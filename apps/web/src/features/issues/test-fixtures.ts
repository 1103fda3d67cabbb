import type { IssueDoc, ProjectDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';

/** Documents for the pure-logic tests of this feature. */
export const NOW = '2025-06-10T12:00:00.000Z';

export function makeProject(over: Partial<ProjectDoc> = {}): ProjectDoc {
  return testProject({ createdAt: NOW, updatedAt: NOW, ...over });
}

export function makeIssue(over: Partial<IssueDoc> = {}): IssueDoc {
  return testIssue({
    _id: `issue:${over.number ?? 1}`,
    title: 'An issue',
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  });
}
