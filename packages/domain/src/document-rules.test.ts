import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  checkDocumentWrite,
  mayCreateType,
  mayDelete,
  restoresDeleted,
  tombstoneOf,
  zodErrors,
  type WriteContext,
  type WriteVerdict,
} from './document-rules.ts';
import { READ_ENTRIES_MAX, workspaceDocSchema, type WorkspaceDoc } from './documents.ts';
import { ROLES, type Role } from './fields.ts';
import { DOC_TYPES, type DocType } from './ids.ts';
import { DEFAULT_STATES } from './workflow.ts';

const T0 = '2024-01-01T00:00:00.000Z';
const T1 = '2024-01-02T00:00:00.000Z';

/** One user per role, plus someone else who is a member of the workspace. */
const USER: Record<Role, string> = {
  owner: 'owner1',
  admin: 'admin1',
  member: 'mem1',
  viewer: 'view1',
};
const OTHER = 'other1';

type Raw = Record<string, unknown>;
// Conflict entries have no author (whoever merges writes them), nor have cycles (scheduled by
// the server or an admin) and milestones (a project's, kept by its admins); each is tested on
// its own below.
type AuthoredType = Exclude<
  DocType,
  'member' | 'notice' | 'link' | 'attachment' | 'conflict' | 'cycle' | 'milestone'
>;
const AUTHORED: AuthoredType[] = [
  'project',
  'issue',
  'comment',
  'label',
  'activity',
  'readMarker',
  'relation',
  'view',
  'favorite',
];
const AUTHOR_FIELD: Record<AuthoredType, string> = {
  project: 'createdBy',
  issue: 'createdBy',
  comment: 'authorId',
  label: 'createdBy',
  activity: 'actorId',
  readMarker: 'userId',
  relation: 'createdBy',
  view: 'ownerId',
  favorite: 'userId',
};

const make: Record<DocType, (by: string) => Raw> = {
  attachment: (by) => ({
    _id: `attachment:${by || 'u1'}.f1f1f1f1f1`,
    type: 'attachment',
    createdAt: T0,
    updatedAt: T0,
    name: 'screenshot.png',
    size: 2048,
    contentType: 'image/png',
    sha256: 'a'.repeat(64),
    issueId: 'issue:i1',
    createdBy: by,
  }),
  link: () => ({
    _id: 'link:abc123',
    type: 'link',
    createdAt: T0,
    updatedAt: T0,
    issueId: 'issue:i1',
    provider: 'github',
    kind: 'pull_request',
    url: 'https://github.com/acme/app/pull/7',
    title: 'Fix login',
    number: 7,
    state: 'open',
    sourceAt: T0,
  }),
  notice: () => ({
    _id: 'notice:webhook-h1',
    type: 'notice',
    createdAt: T0,
    updatedAt: T0,
    kind: 'webhook-off',
    subjectId: 'h1',
    label: 'Slack bridge',
    resolvedAt: null,
  }),
  member: (by) => ({
    _id: `member:${by}`,
    type: 'member',
    createdAt: T0,
    updatedAt: T0,
    userId: by,
    name: 'Someone',
    email: 'someone@example.com',
    avatarUrl: null,
    role: 'member',
    active: true,
  }),
  project: (by) => ({
    _id: 'project:p1',
    type: 'project',
    createdAt: T0,
    updatedAt: T0,
    key: 'ENG',
    name: 'Engineering',
    description: '',
    leadId: null,
    color: '#112233',
    archivedAt: null,
    states: DEFAULT_STATES.map((s) => ({ ...s })),
    createdBy: by,
  }),
  issue: (by) => ({
    _id: 'issue:i1',
    type: 'issue',
    createdAt: T0,
    updatedAt: T0,
    projectId: 'project:p1',
    number: 7,
    title: 'Fix login',
    description: 'It breaks.',
    stateId: 'todo',
    priority: 2,
    assigneeId: null,
    labelIds: [],
    estimate: 3,
    dueDate: null,
    parentId: null,
    sortOrder: 'a0',
    createdBy: by,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    subscriberIds: [by],
  }),
  comment: (by) => ({
    _id: 'comment:c1',
    type: 'comment',
    createdAt: T0,
    updatedAt: T0,
    issueId: 'issue:i1',
    body: 'Looks good',
    authorId: by,
    editedAt: null,
  }),
  label: (by) => ({
    _id: 'label:l1',
    type: 'label',
    createdAt: T0,
    updatedAt: T0,
    name: 'bug',
    color: '#FF0000',
    createdBy: by,
  }),
  activity: (by) => ({
    _id: 'activity:a1',
    type: 'activity',
    createdAt: T0,
    updatedAt: T0,
    issueId: 'issue:i1',
    actorId: by,
    kind: 'priority',
    from: 0,
    to: 2,
  }),
  conflict: (by) => ({
    _id: 'conflict:c1',
    type: 'conflict',
    createdAt: T0,
    updatedAt: T0,
    issueId: 'issue:i1',
    commentId: null,
    field: 'title',
    lost: { value: 'Fix login on Safari', by, at: T0 },
    kept: { value: 'Fix login', by: OTHER, at: T1 },
  }),
  readMarker: (by) => ({
    _id: `readMarker:${by}`,
    type: 'readMarker',
    createdAt: T0,
    updatedAt: T0,
    userId: by,
    lastReadAt: T0,
  }),
  cycle: () => ({
    _id: 'cycle:p1.3',
    type: 'cycle',
    createdAt: T0,
    updatedAt: T0,
    projectId: 'project:p1',
    number: 3,
    name: '',
    startsOn: '2026-11-23',
    endsOn: '2026-12-06',
    completedAt: null,
  }),
  milestone: () => ({
    _id: 'milestone:m1',
    type: 'milestone',
    createdAt: T0,
    updatedAt: T0,
    projectId: 'project:p1',
    name: 'Beta',
    targetOn: null,
    sortOrder: 'a0',
  }),
  // A personal view: who shares and who edits shared ones is view-rules.test.ts's.
  view: (by) => ({
    _id: 'view:v1',
    type: 'view',
    createdAt: T0,
    updatedAt: T0,
    name: 'Open bugs',
    query: 'priority=1',
    projectId: null,
    ownerId: by,
    shared: false,
  }),
  favorite: (by) => ({
    _id: `favorite:${by}.issue.i1`,
    type: 'favorite',
    createdAt: T0,
    updatedAt: T0,
    userId: by,
    target: 'issue:i1',
    sortOrder: 'a0',
  }),
  relation: (by) => ({
    _id: 'relation:relates.i1.i2',
    type: 'relation',
    createdAt: T0,
    updatedAt: T0,
    fromIssueId: 'issue:i1',
    toIssueId: 'issue:i2',
    kind: 'relates',
    createdBy: by,
  }),
};

/** A harmless change of content for an edit, one per type. */
const CHANGE: Record<DocType, Raw> = {
  conflict: { field: 'priority' },
  member: { name: 'Renamed' },
  notice: { resolvedAt: T1 },
  link: { state: 'merged' },
  attachment: { name: 'renamed.png' },
  project: { name: 'Platform' },
  issue: { title: 'Fix login for real', priority: 1 },
  comment: { body: 'Looks great', editedAt: T1 },
  label: { name: 'defect' },
  activity: { to: 3 },
  readMarker: { lastReadAt: T1 },
  // Its kind and issues are its id: only the times could differ.
  relation: {},
  cycle: { name: 'Launch week' },
  milestone: { name: 'Public beta', targetOn: '2027-01-15' },
  view: { query: 'priority=2' },
  favorite: { sortOrder: 'b0' },
};

const stored = (doc: Raw): WorkspaceDoc => workspaceDocSchema.parse({ ...doc, _rev: '1-a' });
const edited = (doc: Raw, changes: Raw = {}): Raw => ({
  ...doc,
  _rev: '1-a',
  updatedAt: T1,
  ...changes,
});
const stub = (id: string): Raw => ({ _id: id, _rev: '1-a', _deleted: true });
const ctx = (
  role: Role,
  existing: WorkspaceDoc | null = null,
  userId = USER[role],
): WriteContext => ({
  role,
  userId,
  existing,
});

type Action = 'create' | 'edit own' | "edit others'" | 'delete own' | "delete others'";

/** Perform one action of `role` on a document of `type`. */
function act(type: DocType, action: Action, role: Role): WriteVerdict {
  const me = USER[role];
  switch (action) {
    case 'create':
      return checkDocumentWrite(make[type](me), ctx(role));
    case 'edit own': {
      const doc = make[type](me);
      return checkDocumentWrite(edited(doc, CHANGE[type]), ctx(role, stored(doc)));
    }
    case "edit others'": {
      const doc = make[type](OTHER);
      return checkDocumentWrite(edited(doc, CHANGE[type]), ctx(role, stored(doc)));
    }
    case 'delete own': {
      const doc = make[type](me);
      return checkDocumentWrite(stub(String(doc._id)), ctx(role, stored(doc)));
    }
    case "delete others'": {
      const doc = make[type](OTHER);
      return checkDocumentWrite(stub(String(doc._id)), ctx(role, stored(doc)));
    }
  }
}

const OA: Role[] = ['owner', 'admin'];
const OAM: Role[] = ['owner', 'admin', 'member'];
const ALL: Role[] = ['owner', 'admin', 'member', 'viewer'];
const NONE: Role[] = [];

/** SPEC §6 for workspace documents: who may do what. */
const MATRIX: Record<AuthoredType, Partial<Record<Action, Role[]>>> = {
  project: {
    create: OA,
    'edit own': OA,
    "edit others'": OA,
    'delete own': OA,
    "delete others'": OA,
  },
  issue: {
    create: OAM,
    'edit own': OAM,
    "edit others'": OAM,
    'delete own': OAM,
    "delete others'": OA,
  },
  comment: {
    create: OAM,
    'edit own': OAM,
    "edit others'": NONE,
    'delete own': OAM,
    "delete others'": OA,
  },
  label: {
    create: OAM,
    'edit own': OA,
    "edit others'": OA,
    'delete own': OA,
    "delete others'": OA,
  },
  activity: {
    create: OAM,
    'edit own': NONE,
    "edit others'": NONE,
    'delete own': NONE,
    "delete others'": NONE,
  },
  readMarker: {
    create: ALL,
    'edit own': ALL,
    "edit others'": NONE,
    "delete others'": NONE,
  },
  // SPEC §10: as editing issues; added or removed, never changed.
  relation: {
    create: OAM,
    'edit own': NONE,
    "edit others'": NONE,
    'delete own': OAM,
    "delete others'": OAM,
  },
  // SPEC §10: every role's own, nobody else's.
  view: {
    create: ALL,
    'edit own': ALL,
    "edit others'": NONE,
    'delete own': ALL,
    "delete others'": NONE,
  },
  favorite: {
    create: ALL,
    'edit own': ALL,
    "edit others'": NONE,
    'delete own': ALL,
    "delete others'": NONE,
  },
};

describe('checkDocumentWrite: a relation made again on another device', () => {
  it('is taken when replicated, as a create in its writer’s own name', () => {
    const theirs = stored(make.relation(OTHER));
    for (const role of ROLES) {
      const mine = {
        ...make.relation(USER[role]),
        _rev: '1-b',
        _revisions: { start: 1, ids: ['b'] },
      };
      const verdict = checkDocumentWrite(mine, { ...ctx(role, theirs), replicated: true });
      expect(verdict.ok, role).toBe(OAM.includes(role));
      // Never in someone else's name, and never as an edit outside replication.
      expect(
        checkDocumentWrite(
          { ...make.relation(OTHER), _rev: '1-b', _revisions: { start: 1, ids: ['b'] } },
          { ...ctx(role, theirs), replicated: true },
        ).ok,
        role,
      ).toBe(false);
      expect(checkDocumentWrite(mine, ctx(role, theirs)).ok, role).toBe(false);
    }
  });
});

describe('checkDocumentWrite: cycles (SPEC §10)', () => {
  it('are created, edited and deleted by owners and admins only', () => {
    const held = stored(make.cycle(''));
    for (const role of ROLES) {
      const writes = [
        checkDocumentWrite(make.cycle(''), ctx(role)),
        checkDocumentWrite(edited(make.cycle(''), CHANGE.cycle), ctx(role, held)),
        checkDocumentWrite(stub('cycle:p1.3'), ctx(role, held)),
      ];
      for (const verdict of writes)
        if (OA.includes(role)) expect(verdict.ok, role).toBe(true);
        else expect(verdict, role).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('keep their project and number (their id), and end after they start', () => {
    const held = stored(make.cycle(''));
    expect(
      checkDocumentWrite(edited(make.cycle(''), { number: 4 }), ctx('admin', held)),
    ).toMatchObject({ ok: false, errors: [{ path: '_id' }] });
    expect(
      checkDocumentWrite({ ...make.cycle(''), endsOn: '2026-11-23' }, ctx('admin')),
    ).toMatchObject({ ok: false, errors: [{ path: 'endsOn' }] });
    expect(checkDocumentWrite({ ...make.cycle(''), startsOn: '2026-02-30' }, ctx('admin')).ok).toBe(
      false,
    );
  });
});

describe('checkDocumentWrite: milestones (SPEC §10)', () => {
  it('are created, edited and deleted by owners and admins only', () => {
    const held = stored(make.milestone(''));
    for (const role of ROLES) {
      const writes = [
        checkDocumentWrite(make.milestone(''), ctx(role)),
        checkDocumentWrite(edited(make.milestone(''), CHANGE.milestone), ctx(role, held)),
        checkDocumentWrite(stub('milestone:m1'), ctx(role, held)),
      ];
      for (const verdict of writes)
        if (OA.includes(role)) expect(verdict.ok, role).toBe(true);
        else expect(verdict, role).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('have a name of 1–80 characters and a real target day, or none', () => {
    for (const [change, path] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ targetOn: '2027-02-30' }, 'targetOn'],
      [{ sortOrder: '' }, 'sortOrder'],
    ] as const)
      expect(
        checkDocumentWrite({ ...make.milestone(''), ...change }, ctx('admin')),
        JSON.stringify(change),
      ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: [{ path }] });
  });
});

describe('checkDocumentWrite: a project’s status and dates (SPEC §10)', () => {
  it('are changed by owners and admins, with a known status and a target not before the start', () => {
    const held = stored(make.project(OTHER));
    const plan = { status: 'paused', startsOn: '2026-11-02', targetOn: '2027-01-29' };
    for (const role of ROLES) {
      const verdict = checkDocumentWrite(edited(make.project(OTHER), plan), ctx(role, held));
      expect(verdict.ok, role).toBe(OA.includes(role));
    }
    for (const [change, path] of [
      [{ status: 'done' }, 'status'],
      [{ startsOn: '2027-02-01', targetOn: '2027-01-31' }, 'targetOn'],
      [{ targetOn: '31/01/2027' }, 'targetOn'],
    ] as const)
      expect(
        checkDocumentWrite(edited(make.project(OTHER), change), ctx('admin', held)),
        JSON.stringify(change),
      ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: [{ path }] });
    // The same day is a one-day project.
    expect(
      checkDocumentWrite(
        edited(make.project(OTHER), { startsOn: '2027-01-31', targetOn: '2027-01-31' }),
        ctx('admin', held),
      ).ok,
    ).toBe(true);
  });
});

describe('checkDocumentWrite: conflict entries', () => {
  it('may be written by anyone who edits issues, whoever’s edits they keep, and never changed', () => {
    for (const role of ROLES) {
      const mayEdit = OAM.includes(role);
      for (const by of [USER[role], OTHER]) {
        const created = checkDocumentWrite(make.conflict(by), ctx(role));
        if (mayEdit) expect(created.ok, role).toBe(true);
        else expect(created, role).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        const existing = stored(make.conflict(by));
        expect(
          checkDocumentWrite(edited(make.conflict(by), CHANGE.conflict), ctx(role, existing)),
          role,
        ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      }
    }
  });

  it('is dismissed by the person whose value it keeps, or by an admin', () => {
    for (const role of ROLES)
      for (const by of [USER[role], OTHER]) {
        const verdict = checkDocumentWrite(
          stub('conflict:c1'),
          ctx(role, stored(make.conflict(by))),
        );
        const allowed = OA.includes(role) || (by === USER[role] && role === 'member');
        expect(verdict.ok, `${role} dismisses ${by === OTHER ? "another's" : 'own'}`).toBe(allowed);
      }
  });

  it('names a comment exactly when it keeps a comment’s text', () => {
    const entry = make.conflict(USER.member);
    expect(checkDocumentWrite({ ...entry, commentId: 'comment:c1' }, ctx('member'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(checkDocumentWrite({ ...entry, field: 'comment' }, ctx('member'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(
      checkDocumentWrite({ ...entry, field: 'comment', commentId: 'comment:c1' }, ctx('member')).ok,
    ).toBe(true);
  });

  it('holds a value of a kind the timeline can show, and names a known field', () => {
    const entry = make.conflict(USER.member);
    for (const value of ['text', 3, ['label:l1'], null])
      expect(
        checkDocumentWrite({ ...entry, lost: { value, by: null, at: null } }, ctx('member')).ok,
      ).toBe(true);
    expect(checkDocumentWrite({ ...entry, field: 'sortOrder' }, ctx('member'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(
      checkDocumentWrite(
        { ...entry, lost: { value: { x: 1 }, by: null, at: null } },
        ctx('member'),
      ),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});

describe('checkDocumentWrite: who may write what (SPEC §6)', () => {
  for (const type of AUTHORED) {
    for (const [action, allowed] of Object.entries(MATRIX[type]) as [Action, Role[]][]) {
      it(`${type}: ${action} is allowed for ${allowed.join(', ') || 'nobody'}`, () => {
        for (const role of ROLES) {
          const verdict = act(type, action, role);
          if (allowed.includes(role)) {
            expect(verdict.ok, `${role}: ${JSON.stringify(verdict)}`).toBe(true);
          } else {
            expect(verdict, role).toMatchObject({ ok: false, code: 'FORBIDDEN' });
          }
        }
      });
    }
  }

  it('mayDelete, which the interface asks, answers as the write check does', () => {
    for (const type of AUTHORED)
      for (const role of ROLES)
        for (const [action, author] of [
          ['delete own', USER[role]],
          ["delete others'", OTHER],
        ] as const) {
          const doc = stored(make[type](author));
          expect(mayDelete(doc, role, USER[role]), `${type} ${role} ${action}`).toBe(
            act(type, action, role).ok,
          );
        }
    // SPEC §6 spelled out for issues: a member deletes their own, admins any, viewers none.
    const byOther = stored(make.issue(OTHER));
    expect(mayDelete(stored(make.issue(USER.member)), 'member', USER.member)).toBe(true);
    expect(mayDelete(byOther, 'member', USER.member)).toBe(false);
    expect(mayDelete(byOther, 'admin', USER.admin)).toBe(true);
    expect(mayDelete(stored(make.issue(USER.viewer)), 'viewer', USER.viewer)).toBe(false);
  });

  it('a viewer can write nothing but their own read marker, views and favourites', () => {
    const actions: Action[] = [
      'create',
      'edit own',
      "edit others'",
      'delete own',
      "delete others'",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...AUTHORED), fc.constantFrom(...actions), (type, action) => {
        const verdict = act(type, action, 'viewer');
        const own = action === 'create' || action === 'edit own' || action === 'delete own';
        const allowed =
          (type === 'readMarker' && (action === 'create' || action === 'edit own')) ||
          ((type === 'view' || type === 'favorite') && own);
        if (allowed) expect(verdict.ok).toBe(true);
        else expect(verdict).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      }),
    );
  });

  it("a viewer cannot delete (write a tombstone for) a document that doesn't exist yet", () => {
    // A deletion stub is a write too; a viewer may not create issues, so may not create
    // tombstones for them either.
    for (const type of ['issue', 'comment', 'label', 'project', 'activity'] as const) {
      const verdict = checkDocumentWrite(stub(String(make[type](OTHER)._id)), ctx('viewer'));
      expect(verdict, type).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('a member may delete a document that does not exist (an offline create + delete)', () => {
    expect(checkDocumentWrite(stub('issue:never-synced'), ctx('member'))).toEqual({
      ok: true,
      doc: null,
    });
  });

  it('returns no document for an allowed deletion', () => {
    const doc = make.issue(USER.member);
    expect(checkDocumentWrite(stub('issue:i1'), ctx('member', stored(doc)))).toEqual({
      ok: true,
      doc: null,
    });
  });

  it('member documents, notices and links are the server\u2019s: every role is refused, for create, edit and delete', () => {
    for (const role of ROLES) {
      const link = make.link(USER[role]);
      expect(checkDocumentWrite(link, ctx(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(
        checkDocumentWrite(edited(link, { state: 'merged' }), ctx(role, stored(link))),
      ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(checkDocumentWrite(stub(String(link._id)), ctx(role, stored(link)))).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
      const linked = {
        ...make.activity(USER[role]),
        kind: 'linked',
        from: null,
        to: ['pull_request'],
      };
      expect(checkDocumentWrite(linked, ctx(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const squatter = { ...make.activity(USER[role]), _id: 'activity:git-0123456789abcdef' };
      expect(checkDocumentWrite(squatter, ctx(role))).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
      const notice = make.notice(USER[role]);
      expect(checkDocumentWrite(notice, ctx(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(
        checkDocumentWrite(edited(notice, { resolvedAt: T1 }), ctx(role, stored(notice))),
      ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(checkDocumentWrite(stub(String(notice._id)), ctx(role, stored(notice)))).toMatchObject(
        { ok: false, code: 'FORBIDDEN' },
      );
      const doc = make.member(USER[role]);
      expect(checkDocumentWrite(doc, ctx(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(
        checkDocumentWrite(edited(doc, { role: 'owner' }), ctx(role, stored(doc))),
      ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(checkDocumentWrite(stub(String(doc._id)), ctx(role, stored(doc)))).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('files are added by uploading them; deleted by their uploader, or any by an admin (SPEC §11)', () => {
    for (const role of ROLES) {
      const own = make.attachment(USER[role]);
      expect(checkDocumentWrite(own, ctx(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(
        checkDocumentWrite(edited(own, CHANGE.attachment), ctx(role, stored(own))),
      ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const deleteOwn = checkDocumentWrite(stub(String(own._id)), ctx(role, stored(own)));
      expect(deleteOwn.ok, role).toBe(OAM.includes(role));
      const theirs = make.attachment(OTHER);
      const deleteTheirs = checkDocumentWrite(stub(String(theirs._id)), ctx(role, stored(theirs)));
      expect(deleteTheirs.ok, role).toBe(OA.includes(role));
    }
  });

  it('someone without a role gets NOT_FOUND, never FORBIDDEN', () => {
    const nobody = { role: null as unknown as Role, userId: OTHER, existing: null };
    for (const type of AUTHORED) {
      expect(checkDocumentWrite(make[type](OTHER), nobody)).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
      expect(checkDocumentWrite(stub(String(make[type](OTHER)._id)), nobody)).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
    }
  });

  it('an admin may not edit someone else\u2019s comment or read marker', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(act('comment', "edit others'", role)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(act('readMarker', "edit others'", role)).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('activity is immutable: nobody edits or deletes it', () => {
    for (const role of ROLES) {
      expect(act('activity', 'edit own', role).ok).toBe(false);
      expect(act('activity', "delete others'", role).ok).toBe(false);
    }
  });
});

describe('checkDocumentWrite: authorship', () => {
  it('on create, the author must be the writer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUTHORED),
        fc.constantFrom(...ROLES),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        (type, role, someone) => {
          fc.pre(someone !== USER[role]);
          const verdict = checkDocumentWrite(make[type](someone), ctx(role));
          expect(verdict).toMatchObject({ ok: false, code: 'FORBIDDEN' });
          if (!verdict.ok && (MATRIX[type].create ?? []).includes(role)) {
            expect(verdict.reason).toBe('A document can only be created in your own name');
            expect(verdict.errors).toEqual([{ path: AUTHOR_FIELD[type], message: 'Must be you' }]);
          }
        },
      ),
    );
  });

  it('on edit, the author can never change', () => {
    const editors: [AuthoredType, Role[]][] = [
      ['project', OA],
      ['issue', OAM],
      ['comment', OAM],
      ['label', OA],
      ['readMarker', ALL],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...editors),
        fc.nat(),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        ([type, roles], pick, someone) => {
          const role = roles[pick % roles.length]!;
          fc.pre(someone !== USER[role]);
          const original = make[type](USER[role]);
          const verdict = checkDocumentWrite(
            edited(original, { [AUTHOR_FIELD[type]]: someone }),
            ctx(role, stored(original)),
          );
          expect(verdict).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        },
      ),
    );
  });

  it('an editor of someone else\u2019s issue cannot claim it', () => {
    const original = make.issue(OTHER);
    const verdict = checkDocumentWrite(
      edited(original, { createdBy: USER.admin }),
      ctx('admin', stored(original)),
    );
    expect(verdict).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'The author of a document never changes',
      errors: [{ path: 'createdBy', message: 'Cannot change' }],
    });
  });

  it('a comment author cannot hand their comment to someone else', () => {
    const original = make.comment(USER.member);
    const verdict = checkDocumentWrite(
      edited(original, { authorId: OTHER }),
      ctx('member', stored(original)),
    );
    expect(verdict).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('checkDocumentWrite: read markers', () => {
  it('every role may create its own marker, under its own id only', () => {
    for (const role of ROLES) {
      const me = USER[role];
      expect(checkDocumentWrite(make.readMarker(me), ctx(role)).ok, role).toBe(true);
      // Taking another member's marker id first would lock them out of their own read state.
      const squatting = { ...make.readMarker(me), _id: `readMarker:${OTHER}` };
      expect(checkDocumentWrite(squatting, ctx(role)), role).toEqual({
        ok: false,
        code: 'VALIDATION_FAILED',
        reason: 'A read marker is stored under its owner’s id',
        errors: [{ path: '_id', message: `Must be readMarker:${me}` }],
      });
    }
  });

  it('carries what was read one by one and what was archived, within its limits', () => {
    const me = USER.viewer;
    const marker = {
      ...make.readMarker(me),
      read: { 'comment:c1': T1, 'activity:a1': T1 },
      archived: { 'issue:i1': T1 },
    };
    expect(checkDocumentWrite(marker, ctx('viewer')).ok).toBe(true);
    // Read entries name the comment or activity record a notification comes from.
    expect(
      checkDocumentWrite({ ...marker, read: { 'issue:i1': T1 } }, ctx('viewer')),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const tooMany = Object.fromEntries(
      Array.from({ length: READ_ENTRIES_MAX + 1 }, (_, i) => [`comment:c${i}`, T1]),
    );
    expect(checkDocumentWrite({ ...marker, read: tooMany }, ctx('viewer'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      errors: [
        { path: 'read', message: `At most ${READ_ENTRIES_MAX} notifications read one by one` },
      ],
    });
  });

  it("nobody writes a marker in someone else's name, even under that person's id", () => {
    for (const role of ROLES) {
      const forged = make.readMarker(OTHER);
      expect(checkDocumentWrite(forged, ctx(role)), role).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
  });
});

describe('checkDocumentWrite: fixed fields', () => {
  it('createdAt never changes', () => {
    for (const type of ['project', 'issue', 'comment', 'label', 'readMarker'] as const) {
      const original = make[type](USER.owner);
      const verdict = checkDocumentWrite(
        edited(original, { createdAt: T1 }),
        ctx('owner', stored(original)),
      );
      expect(verdict, type).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'createdAt', message: 'Cannot change' }],
      });
    }
  });

  it('a project key is fixed once created', () => {
    const original = make.project(USER.admin);
    const verdict = checkDocumentWrite(
      edited(original, { key: 'PLAT' }),
      ctx('admin', stored(original)),
    );
    expect(verdict).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'key', message: 'Cannot change' }],
    });
  });

  it('an issue keeps its number and project', () => {
    const original = make.issue(USER.member);
    for (const change of [{ number: 8 }, { projectId: 'project:p2' }]) {
      const verdict = checkDocumentWrite(edited(original, change), ctx('member', stored(original)));
      expect(verdict).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
  });

  it('other fields of an issue may change, and the verdict carries the parsed document', () => {
    const original = make.issue(USER.member);
    const verdict = checkDocumentWrite(
      edited(original, {
        title: '  New title  ',
        stateId: 'done',
        completedAt: T1,
        assigneeId: OTHER,
      }),
      ctx('member', stored(original)),
    );
    expect(verdict.ok).toBe(true);
    if (verdict.ok && verdict.doc?.type === 'issue') {
      expect(verdict.doc.title).toBe('New title');
      expect(verdict.doc.completedAt).toBe(T1);
    } else {
      expect.fail('expected an issue');
    }
  });

  it('a document cannot change its type', () => {
    const existing = stored(make.label(USER.owner));
    const asIssue = edited({ ...make.issue(USER.owner), _id: 'label:l1' });
    // the id says label but the body says issue
    expect(checkDocumentWrite(asIssue, ctx('owner', existing))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    // the id and body say issue, but what is stored under that id is a label
    const verdict = checkDocumentWrite(edited(make.issue(USER.owner)), ctx('owner', existing));
    expect(verdict).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      reason: 'A document cannot change its type',
    });
  });
});

describe('checkDocumentWrite: ids and shape', () => {
  it('refuses anything that is not an object', () => {
    for (const raw of [null, undefined, 42, 'issue:i1', [], [make.issue(USER.owner)]]) {
      expect(checkDocumentWrite(raw, ctx('owner'))).toEqual({
        ok: false,
        code: 'VALIDATION_FAILED',
        reason: 'A document must be an object',
        errors: [],
      });
    }
  });

  it('refuses unknown and design ids, even from the owner and even as deletions', () => {
    for (const id of [
      undefined,
      '',
      'i1',
      'bug:i1',
      'Issue:i1',
      'issue:',
      'issue:a b',
      '_design/keel',
      '_design/x:y',
      '_local/cp',
      '_users',
    ]) {
      const doc = { ...make.issue(USER.owner), _id: id };
      const expected = {
        ok: false,
        code: 'VALIDATION_FAILED',
        reason: 'Unknown document id',
        errors: [{ path: '_id', message: 'Unknown document id' }],
      };
      expect(checkDocumentWrite(doc, ctx('owner')), String(id)).toEqual(expected);
      expect(checkDocumentWrite({ _id: id, _deleted: true }, ctx('owner')), String(id)).toEqual(
        expected,
      );
    }
  });

  it('refuses any id that is not <type>:<tail>', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (id) => {
        fc.pre(
          !/^(member|project|issue|comment|label|activity|readMarker):[A-Za-z0-9_-]{1,64}$/.test(
            id,
          ),
        );
        const verdict = checkDocumentWrite({ ...make.label(USER.owner), _id: id }, ctx('owner'));
        expect(verdict).toMatchObject({
          ok: false,
          code: 'VALIDATION_FAILED',
          reason: 'Unknown document id',
        });
      }),
    );
  });

  it('the type must match the id prefix', () => {
    const types = Object.keys(make) as DocType[];
    fc.assert(
      fc.property(fc.constantFrom(...AUTHORED), fc.constantFrom(...types), (idType, bodyType) => {
        fc.pre(idType !== bodyType);
        const tail =
          idType === 'relation' ? 'relates.x1.x2' : idType === 'favorite' ? 'u1.issue.x1' : 'x1';
        const doc = { ...make[bodyType](USER.owner), _id: `${idType}:${tail}` };
        expect(checkDocumentWrite(doc, ctx('owner'))).toEqual({
          ok: false,
          code: 'VALIDATION_FAILED',
          reason: 'Document type does not match its id',
          errors: [{ path: 'type', message: 'Type does not match id' }],
        });
      }),
    );
  });

  it('reports invalid fields with their paths and the first message as the reason', () => {
    const verdict = checkDocumentWrite({ ...make.issue(USER.member), title: '   ' }, ctx('member'));
    expect(verdict).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      reason: 'Title is required',
    });
    if (!verdict.ok)
      expect(verdict.errors).toContainEqual({ path: 'title', message: 'Title is required' });

    const long = checkDocumentWrite(
      { ...make.issue(USER.member), title: 'x'.repeat(256) },
      ctx('member'),
    );
    expect(long).toMatchObject({ ok: false, reason: 'Title must be at most 255 characters' });

    const states = DEFAULT_STATES.map((s, i) => (i === 0 ? { ...s, color: 'grey' } : { ...s }));
    const nested = checkDocumentWrite({ ...make.project(USER.owner), states }, ctx('owner'));
    expect(nested).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    if (!nested.ok) {
      expect(nested.errors).toContainEqual({
        path: 'states.0.color',
        message: 'Colour must look like #RRGGBB',
      });
    }
  });

  it('refuses CouchDB specials and unknown fields on a write', () => {
    for (const extra of ['_attachments', '_conflicts', '_deleted_conflicts', 'role', 'isAdmin']) {
      const verdict = checkDocumentWrite(
        { ...make.issue(USER.member), [extra]: {} },
        ctx('member'),
      );
      expect(verdict, extra).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
    expect(
      checkDocumentWrite({ ...make.issue(USER.member), _deleted: false }, ctx('member')).ok,
    ).toBe(false);
  });

  it('validates even for writers who are allowed', () => {
    const verdict = checkDocumentWrite(
      { ...make.comment(USER.owner), body: 'a\u0000b' },
      ctx('owner'),
    );
    expect(verdict).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      reason: 'Comment contains characters that are not allowed',
    });
  });

  it('accepts a valid create and returns the normalised document', () => {
    const verdict = checkDocumentWrite(
      { ...make.label(USER.member), name: '  needs\u0020triage ' },
      ctx('member'),
    );
    expect(verdict.ok).toBe(true);
    if (verdict.ok)
      expect(verdict.doc).toMatchObject({
        type: 'label',
        name: 'needs triage',
        createdBy: USER.member,
      });
  });

  it('gives every refusal a catalogue code and a reason', () => {
    const actions: Action[] = [
      'create',
      'edit own',
      "edit others'",
      'delete own',
      "delete others'",
    ];
    for (const type of Object.keys(make) as DocType[]) {
      for (const action of actions) {
        for (const role of ROLES) {
          const verdict = act(type, action, role);
          if (verdict.ok) continue;
          expect(['FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND']).toContain(verdict.code);
          expect(verdict.reason.length).toBeGreaterThan(0);
          expect(Array.isArray(verdict.errors)).toBe(true);
        }
      }
    }
  });
});

describe('zodErrors', () => {
  it('turns zod issues into {path, message} with dotted paths', () => {
    const schema = z.object({
      a: z.object({ b: z.array(z.string().min(2, 'too short')) }),
      c: z.number(),
    });
    const result = schema.safeParse({ a: { b: ['ok', 'x'] }, c: 'nope' });
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = zodErrors(result.error);
      expect(errors).toContainEqual({ path: 'a.b.1', message: 'too short' });
      expect(errors.map((e) => e.path)).toContain('c');
      expect(errors).toHaveLength(2);
    }
  });

  it('uses an empty path for a top-level issue', () => {
    const result = z.string({ error: 'need text' }).safeParse(1);
    if (result.success) expect.fail('should not parse');
    else expect(zodErrors(result.error)).toEqual([{ path: '', message: 'need text' }]);
  });
});

describe('checkDocumentWrite: deleting and restoring (undo)', () => {
  it('a deletion of an issue or comment keeps it as it was, and nothing else', () => {
    const issue = stored(make.issue(USER.member));
    const tombstone = tombstoneOf(issue);
    const { updatedAt: _moves, ...content } = issue;
    expect(tombstone).toEqual({ ...content, _deleted: true });
    expect(checkDocumentWrite(tombstone, ctx('member', issue)).ok).toBe(true);
    for (const forged of [{ number: 8 }, { title: 'Changed on the way out' }, { extra: 1 }])
      expect(checkDocumentWrite({ ...tombstone, ...forged }, ctx('member', issue))).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    // With nothing stored (the server strips what it cannot vouch for), a body is refused.
    expect(checkDocumentWrite(tombstone, ctx('member'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    const comment = stored(make.comment(USER.member));
    expect(tombstoneOf(comment)).toMatchObject({ body: 'Looks good', authorId: USER.member });
    // Other documents' deletions stay bare.
    expect(tombstoneOf(stored(make.label(USER.admin)))).toEqual({
      _id: 'label:l1',
      _rev: '1-a',
      _deleted: true,
    });
  });

  it('restores what was deleted for whoever may delete it, in its author’s name', () => {
    for (const [type, author] of [
      ['issue', OTHER],
      ['issue', USER.member],
      ['comment', OTHER],
      ['comment', USER.member],
    ] as const) {
      const doc = make[type](author);
      const tombstone = tombstoneOf(stored(doc));
      for (const role of ROLES) {
        const verdict = checkDocumentWrite(doc, { ...ctx(role), tombstone });
        expect(verdict.ok, `${role} restores ${type} of ${author}`).toBe(
          mayDelete(stored(doc), role, USER[role]),
        );
      }
    }
    // A member may not restore someone else's issue: deleting it was not theirs either.
    const others = make.issue(OTHER);
    expect(
      checkDocumentWrite(others, { ...ctx('member'), tombstone: tombstoneOf(stored(others)) }),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('is an ordinary create when it does not come back exactly as what was deleted', () => {
    for (const change of [{ number: 99 }, { title: 'Something else' }]) {
      const doc = make.issue(OTHER);
      const tombstone = tombstoneOf(stored(doc));
      const changed = { ...doc, ...change };
      expect(restoresDeleted(stored(changed), tombstone)).toBe(false);
      expect(checkDocumentWrite(changed, { ...ctx('admin'), tombstone })).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
    // An admin may delete another's comment, not rewrite it by deleting and restoring.
    const comment = make.comment(OTHER);
    expect(
      checkDocumentWrite(
        { ...comment, body: 'I resign' },
        { ...ctx('admin'), tombstone: tombstoneOf(stored(comment)) },
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // Only the time of the restore moves.
    const issue = make.issue(OTHER);
    expect(
      checkDocumentWrite(
        { ...issue, updatedAt: T1 },
        { ...ctx('admin'), tombstone: tombstoneOf(stored(issue)) },
      ).ok,
    ).toBe(true);
  });

  it('a deletion undone before it was pushed arrives as an unchanged revision: a restore', () => {
    const comment = stored(make.comment(OTHER));
    expect(checkDocumentWrite({ ...comment, _rev: '3-c' }, ctx('admin', comment)).ok).toBe(true);
    expect(checkDocumentWrite({ ...comment, _rev: '3-c' }, ctx('member', comment))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });
});

describe('mayCreateType', () => {
  it('says which types reach the rules from each role: a viewer’s own marker, views, favourites', () => {
    const types = (role: Role) => DOC_TYPES.filter((t) => mayCreateType(role, t));
    expect(types('viewer')).toEqual(['readMarker', 'view', 'favorite']);
    expect(types('member')).not.toContain('project');
    expect(types('member')).toContain('issue');
    expect(types('admin')).toContain('milestone');
  });
});
