import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import { issueDocSchema, activityDocSchema, readMarkerDocSchema } from './documents.ts';
import { newActivityDocument, newIssueDocument, readMarkerAt } from './factories.ts';
import { DEFAULT_STATES } from './workflow.ts';

const NOW = '2026-11-22T10:00:00.000Z';

describe('newIssueDocument', () => {
  const issue = newIssueDocument({
    id: 'issue:abc',
    projectId: 'project:p1',
    states: DEFAULT_STATES,
    number: 7,
    title: 'Fix it',
    sortOrder: 'a0',
    createdBy: 'u1',
    now: NOW,
  });

  it('is a valid issue that its creator may write', () => {
    expect(issueDocSchema.safeParse(issue).success).toBe(true);
    expect(checkDocumentWrite(issue, { role: 'member', userId: 'u1', existing: null }).ok).toBe(
      true,
    );
  });

  it('starts in the first unstarted state with every optional field empty and the creator subscribed', () => {
    expect(issue).toMatchObject({
      stateId: 'todo',
      priority: 0,
      assigneeId: null,
      labelIds: [],
      estimate: null,
      dueDate: null,
      parentId: null,
      description: '',
      subscriberIds: ['u1'],
      startedAt: null,
      completedAt: null,
      canceledAt: null,
    });
  });
});

describe('newActivityDocument', () => {
  it('is a valid activity record', () => {
    const activity = newActivityDocument({
      id: 'activity:x',
      issueId: 'issue:abc',
      actorId: 'u1',
      kind: 'state',
      from: 'todo',
      to: 'done',
      now: NOW,
    });
    expect(activityDocSchema.safeParse(activity).success).toBe(true);
    expect(activity.createdAt).toBe(NOW);
  });
});

describe('readMarkerAt', () => {
  const LATER = '2026-11-22T11:00:00.000Z';

  it('creates a valid marker under its owner’s id that any role may write', () => {
    const marker = readMarkerAt({ userId: 'u1', lastReadAt: NOW, existing: null, now: NOW });
    expect(marker).toEqual({
      _id: 'readMarker:u1',
      type: 'readMarker',
      userId: 'u1',
      lastReadAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(readMarkerDocSchema.safeParse(marker).success).toBe(true);
    expect(checkDocumentWrite(marker, { role: 'viewer', userId: 'u1', existing: null }).ok).toBe(
      true,
    );
  });

  it('moves forward, keeping id, owner and createdAt', () => {
    const first = { ...readMarkerAt({ userId: 'u1', lastReadAt: NOW, existing: null, now: NOW }) };
    const moved = readMarkerAt({ userId: 'u1', lastReadAt: LATER, existing: first, now: LATER });
    expect(moved).toMatchObject({ _id: 'readMarker:u1', lastReadAt: LATER, createdAt: NOW });
  });

  it('never moves back: an older time leaves lastReadAt where it was', () => {
    const first = readMarkerAt({ userId: 'u1', lastReadAt: LATER, existing: null, now: LATER });
    const back = readMarkerAt({ userId: 'u1', lastReadAt: NOW, existing: first, now: LATER });
    expect(back.lastReadAt).toBe(LATER);
  });
});
