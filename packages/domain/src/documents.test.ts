import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ACTIVITY_KINDS,
  activityDocSchema,
  commentDocSchema,
  issueDocSchema,
  labelDocSchema,
  memberDocSchema,
  projectDocSchema,
  readMarkerDocSchema,
  workspaceDocSchema,
} from './documents.ts';
import { DEFAULT_STATES } from './workflow.ts';

const T0 = '2024-01-01T00:00:00.000Z';
const base = (id: string) => ({ _id: id, createdAt: T0, updatedAt: T0 });

const docs = {
  member: {
    ...base('member:u1'),
    type: 'member',
    userId: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    avatarUrl: null,
    role: 'admin',
    active: true,
  },
  project: {
    ...base('project:p1'),
    type: 'project',
    key: 'ENG',
    name: 'Engineering',
    description: '',
    leadId: null,
    color: '#112233',
    archivedAt: null,
    states: DEFAULT_STATES.map((s) => ({ ...s })),
    createdBy: 'u1',
  },
  issue: {
    ...base('issue:i1'),
    type: 'issue',
    projectId: 'project:p1',
    number: 1,
    title: 'Fix login',
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
  },
  comment: {
    ...base('comment:c1'),
    type: 'comment',
    issueId: 'issue:i1',
    body: 'Looks good',
    authorId: 'u1',
    editedAt: null,
  },
  label: { ...base('label:l1'), type: 'label', name: 'bug', color: '#FF0000', createdBy: 'u1' },
  activity: {
    ...base('activity:a1'),
    type: 'activity',
    issueId: 'issue:i1',
    actorId: 'u1',
    kind: 'state',
    from: 'todo',
    to: 'done',
  },
  readMarker: { ...base('readMarker:u1'), type: 'readMarker', userId: 'u1', lastReadAt: T0 },
} as const;
const TYPES = Object.keys(docs) as (keyof typeof docs)[];

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('workspace document schemas (SPEC §3)', () => {
  it('accepts a valid document of every type, through its own schema and the union', () => {
    const schemas = {
      member: memberDocSchema,
      project: projectDocSchema,
      issue: issueDocSchema,
      comment: commentDocSchema,
      label: labelDocSchema,
      activity: activityDocSchema,
      readMarker: readMarkerDocSchema,
    };
    for (const type of TYPES) {
      expect(schemas[type].safeParse(docs[type]).success, type).toBe(true);
      expect(workspaceDocSchema.parse(docs[type])).toEqual(docs[type]);
    }
  });

  it('requires type, createdAt and updatedAt on every document', () => {
    for (const type of TYPES) {
      for (const field of ['type', 'createdAt', 'updatedAt']) {
        const doc: Record<string, unknown> = { ...docs[type] };
        delete doc[field];
        expect(workspaceDocSchema.safeParse(doc).success, `${type} without ${field}`).toBe(false);
      }
      expect(workspaceDocSchema.safeParse({ ...docs[type], createdAt: 'now' }).success).toBe(false);
    }
  });

  it('refuses unknown fields and CouchDB specials other than _rev and _revisions', () => {
    for (const type of TYPES) {
      const doc = docs[type];
      expect(workspaceDocSchema.safeParse({ ...doc, _rev: '1-abc' }).success).toBe(true);
      expect(
        workspaceDocSchema.safeParse({ ...doc, _revisions: { start: 2, ids: ['b', 'a'] } }).success,
      ).toBe(true);
      for (const extra of [
        '_attachments',
        '_conflicts',
        '_deleted',
        '_deleted_conflicts',
        'isAdmin',
      ]) {
        expect(
          workspaceDocSchema.safeParse({ ...doc, [extra]: {} }).success,
          `${type}.${extra}`,
        ).toBe(false);
      }
    }
  });

  it('refuses any extra field name on any document', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((k) => !['_rev', '_revisions', '__proto__'].includes(k)),
        (type, key) => {
          if (Object.hasOwn(docs[type], key)) return;
          expect(workspaceDocSchema.safeParse({ ...docs[type], [key]: 'x' }).success).toBe(false);
        },
      ),
    );
  });

  it('refuses an unknown type', () => {
    expect(workspaceDocSchema.safeParse({ ...docs.label, type: 'note' }).success).toBe(false);
    expect(workspaceDocSchema.safeParse({ ...docs.label, type: undefined }).success).toBe(false);
  });

  it('normalises text fields', () => {
    const parsed = issueDocSchema.parse({
      ...docs.issue,
      title: '  Fix login  ',
      description: ' x\n',
    });
    expect(parsed.title).toBe('Fix login');
    expect(parsed.description).toBe('x');
  });

  it('applies the SPEC §5 field rules inside documents', () => {
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, title: ' ' }))).toEqual([
      'Title is required',
    ]);
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, title: 'x'.repeat(256) }))).toEqual([
      'Title must be at most 255 characters',
    ]);
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, estimate: 11 }))).toEqual([
      'Estimate must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 21',
    ]);
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, priority: 5 }))).toEqual([
      'Priority must be 0–4',
    ]);
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, dueDate: '2023-02-29' }))).toEqual([
      'Due date must be a real date (YYYY-MM-DD)',
    ]);
    expect(messages(commentDocSchema.safeParse({ ...docs.comment, body: '' }))).toEqual([
      'Comment is required',
    ]);
    expect(messages(labelDocSchema.safeParse({ ...docs.label, color: 'red' }))).toEqual([
      'Colour must look like #RRGGBB',
    ]);
    expect(messages(labelDocSchema.safeParse({ ...docs.label, name: 'x'.repeat(41) }))).toEqual([
      'Label name must be at most 40 characters',
    ]);
    expect(projectDocSchema.safeParse({ ...docs.project, key: 'eng' }).success).toBe(false);
    expect(projectDocSchema.safeParse({ ...docs.project, name: '' }).success).toBe(false);
  });

  it('allows at most 20 labels on an issue', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `label:l${i}`);
    expect(issueDocSchema.safeParse({ ...docs.issue, labelIds: ids(20) }).success).toBe(true);
    expect(messages(issueDocSchema.safeParse({ ...docs.issue, labelIds: ids(21) }))).toEqual([
      'An issue has at most 20 labels',
    ]);
  });

  it('numbers issues with positive integers', () => {
    for (const n of [1, 42, 999_999_999]) {
      expect(issueDocSchema.safeParse({ ...docs.issue, number: n }).success).toBe(true);
    }
    for (const n of [0, -1, 1.5, 1_000_000_000, Number.NaN]) {
      expect(issueDocSchema.safeParse({ ...docs.issue, number: n }).success, String(n)).toBe(false);
    }
  });

  it('requires user references to look like user ids', () => {
    for (const bad of ['', 'has space', 'a:b', 'x'.repeat(65)]) {
      expect(issueDocSchema.safeParse({ ...docs.issue, createdBy: bad }).success, bad).toBe(false);
      expect(issueDocSchema.safeParse({ ...docs.issue, assigneeId: bad }).success, bad).toBe(false);
    }
    expect(issueDocSchema.safeParse({ ...docs.issue, assigneeId: 'u_2-B' }).success).toBe(true);
  });

  it('keeps a project workflow valid', () => {
    const noCanceled = DEFAULT_STATES.filter((s) => s.category !== 'canceled');
    expect(messages(projectDocSchema.safeParse({ ...docs.project, states: noCanceled }))).toEqual([
      'Keep at least one Canceled state',
    ]);
  });

  it('knows the activity kinds of SPEC §3 and §11, and a restore after a deletion (undo)', () => {
    expect([...ACTIVITY_KINDS]).toEqual([
      'created',
      'state',
      'priority',
      'assignee',
      'labels',
      'title',
      'description',
      'parent',
      'estimate',
      'dueDate',
      'project',
      'restored',
      'subscribed',
      'relation',
      'cycle',
      'milestone',
      'linked',
    ]);
    for (const kind of ACTIVITY_KINDS) {
      expect(activityDocSchema.safeParse({ ...docs.activity, kind }).success).toBe(true);
    }
    expect(activityDocSchema.safeParse({ ...docs.activity, kind: 'comment' }).success).toBe(false);
  });

  it('lets activity values be text, numbers, lists of ids or empty', () => {
    for (const value of ['x', 3, ['label:a', 'label:b'], null]) {
      expect(
        activityDocSchema.safeParse({ ...docs.activity, from: value, to: value }).success,
      ).toBe(true);
    }
    for (const value of [{}, true, Array.from({ length: 21 }, () => 'x'), undefined]) {
      expect(activityDocSchema.safeParse({ ...docs.activity, to: value }).success).toBe(false);
    }
  });

  it('requires a member role of the four roles', () => {
    expect(memberDocSchema.safeParse({ ...docs.member, role: 'superuser' }).success).toBe(false);
  });
});
