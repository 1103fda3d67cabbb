import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_STATES,
  newActivityDocument,
  newDocId,
  newIssueDocument,
  newLabelDocument,
  newProjectDocument,
  type CommentDoc,
  type Role,
  type WorkspaceDoc,
} from '@keel/domain';
import type { CouchDoc } from '../db/couch-client.ts';
import type { WorkspaceRecord } from '../db/app-store.ts';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  createWorkspaceAs,
  reserveNumbers,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';
import { addMember } from '../workspaces/add-member.ts';

/**
 * SPEC §6, every cell: each action attempted by an owner, an admin, a member, a viewer and
 * someone outside the workspace, through the real HTTP routes with real sessions. An allowed
 * attempt must be stored; a refused one must answer FORBIDDEN (NOT_FOUND for the outsider, who
 * must not learn the workspace exists) and leave the database exactly as it was.
 *
 * Adding an action is one row: `docRow` for a document written through /db/:ws, `apiRow` for
 * an /api call (invitations, members, rename, transfer… land as rows with their routes).
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
  attempt(ctx: Ctx): Promise<{ outcome: Outcome; check(): Promise<void> }>;
}

let server: TestServer;
let ws: WorkspaceFixture;
let workspace: WorkspaceRecord;
const people = new Map<Actor, Person>();
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
  for (const role of ['admin', 'member', 'viewer'] as const) {
    const user = await server.store.getUser(people.get(role)!.userId);
    await addMember(server.store, workspace, user!, role);
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

const ALL: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
const WRITERS: readonly Role[] = ['owner', 'admin', 'member'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const NOBODY: readonly Role[] = [];

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
  docRow('record an activity on an issue', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    return newActivityDocument({
      id: newDocId('activity'),
      issueId: target._id,
      actorId: as.userId,
      kind: 'priority',
      from: 0,
      to: 1,
      now: now(),
    });
  }),
  docRow('edit an activity (immutable)', NOBODY, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    const activity = await seed(
      newActivityDocument({
        id: newDocId('activity'),
        issueId: target._id,
        actorId: as.userId,
        kind: 'priority',
        from: 0,
        to: 1,
        now: now(),
      }),
    );
    return edited(activity, { to: 4 });
  }),
  docRow('comment', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    return comment(target._id, as.userId);
  }),
  docRow('edit their own comment', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    const own = await seed(comment(target._id, as.userId));
    return edited(own, { body: 'Edited', editedAt: now() });
  }),
  docRow('delete their own comment', WRITERS, async ({ as, seed }) => {
    const target = await seed(issue(as.userId));
    return deletion(await seed(comment(target._id, as.userId)));
  }),
  docRow("edit someone else's comment", NOBODY, async ({ other, seed }) => {
    const target = await seed(issue(other.userId));
    const theirs = await seed(comment(target._id, other.userId));
    return edited(theirs, { body: 'Put words in their mouth', editedAt: now() });
  }),
  docRow("delete someone else's comment", MANAGERS, async ({ other, seed }) => {
    const target = await seed(issue(other.userId));
    return deletion(await seed(comment(target._id, other.userId)));
  }),
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
    return {
      _id: `member:${as.userId}`,
      type: 'member',
      userId: as.userId,
      name: 'Me',
      email: 'me@example.com',
      avatarUrl: null,
      role: 'owner',
      active: true,
      createdAt: now(),
      updatedAt: now(),
    };
  }),
  docRow('create a member document for someone', NOBODY, async () => ({
    _id: `member:newcomer${++serial}`,
    type: 'member',
    userId: `newcomer${serial}`,
    name: 'Newcomer',
    email: 'new@example.com',
    avatarUrl: null,
    role: 'admin',
    active: true,
    createdAt: now(),
    updatedAt: now(),
  })),
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
          code: actor === 'outsider' ? 'NOT_FOUND' : 'FORBIDDEN',
        });
      await check();
    },
  );
});
