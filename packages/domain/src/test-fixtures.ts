import type { ActivityDoc, IssueDoc, LabelDoc, MemberDoc, ProjectDoc } from './documents.ts';
import { newActivityDocument, newIssueDocument } from './factories.ts';
import { DEFAULT_STATES } from './workflow.ts';

/**
 * Documents for unit tests in every package, built on the same factories the app uses, so a new
 * field is added in one place. Imported as `@keel/domain/test-fixtures`; never by app code.
 */
export const FIXTURE_TIME = '2026-01-01T00:00:00.000Z';

export function testProject(over: Partial<ProjectDoc> = {}): ProjectDoc {
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
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...over,
  };
}

export function testIssue(over: Partial<IssueDoc> = {}): IssueDoc {
  const number = over.number ?? 1;
  const base = newIssueDocument({
    id: `issue:i${number}`,
    projectId: 'project:p1',
    states: DEFAULT_STATES,
    number,
    title: `Issue ${number}`,
    sortOrder: 'a0',
    createdBy: 'u1',
    now: FIXTURE_TIME,
  });
  return { ...base, ...over };
}

/** A fixed "now" for tests of what a change writes, and documents made before it. */
export const TEST_NOW = '2025-06-10T12:00:00.000Z';

export function makeProject(over: Partial<ProjectDoc> = {}): ProjectDoc {
  return testProject({ createdAt: TEST_NOW, updatedAt: TEST_NOW, ...over });
}

export function makeIssue(over: Partial<IssueDoc> = {}): IssueDoc {
  return testIssue({
    _id: `issue:${over.number ?? 1}`,
    title: 'An issue',
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...over,
  });
}

/** An active member `u1` named Ada; `userId` also sets the id and the email. */
export function testMember(over: Partial<MemberDoc> = {}): MemberDoc {
  const userId = over.userId ?? 'u1';
  return {
    _id: `member:${userId}`,
    type: 'member',
    userId,
    name: 'Ada',
    email: `${userId}@example.com`,
    avatarUrl: null,
    role: 'member',
    active: true,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...over,
  };
}

export function testLabel(over: Partial<LabelDoc> = {}): LabelDoc {
  return {
    _id: 'label:l1',
    type: 'label',
    name: 'Bug',
    color: '#10B981',
    createdBy: 'u1',
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...over,
  };
}

/** A title change of issue `issue:i1` by `u1`; `n` numbers its id and its second. */
export function testActivity(n: number, over: Partial<ActivityDoc> = {}): ActivityDoc {
  const base = newActivityDocument({
    id: `activity:a${n}`,
    issueId: 'issue:i1',
    actorId: 'u1',
    kind: 'title',
    from: null,
    to: `v${n}`,
    now: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
  });
  return { ...base, ...over };
}
