import { DEFAULT_STATES, type IssueDoc, type ProjectDoc } from '@keel/domain';

/** Documents for the pure-logic tests of this feature. */
export const NOW = '2025-06-10T12:00:00.000Z';

export function makeProject(over: Partial<ProjectDoc> = {}): ProjectDoc {
  return {
    _id: 'project:p1',
    type: 'project',
    key: 'ENG',
    name: 'Engineering',
    description: '',
    leadId: null,
    color: '#5E6AD2',
    archivedAt: null,
    states: [...DEFAULT_STATES],
    createdBy: 'u1',
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}

export function makeIssue(over: Partial<IssueDoc> = {}): IssueDoc {
  return {
    _id: `issue:${over.number ?? 1}`,
    type: 'issue',
    projectId: 'project:p1',
    number: 1,
    title: 'An issue',
    description: '',
    stateId: 'todo',
    priority: 0,
    assigneeId: null,
    labelIds: [],
    estimate: null,
    dueDate: null,
    parentId: null,
    sortOrder: 'a0',
    createdBy: 'u1',
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    subscriberIds: ['u1'],
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}
