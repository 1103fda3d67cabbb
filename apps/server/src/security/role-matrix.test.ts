import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cycleId,
  dayNumber,
  dayOf,
  DEFAULT_STATES,
  newActivityDocument,
  newAttachmentId,
  newDocId,
  newRelation,
  type RelationSide,
  newIssueDocument,
  newFavorite,
  newLabelDocument,
  newProjectDocument,
  newSavedView,
  type AttachmentDoc,
  type CommentDoc,
  type CycleDoc,
  type MilestoneDoc,
  type ProjectDoc,
  type Role,
  type WorkspaceDoc,
} from '@keel/domain';
import { CouchClient, type CouchDoc } from '../db/couch-client.ts';
import {
  userIdOf,
  type InvitationDoc,
  type MembershipDoc,
  type UserDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  createWorkspaceAs,
  reserveNumbers,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';
import { addMember } from '../workspaces/add-member.ts';
import { createInvitation } from '../workspaces/invitations.ts';

/**
 * SPEC §6, every cell: each action attempted by an owner, an admin, a member, a viewer and
 * someone outside the workspace, through the real HTTP routes with real sessions. An allowed
 * attempt must be stored; a refused one must answer FORBIDDEN (NOT_FOUND for the outsider, who
 * must not learn the workspace exists) and leave the database exactly as it was.
 *
 * Adding an action is one row: `docRow` for a document written through /db/:ws, `apiRow` for
 * an /api call that leaves everyone's role alone, `teamRow` for one that changes members, roles
 * or the workspace itself (each attempt gets a workspace of its own).
 */
type Actor = Role | 'outsider';
const ACTORS: readonly Actor[] = ['owner', 'admin', 'member', 'viewer', 'outsider'];

interface Person {
  actor: Actor;
  browser: BrowserSession;
  userId: string;
}

interface Ctx {
  as: Person;
  /** Someone else than `as` who is a member (the author of "others'" documents). */
  other: Person;
  ws: WorkspaceFixture;
  /** Store a document directly in the workspace database, as the server would; returns it with its _rev. */
  seed<T extends WorkspaceDoc>(doc: T): Promise<T & { _rev: string }>;
}

type Outcome = { allowed: true } | { allowed: false; code: string };

interface Row {
  action: string;
  allowed: readonly Role[];
  /** A refusal with another code than FORBIDDEN (NOT_FOUND for outsiders), by actor. */
  refusedWith?: Partial<Record<Actor, string>>;
  attempt(ctx: Ctx): Promise<{ outcome: Outcome; check(): Promise<void> }>;
}

let server: TestServer;
let ws: WorkspaceFixture;
let workspace: WorkspaceRecord;
const people = new Map<Actor, Person>();
/** Users who act in no cell: the members a cell promotes, demotes or removes, one per role. */
const targets = new Map<Target, UserDoc>();
let serial = 0;
const firstNumber = new Map<Actor, number>();
const now = () => new Date().toISOString();

beforeAll(async () => {
  server = await startTestServer();
  for (const actor of ACTORS) {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount(actor));
    const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
    people.set(actor, { actor, browser, userId: me.user.id });
  }
  ws = await createWorkspaceAs(people.get('owner')!.browser, 'matrix');
  workspace = (await server.store.workspaceBySlug(ws.slug))!;
  for (const role of TARGETS) {
    const user = await server.store.getUser(people.get(role)!.userId);
    await addMember(server.store, workspace, user!, role);
    // Nobody signs in as a target, so they need an account and no session.
    const target = await server.store.upsertUser({
      issuer: 'https://matrix.example',
      subject: `target-${role}`,
      email: `target-${role}@example.com`,
      name: `Target ${role}`,
      avatarUrl: null,
    });
    targets.set(role, target);
  }
  // A new issue needs a number from its writer's own block; those who may not create get none.
  for (const role of WRITERS)
    firstNumber.set(role, (await reserveNumbers(people.get(role)!.browser, ws)).start);
});
afterAll(async () => {
  await server?.close();
});

/** Put `doc` as the server would, over any stored version (read markers have fixed ids). */
async function seed<T extends WorkspaceDoc>(doc: T): Promise<T & { _rev: string }> {
  const current = await server.couch.getDoc<CouchDoc>(workspace.dbName, doc._id);
  const rev = await server.couch.putDoc(workspace.dbName, {
    ...(doc as unknown as CouchDoc),
    ...(current ? { _rev: current._rev } : {}),
  });
  return { ...doc, _rev: rev };
}

const storedDoc = (id: string) => server.couch.getDoc<CouchDoc>(workspace.dbName, id);

interface BulkRow {
  id: string;
  ok?: boolean;
  rev?: string;
  code?: string;
}

/**
 * Write `doc` through the proxy as `as`, and check afterwards: allowed → stored as sent (or gone,
 * for a deletion); refused → the stored version is what it was before.
 */
async function writeThroughProxy(as: Person, doc: { _id: string; _deleted?: boolean }) {
  const before = await storedDoc(doc._id);
  const res = await as.browser.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [doc] },
  });
  const body = (await res.json()) as BulkRow[] | { code: string };
  let outcome: Outcome;
  if (res.status !== 201 || !Array.isArray(body))
    outcome = { allowed: false, code: (body as { code: string }).code };
  else if (body[0]?.ok) outcome = { allowed: true };
  else outcome = { allowed: false, code: body[0]?.code ?? 'none' };
  return {
    outcome,
    async check() {
      const after = await storedDoc(doc._id);
      if (!outcome.allowed) expect(after).toEqual(before);
      else if (doc._deleted) expect(after).toBeNull();
      else expect(after).toMatchObject({ ...doc, _rev: (body as BulkRow[])[0]!.rev });
    },
  };
}

const docRow = (
  action: string,
  allowed: readonly Role[],
  build: (ctx: Ctx) => Promise<{ _id: string; _deleted?: boolean }>,
): Row => ({
  action,
  allowed,
  attempt: async (ctx) => writeThroughProxy(ctx.as, await build(ctx)),
});

const apiRow = (
  action: string,
  allowed: readonly Role[],
  /** `allowed`/`code` when the status alone does not tell (a 200 that leaves the workspace out). */
  send: (ctx: Ctx) => Promise<{ res: Response; allowed?: boolean; code?: string }>,
  state: (ctx: Ctx) => Promise<unknown>,
): Row => ({
  action,
  allowed,
  async attempt(ctx) {
    const before = await state(ctx);
    const sent = await send(ctx);
    const body = (await sent.res.json().catch(() => ({}))) as { code?: string };
    const outcome: Outcome =
      (sent.allowed ?? sent.res.ok)
        ? { allowed: true }
        : { allowed: false, code: sent.code ?? body.code ?? `HTTP ${sent.res.status}` };
    return {
      outcome,
      async check() {
        if (!outcome.allowed) expect(await state(ctx)).toEqual(before);
      },
    };
  },
});

type Target = 'admin' | 'member' | 'viewer';
const TARGETS: readonly Target[] = ['admin', 'member', 'viewer'];

/** A workspace of one cell's own: the actors in their roles, a target per role, an invitation. */
interface Team {
  slug: string;
  workspace: WorkspaceRecord;
  workspaceId: string;
  target: Record<Target, string>;
  owner: string;
  /** A pending invitation (to join as a member) made by the owner. */
  invitationId: string;
}
interface TeamCtx {
  as: Person;
  team: Team;
}

async function freshTeam(): Promise<Team> {
  const owner = people.get('owner')!;
  const slug = `team-${++serial}`;
  await createWorkspaceAs(owner.browser, slug);
  const record = (await server.store.workspaceBySlug(slug))!;
  const target = {} as Record<Target, string>;
  for (const role of TARGETS) {
    await addMember(
      server.store,
      record,
      (await server.store.getUser(people.get(role)!.userId))!,
      role,
    );
    await addMember(server.store, record, targets.get(role)!, role);
    target[role] = userIdOf(targets.get(role)!);
  }
  const { invitation } = await createInvitation(
    server.store,
    record,
    owner.userId,
    { email: null, role: 'member' },
    new Date(),
  );
  return {
    slug,
    workspace: record,
    workspaceId: record._id.slice('workspace:'.length),
    target,
    owner: owner.userId,
    invitationId: invitation._id.split(':')[2]!,
  };
}

/** Someone's standing in a team: their membership (what authorises) and member document. */
async function standing(team: Team, userId: string) {
  const membership = await server.store.membership(userId, team.workspaceId);
  const member = await server.couch.getDoc<CouchDoc & { role: Role; active: boolean }>(
    team.workspace.dbName,
    `member:${userId}`,
  );
  return { membership, member };
}
type Standing = Awaited<ReturnType<typeof standing>>;

const hasRole = (s: Standing, role: Role) => {
  expect(s.membership?.role).toBe(role);
  expect(s.member).toMatchObject({ role, active: true });
};
const isGone = (s: Standing) => {
  expect(s.membership).toBeNull();
  // The member document stays, inactive, so their name still shows on what they wrote.
  expect(s.member).toMatchObject({ active: false });
};

async function outcomeOf(res: Response): Promise<Outcome> {
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return res.ok ? { allowed: true } : { allowed: false, code: body.code ?? `HTTP ${res.status}` };
}

/**
 * An /api call that changes who is in the workspace, their roles or the workspace itself, tried
 * on a fresh team so no cell depends on another. Allowed → `state` changed and `stored` holds;
 * refused → `state` is exactly what it was.
 */
function teamRow<S>(
  action: string,
  allowed: readonly Role[],
  send: (ctx: TeamCtx) => Promise<Response>,
  state: (ctx: TeamCtx) => Promise<S>,
  stored: (after: S, ctx: TeamCtx) => void,
  refusedWith?: Row['refusedWith'],
): Row {
  return {
    action,
    allowed,
    refusedWith,
    async attempt({ as }) {
      const ctx = { as, team: await freshTeam() };
      const before = await state(ctx);
      const outcome = await outcomeOf(await send(ctx));
      return {
        outcome,
        async check() {
          const after = await state(ctx);
          if (!outcome.allowed) expect(after).toEqual(before);
          else {
            expect(after).not.toEqual(before);
            stored(after, ctx);
          }
        },
      };
    },
  };
}

const api = (as: Person, path: string, method = 'GET', json?: unknown) =>
  as.browser.request(`/api${path}`, { method, ...(json === undefined ? {} : { json }) });

const pendingOf = (team: Team) =>
  server.store.withPrefix<InvitationDoc>(`invitation:${team.workspaceId}:`);

const inviteRow = (role: Role, allowed: readonly Role[], refusedWith?: Row['refusedWith']) =>
  teamRow(
    `invite as ${role}`,
    allowed,
    ({ as, team }) => api(as, `/workspaces/${team.slug}/invitations`, 'POST', { role }),
    ({ team }) => pendingOf(team),
    (after, { as, team }) => {
      const made = after.filter((i) => i._id.split(':')[2] !== team.invitationId);
      expect(made).toMatchObject([
        { role, createdBy: as.userId, acceptedBy: null, revokedAt: null },
      ]);
    },
    refusedWith,
  );

const changeRoleRow = (
  action: string,
  allowed: readonly Role[],
  whom: (ctx: TeamCtx) => string,
  to: Role,
  refusedWith?: Row['refusedWith'],
) =>
  teamRow(
    action,
    allowed,
    (ctx) =>
      api(ctx.as, `/workspaces/${ctx.team.slug}/members/${whom(ctx)}`, 'PATCH', { role: to }),
    (ctx) => standing(ctx.team, whom(ctx)),
    (after) => hasRole(after, to),
    refusedWith,
  );

const removeRow = (
  action: string,
  allowed: readonly Role[],
  whom: (ctx: TeamCtx) => string,
  refusedWith?: Row['refusedWith'],
) =>
  teamRow(
    action,
    allowed,
    (ctx) => api(ctx.as, `/workspaces/${ctx.team.slug}/members/${whom(ctx)}`, 'DELETE'),
    (ctx) => standing(ctx.team, whom(ctx)),
    isGone,
    refusedWith,
  );

async function databaseExists(db: string): Promise<boolean> {
  const res = await server.couch.request('GET', CouchClient.dbPath(db));
  await res.body?.cancel();
  return res.ok;
}

const ALL: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
const WRITERS: readonly Role[] = ['owner', 'admin', 'member'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const OWNER: readonly Role[] = ['owner'];
const NOBODY: readonly Role[] = [];
/** The owner cannot step down except by transfer: SPEC §8 LAST_OWNER. */
const LAST_OWNER = { owner: 'LAST_OWNER' } as const;

const issue = (createdBy: string, number = 1000 + ++serial) =>
  newIssueDocument({
    id: newDocId('issue'),
    projectId: ws.projectId,
    states: DEFAULT_STATES,
    number,
    title: `Matrix issue ${serial}`,
    sortOrder: 'a0',
    createdBy,
    now: now(),
  });
const comment = (issueId: string, authorId: string): CommentDoc => ({
  _id: newDocId('comment'),
  type: 'comment',
  issueId,
  body: `Comment ${++serial}`,
  authorId,
  editedAt: null,
  createdAt: now(),
  updatedAt: now(),
});
/** A stored comment by `authorId` on a stored issue of theirs. */
const storedComment = async (seed: Ctx['seed'], authorId: string) => {
  const target = await seed(issue(authorId));
  return seed(comment(target._id, authorId));
};
const label = (createdBy: string) =>
  newLabelDocument({
    id: newDocId('label'),
    name: `Label ${++serial}`,
    color: '#4EA7FC',
    createdBy,
    now: now(),
  });
const project = (createdBy: string) =>
  newProjectDocument({
    id: newDocId('project'),
    key: `M${++serial}`,
    name: `Matrix project ${serial}`,
    color: '#4EA7FC',
    createdBy,
    now: now(),
  });
const attachment = (createdBy: string, issueId: string): AttachmentDoc => ({
  _id: newAttachmentId(createdBy),
  type: 'attachment',
  name: 'notes.txt',
  size: 12,
  contentType: 'text/plain; charset=utf-8',
  sha256: 'b'.repeat(64),
  issueId,
  createdBy,
  createdAt: now(),
  updatedAt: now(),
});

const activity = (issueId: string, actorId: string) =>
  newActivityDocument({
    id: newDocId('activity'),
    issueId,
    actorId,
    kind: 'priority',
    from: 0,
    to: 1,
    now: now(),
  });
/** A relation of `side` between two new issues of `issuesBy`, made by `createdBy`. */
const relation = async (
  seed: Ctx['seed'],
  side: RelationSide,
  issuesBy: string,
  createdBy: string,
) => {
  const [a, b] = [await seed(issue(issuesBy)), await seed(issue(issuesBy))];
  return newRelation({ side, issueId: a._id, otherId: b._id, createdBy, now: now() });
};
/**
 * A cycle of the project numbered past every other row's, with days that follow from its number,
 * so the cycles the rows make never overlap.
 */
const cycle = (): CycleDoc => {
  const number = 1000 + ++serial;
  const start = dayNumber('2030-01-07') + number * 14;
  return {
    _id: cycleId(ws.projectId, number),
    type: 'cycle',
    projectId: ws.projectId,
    number,
    name: '',
    startsOn: dayOf(start),
    endsOn: dayOf(start + 13),
    completedAt: null,
    createdAt: now(),
    updatedAt: now(),
  };
};
/** A new milestone of the project. */
const milestone = (): MilestoneDoc => ({
  _id: newDocId('milestone'),
  type: 'milestone',
  projectId: ws.projectId,
  name: `Milestone ${++serial}`,
  targetOn: null,
  sortOrder: `a${serial}`,
  createdAt: now(),
  updatedAt: now(),
});
/** A saved view of all issues, `ownerId`'s, shared with the workspace or not. */
const savedView = (ownerId: string, shared: boolean) =>
  newSavedView({
    name: `View ${++serial}`,
    query: 'priority=1',
    projectId: null,
    ownerId,
    shared,
    now: now(),
  });
/** `userId`'s favourite of a new issue (stored first: a favourite pins what exists). */
const favorite = async (seed: Ctx['seed'], userId: string) => {
  const target = await seed(issue(userId));
  return newFavorite({ userId, target: target._id, sortOrder: `a${serial}`, now: now() });
};
/** A member document as the server writes it; nobody else may. */
const memberDoc = (userId: string, name: string, email: string, role: Role) => ({
  _id: `member:${userId}`,
  type: 'member' as const,
  userId,
  name,
  email,
  avatarUrl: null,
  role,
  active: true,
  createdAt: now(),
  updatedAt: now(),
});
// One marker per member, under the member's own id (the inbox's rule).
const readMarker = (userId: string) => ({
  _id: `readMarker:${userId}`,
  type: 'readMarker' as const,
  userId,
  lastReadAt: now(),
  createdAt: now(),
  updatedAt: now(),
});
const deletion = (doc: { _id: string; _rev: string }) => ({
  _id: doc._id,
  _rev: doc._rev,
  _deleted: true,
});
const edited = <T extends { updatedAt: string }>(doc: T, change: Partial<T>): T => ({
  ...doc,
  ...change,
  updatedAt: now(),
});

const ROWS: Row[] = [
  apiRow(
    'read everything in the workspace',
    ALL,
    async ({ as, ws }) => {
      const changes = await as.browser.request(`/db/${ws.slug}/_changes?include_docs=true`);
      const project = await as.browser.request(`/db/${ws.slug}/${ws.projectId}`);
      await project.body?.cancel();
      return { res: changes, allowed: changes.ok && project.ok };
    },
    async () => null,
  ),
  apiRow(
    '/api/me lists the workspace with the role',
    ALL,
    async ({ as }) => {
      const res = await as.browser.request('/api/me');
      const me = (await res.clone().json()) as { workspaces: { slug: string; role: string }[] };
      const entry = me.workspaces.find((w) => w.slug === ws.slug);
      // Outside the workspace, /api/me answers but does not name it: not found.
      return { res, allowed: entry?.role === as.actor, code: entry ? 'WRONG_ROLE' : 'NOT_FOUND' };
    },
    async () => null,
  ),
  apiRow(
    'read issues and projects through /api/v1',
    ALL,
    async ({ as, ws }) => {
      const issues = await as.browser.request(`/api/v1/workspaces/${ws.slug}/issues`);
      const projects = await as.browser.request(`/api/v1/workspaces/${ws.slug}/projects`);
      await projects.body?.cancel();
      return { res: issues, allowed: issues.ok && projects.ok };
    },
    async () => null,
  ),
  apiRow(
    'create an issue through /api/v1',
    WRITERS,
    async ({ as, ws }) => ({
      res: await as.browser.request(`/api/v1/workspaces/${ws.slug}/issues`, {
        method: 'POST',
        json: { project: 'ENG', title: `Filed by ${as.actor} through the API` },
      }),
    }),
    async ({ ws }) =>
      (
        await server.couch.docsWithPrefix<{ _id: string }>(
          (await server.store.workspaceBySlug(ws.slug))!.dbName,
          'issue:',
        )
      ).map((d) => d._id),
  ),
  apiRow(
    'register a webhook',
    MANAGERS,
    async ({ as, ws }) => ({
      res: await as.browser.request(`/api/workspaces/${ws.slug}/webhooks`, {
        method: 'POST',
        json: {
          label: `By ${as.actor}`,
          url: 'https://hooks.example.com/keel',
          events: ['issue.created'],
        },
      }),
    }),
    async () => (await server.store.withPrefix<{ _id: string }>('webhook:')).map((d) => d._id),
  ),
  apiRow(
    'see the GitHub connection',
    MANAGERS,
    async ({ as, ws }) => ({ res: await as.browser.request(`/api/workspaces/${ws.slug}/github`) }),
    async () => null,
  ),
  apiRow(
    "see the workspace's webhooks",
    MANAGERS,
    async ({ as, ws }) => ({
      res: await as.browser.request(`/api/workspaces/${ws.slug}/webhooks`),
    }),
    async () => null,
  ),
  docRow('create an issue', WRITERS, async ({ as }) =>
    issue(as.userId, firstNumber.get(as.actor) ?? 1),
  ),
  docRow('edit an issue someone else created', WRITERS, async ({ as, other, seed }) => {
    const stored = await seed(issue(other.userId));
    return edited(stored, { title: `Edited by ${as.actor}`, priority: 2 });
  }),
  docRow('delete an issue of their own', WRITERS, async ({ as, seed }) =>
    deletion(await seed(issue(as.userId))),
  ),
  docRow("delete someone else's issue", MANAGERS, async ({ other, seed }) =>
    deletion(await seed(issue(other.userId))),
  ),
  // SPEC §11: files. Their description is the server's; deleting one is its uploader's or an
  // admin's.
  docRow('delete a file of their own', WRITERS, async ({ as, seed }) =>
    deletion(await seed(attachment(as.userId, (await seed(issue(as.userId)))._id))),
  ),
  docRow("delete someone else's file", MANAGERS, async ({ other, seed }) =>
    deletion(await seed(attachment(other.userId, (await seed(issue(other.userId)))._id))),
  ),
  docRow("write a file's description (the server's)", NOBODY, async ({ as, seed }) =>
    attachment(as.userId, (await seed(issue(as.userId)))._id),
  ),
  apiRow(
    'upload a file to an issue',
    WRITERS,
    async ({ as, seed }) => {
      const target = await seed(issue(as.userId));
      const id = newAttachmentId(as.userId);
      return {
        res: await as.browser.request(
          `/files/${ws.slug}/${id}?issueId=${target._id}&name=notes.txt`,
          {
            method: 'PUT',
            body: `Notes by ${as.actor}`,
            headers: { 'content-type': 'text/plain' },
          },
        ),
      };
    },
    async () =>
      (await server.couch.docsWithPrefix<{ _id: string }>(workspace.dbName, 'attachment:')).map(
        (d) => d._id,
      ),
  ),
  apiRow(
    'read a file',
    ALL,
    async ({ as, other, seed }) => {
      const target = await seed(issue(other.userId));
      const id = newAttachmentId(people.get('owner')!.userId);
      const put = await people
        .get('owner')!
        .browser.request(`/files/${ws.slug}/${id}?issueId=${target._id}&name=notes.txt`, {
          method: 'PUT',
          body: 'Shared notes',
          headers: { 'content-type': 'text/plain' },
        });
      expect(put.status).toBe(201);
      return { res: await as.browser.request(`/files/${ws.slug}/${id}`) };
    },
    async () => null,
  ),
  docRow('record an activity on an issue', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    return activity(target._id, as.userId);
  }),
  docRow('edit an activity (immutable)', NOBODY, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    const stored = await seed(activity(target._id, as.userId));
    return edited(stored, { to: 4 });
  }),
  docRow('relate two issues', WRITERS, async ({ as, other, seed }) =>
    relation(seed, 'blocked-by', other.userId, as.userId),
  ),
  docRow('remove a relation someone else made', WRITERS, async ({ other, seed }) =>
    deletion(await seed(await relation(seed, 'relates', other.userId, other.userId))),
  ),
  docRow('edit a relation (immutable)', NOBODY, async ({ as, seed }) => {
    const made = await relation(seed, 'duplicates', as.userId, as.userId);
    return edited(await seed(made), { updatedAt: now() });
  }),
  docRow('schedule a cycle', MANAGERS, async () => cycle()),
  docRow('rename a cycle', MANAGERS, async ({ seed }) =>
    edited(await seed(cycle()), { name: `Launch ${serial}` }),
  ),
  docRow('delete a cycle', MANAGERS, async ({ seed }) => deletion(await seed(cycle()))),
  docRow('put an issue someone else created in a cycle', WRITERS, async ({ other, seed }) => {
    const target = await seed(cycle());
    return edited(await seed(issue(other.userId)), { cycleId: target._id });
  }),
  docRow('turn cycles on for a project', MANAGERS, async ({ seed }) => {
    const project = await server.couch.getDoc<ProjectDoc>(workspace.dbName, ws.projectId);
    const { cycles: _off, ...withoutCycles } = project!;
    const stored = await seed<ProjectDoc>(withoutCycles);
    return edited(stored, {
      cycles: { enabled: true, weeks: 2, startWeekday: 1, upcoming: ++serial % 6 || 1 },
    });
  }),
  docRow('add a milestone to a project', MANAGERS, async () => milestone()),
  docRow('rename and date a milestone', MANAGERS, async ({ seed }) =>
    edited(await seed(milestone()), { name: `Beta ${serial}`, targetOn: '2031-01-31' }),
  ),
  docRow('delete a milestone', MANAGERS, async ({ seed }) => deletion(await seed(milestone()))),
  docRow('put an issue someone else created in a milestone', WRITERS, async ({ other, seed }) => {
    const target = await seed(milestone());
    return edited(await seed(issue(other.userId)), { milestoneId: target._id });
  }),
  docRow('change a project’s estimate scale', MANAGERS, async ({ seed }) => {
    const project = await server.couch.getDoc<ProjectDoc>(workspace.dbName, ws.projectId);
    const stored = await seed<ProjectDoc>(project!);
    const scales = ['linear', 'tshirt', 'none', 'fibonacci'] as const;
    return edited(stored, { estimateScale: scales[++serial % 4]! });
  }),
  docRow('save a personal view', ALL, async ({ as }) => savedView(as.userId, false)),
  docRow('share a view with the workspace', WRITERS, async ({ as }) => savedView(as.userId, true)),
  docRow('change their own personal view', ALL, async ({ as, seed }) =>
    edited(await seed(savedView(as.userId, false)), { query: 'priority=2' }),
  ),
  docRow('change a view someone else shared', MANAGERS, async ({ other, seed }) =>
    edited(await seed(savedView(other.userId, true)), { name: `Renamed ${++serial}` }),
  ),
  docRow('delete a view someone else shared', MANAGERS, async ({ other, seed }) =>
    deletion(await seed(savedView(other.userId, true))),
  ),
  docRow('change someone else’s personal view', NOBODY, async ({ other, seed }) =>
    edited(await seed(savedView(other.userId, false)), { name: `Taken ${++serial}` }),
  ),
  docRow('pin a favourite', ALL, async ({ as, seed }) => favorite(seed, as.userId)),
  docRow('move their own favourite', ALL, async ({ as, seed }) =>
    edited(await seed(await favorite(seed, as.userId)), { sortOrder: `b${++serial}` }),
  ),
  docRow('remove their own favourite', ALL, async ({ as, seed }) =>
    deletion(await seed(await favorite(seed, as.userId))),
  ),
  docRow('remove someone else’s favourite', NOBODY, async ({ other, seed }) =>
    deletion(await seed(await favorite(seed, other.userId))),
  ),
  docRow('set a project’s status and dates', MANAGERS, async ({ seed }) => {
    const project = await server.couch.getDoc<ProjectDoc>(workspace.dbName, ws.projectId);
    const stored = await seed<ProjectDoc>(project!);
    const status = (['planned', 'active', 'paused'] as const)[++serial % 3]!;
    return edited(stored, { status, startsOn: '2030-01-07', targetOn: '2030-06-28' });
  }),
  docRow('comment', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    return comment(target._id, as.userId);
  }),
  docRow('edit their own comment', WRITERS, async ({ as, seed }) =>
    edited(await storedComment(seed, as.userId), { body: 'Edited', editedAt: now() }),
  ),
  docRow('delete their own comment', WRITERS, async ({ as, seed }) =>
    deletion(await storedComment(seed, as.userId)),
  ),
  docRow("edit someone else's comment", NOBODY, async ({ other, seed }) =>
    edited(await storedComment(seed, other.userId), {
      body: 'Put words in their mouth',
      editedAt: now(),
    }),
  ),
  docRow("delete someone else's comment", MANAGERS, async ({ other, seed }) =>
    deletion(await storedComment(seed, other.userId)),
  ),
  docRow('create a label', WRITERS, async ({ as }) => label(as.userId)),
  docRow('edit a label', MANAGERS, async ({ other, seed }) =>
    edited(await seed(label(other.userId)), { name: `Renamed ${++serial}`, color: '#F2994A' }),
  ),
  docRow('delete a label', MANAGERS, async ({ other, seed }) =>
    deletion(await seed(label(other.userId))),
  ),
  docRow('create a project', MANAGERS, async ({ as }) => project(as.userId)),
  docRow('edit a project', MANAGERS, async ({ other, seed }) =>
    edited(await seed(project(other.userId)), { name: `Renamed ${++serial}` }),
  ),
  docRow('edit a project’s workflow states', MANAGERS, async ({ other, seed }) => {
    const stored = await seed(project(other.userId));
    return edited(stored, {
      states: stored.states.map((s, i) => (i === 1 ? { ...s, name: 'Ready' } : s)),
    });
  }),
  docRow('delete a project', MANAGERS, async ({ other, seed }) =>
    deletion(await seed(project(other.userId))),
  ),
  docRow('write their own member document (members are the server’s)', NOBODY, async ({ as }) => {
    const mine = await storedDoc(`member:${as.userId}`);
    if (mine) return { ...mine, role: 'owner', updatedAt: now() };
    return memberDoc(as.userId, 'Me', 'me@example.com', 'owner');
  }),
  docRow('create a member document for someone', NOBODY, async () =>
    memberDoc(`newcomer${++serial}`, 'Newcomer', 'new@example.com', 'admin'),
  ),
  docRow('delete a member document', NOBODY, async ({ other }) => {
    const theirs = (await storedDoc(`member:${other.userId}`))!;
    return { _id: theirs._id, _rev: theirs._rev!, _deleted: true };
  }),
  docRow('save their own read marker', ALL, async ({ as }) => {
    const stored = await storedDoc(`readMarker:${as.userId}`);
    return { ...readMarker(as.userId), ...(stored ? { _rev: stored._rev } : {}) };
  }),
  docRow('update their own read marker', ALL, async ({ as, seed }) =>
    edited(await seed(readMarker(as.userId)), { lastReadAt: now() }),
  ),
  docRow("create a read marker in someone else's name", NOBODY, async ({ as, other }) => ({
    ...readMarker(other.userId),
    _id: `readMarker:${as.userId}x`,
  })),
  docRow("update someone else's read marker", NOBODY, async ({ other, seed }) =>
    edited(await seed(readMarker(other.userId)), { lastReadAt: now() }),
  ),
  apiRow(
    'reserve issue numbers (POST …/numbers)',
    WRITERS,
    async ({ as, ws }) => ({
      res: await as.browser.request(`/api/workspaces/${ws.slug}/projects/${ws.projectId}/numbers`, {
        method: 'POST',
        json: {},
      }),
    }),
    async ({ ws }) =>
      server.store.get(`counter:${workspace._id.slice('workspace:'.length)}:${ws.projectId}`),
  ),
  apiRow(
    'list the members',
    ALL,
    async ({ as, ws }) => {
      const res = await api(as, `/workspaces/${ws.slug}/members`);
      const body = (await res.clone().json()) as { members?: { userId: string }[] };
      return { res, allowed: res.ok && body.members?.some((m) => m.userId === as.userId) };
    },
    async () => null,
  ),
  apiRow(
    'list pending invitations',
    MANAGERS,
    async ({ as, ws }) => ({ res: await api(as, `/workspaces/${ws.slug}/invitations`) }),
    async () => null,
  ),
  inviteRow('admin', MANAGERS),
  inviteRow('member', MANAGERS),
  inviteRow('viewer', MANAGERS),
  // Ownership moves only by transfer: a manager's invitation naming it is a bad request.
  inviteRow('owner', NOBODY, { owner: 'VALIDATION_FAILED', admin: 'VALIDATION_FAILED' }),
  teamRow(
    'revoke an invitation',
    MANAGERS,
    ({ as, team }) =>
      api(as, `/workspaces/${team.slug}/invitations/${team.invitationId}`, 'DELETE'),
    ({ team }) =>
      server.store.get<InvitationDoc>(`invitation:${team.workspaceId}:${team.invitationId}`),
    (after) => expect(after?.revokedAt).toEqual(expect.any(String)),
  ),
  changeRoleRow('change the role of a member', MANAGERS, (c) => c.team.target.member, 'viewer'),
  changeRoleRow('change the role of a viewer', MANAGERS, (c) => c.team.target.viewer, 'member'),
  changeRoleRow('change the role of an admin', OWNER, (c) => c.team.target.admin, 'member'),
  changeRoleRow('make a member an admin', OWNER, (c) => c.team.target.member, 'admin'),
  changeRoleRow("change the owner's role", NOBODY, (c) => c.team.owner, 'admin', LAST_OWNER),
  removeRow('remove a member', MANAGERS, (c) => c.team.target.member),
  removeRow('remove a viewer', MANAGERS, (c) => c.team.target.viewer),
  removeRow('remove an admin', OWNER, (c) => c.team.target.admin),
  removeRow('remove the owner', NOBODY, (c) => c.team.owner, LAST_OWNER),
  removeRow('leave the workspace', ['admin', 'member', 'viewer'], (c) => c.as.userId, LAST_OWNER),
  teamRow(
    'rename the workspace',
    MANAGERS,
    ({ as, team }) =>
      api(as, `/workspaces/${team.slug}`, 'PATCH', { name: `Renamed ${team.slug}` }),
    ({ team }) => server.store.get<WorkspaceRecord>(team.workspace._id),
    (after, { team }) => expect(after?.name).toBe(`Renamed ${team.slug}`),
  ),
  teamRow(
    'delete the workspace',
    OWNER,
    ({ as, team }) => api(as, `/workspaces/${team.slug}`, 'DELETE', { confirmSlug: team.slug }),
    async ({ team }) => ({
      record: await server.store.get<WorkspaceRecord>(team.workspace._id),
      bySlug: await server.store.workspaceBySlug(team.slug),
      // The URL key itself is free again, not merely pointing at nothing.
      slugKey: await server.store.get(`slug:${team.slug}`),
      memberships: await Promise.all(
        [team.owner, ...TARGETS.map((r) => team.target[r])].map((id) =>
          server.store.membership(id, team.workspaceId),
        ),
      ),
      invitations: await pendingOf(team),
      database: await databaseExists(team.workspace.dbName),
    }),
    (after) =>
      expect(after).toEqual({
        record: null,
        bySlug: null,
        slugKey: null,
        memberships: [null, null, null, null],
        invitations: [],
        database: false,
      }),
  ),
  teamRow(
    'transfer ownership',
    OWNER,
    ({ as, team }) =>
      api(as, `/workspaces/${team.slug}/transfer`, 'POST', { userId: team.target.member }),
    async ({ team }) => ({
      previous: await standing(team, team.owner),
      next: await standing(team, team.target.member),
      owners: (await server.store.withPrefix<MembershipDoc>('membership:')).filter(
        (m) => m.workspaceId === team.workspaceId && m.role === 'owner',
      ).length,
    }),
    (after) => {
      hasRole(after.previous, 'admin');
      hasRole(after.next, 'owner');
      expect(after.owners).toBe(1);
    },
  ),
];

describe('SPEC §6, every action as every role', () => {
  const cells = ROWS.flatMap((row) =>
    ACTORS.map((actor) => ({
      row,
      actor,
      allowed: actor !== 'outsider' && row.allowed.includes(actor),
    })),
  );
  it.each(cells.map((c) => [c.row.action, c.actor, c.allowed ? 'allowed' : 'refused', c] as const))(
    '%s — %s: %s',
    async (_action, actor, _verdict, cell) => {
      const as = people.get(actor)!;
      const other = people.get(actor === 'owner' ? 'member' : 'owner')!;
      const { outcome, check } = await cell.row.attempt({ as, other, ws, seed });
      if (cell.allowed) expect(outcome).toEqual({ allowed: true });
      else
        expect(outcome).toEqual({
          allowed: false,
          code: cell.row.refusedWith?.[actor] ?? (actor === 'outsider' ? 'NOT_FOUND' : 'FORBIDDEN'),
        });
      await check();
    },
  );
});
