import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cycleId,
  ERROR_CATALOGUE,
  isErrorCode,
  newDocId,
  newFavorite,
  relationId,
} from '@keel/domain';
import type { CouchDoc } from '../db/couch-client.ts';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';

/**
 * A corpus of bad input sent to every route: malformed JSON, wrong content types, wrong types,
 * huge strings, control characters, forged ids and authors, path tricks. Every answer must be a
 * catalogue code with its own status as problem+json (or, inside a `_bulk_docs` reply, a
 * per-document refusal with a catalogue code), never a 5xx; and nothing stored may change.
 *
 * Adding a route is one entry in ROUTES; its probes come from the shared corpus.
 */
let server: TestServer;
let attacker: BrowserSession;
let ws: WorkspaceFixture;
let victim: WorkspaceFixture;
let victimIssueId: string;
let ownIssue: CouchDoc;
let ownProject: CouchDoc;
/** A member of the attacker's workspace, the target of role changes and removals. */
let bystanderId: string;
/** The victim's invitation, for someone else's address: the attacker must never get in with it. */
let victimInvitation: { id: string; token: string };
/** The victim's API token: the attacker must never revoke it. */
let victimTokenId: string;
/** The victim's webhook: the attacker must never see, change or fire it. */
let victimHookId: string;
/** The attacker's own webhook, the target of path tricks on its deliveries. */
let attackerHookId: string;

beforeAll(async () => {
  // Every probe must reach its route, not the write limit (plugins/write-limit.test.ts): the
  // limiter's clock moves a minute on at every look.
  let clock = Date.now();
  server = await startTestServer({ now: () => (clock += 60_000) });
  const owner = new BrowserSession(server.url);
  await signUp(owner, newAccount('victim'));
  victim = await createWorkspaceAs(owner, 'victim');
  const secret = issueDoc(victim, { title: 'Only for the victim' });
  await owner.request(`/db/${victim.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [secret] },
  });
  victimIssueId = secret._id;

  attacker = new BrowserSession(server.url);
  await signUp(attacker, newAccount('attacker'));
  ws = await createWorkspaceAs(attacker, 'corpus');
  const mine = issueDoc(ws, { title: 'Already stored' });
  const saved = await attacker.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [mine] },
  });
  const [row] = (await saved.json()) as { rev: string }[];
  ownIssue = { ...mine, _rev: row!.rev };
  ownProject = (await (
    await attacker.request(`/db/${ws.slug}/${ws.projectId}`)
  ).json()) as CouchDoc;
  // A cycle to overlap.
  await attacker.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [cycle(ws.projectId, 1, '2026-01-05', '2026-01-18')] },
  });

  const invited = await owner.request(`/api/workspaces/${victim.slug}/invitations`, {
    method: 'POST',
    json: { role: 'admin', email: 'only-this-person@example.com' },
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
  const invitation = (await invited.json()) as { token: string; invitation: { id: string } };
  victimInvitation = { id: invitation.invitation.id, token: invitation.token };

  const made = await owner.request('/api/tokens', {
    method: 'POST',
    json: { name: 'Victim script', scope: 'write', expiresAt: null },
  });
  victimTokenId = ((await made.json()) as { apiToken: { id: string } }).apiToken.id;
  const hook = { url: 'https://hooks.example.com/keel', events: ['issue.created'] };
  const victimHook = await owner.request(`/api/workspaces/${victim.slug}/webhooks`, {
    method: 'POST',
    json: { label: 'Victim hook', ...hook },
  });
  victimHookId = ((await victimHook.json()) as { webhook: { id: string } }).webhook.id;
  const ownHook = await attacker.request(`/api/workspaces/${ws.slug}/webhooks`, {
    method: 'POST',
    json: { label: 'Own hook', ...hook },
  });
  attackerHookId = ((await ownHook.json()) as { webhook: { id: string } }).webhook.id;
  const connected = await owner.request(`/api/workspaces/${victim.slug}/github`, {
    method: 'POST',
  });
  if (connected.status !== 201) throw new Error(`connect GitHub: ${connected.status}`);

  const bystander = new BrowserSession(server.url);
  await signUp(bystander, newAccount('bystander'));
  const own = await attacker.request(`/api/workspaces/${ws.slug}/invitations`, {
    method: 'POST',
    json: { role: 'member' },
  });
  const { token } = (await own.json()) as { token: string };
  const joined = await bystander.request(`/api/invitations/${token}/accept`, { method: 'POST' });
  if (!joined.ok) throw new Error(`accept: ${joined.status} ${await joined.text()}`);
  const me = (await (await bystander.request('/api/me')).json()) as { user: { id: string } };
  bystanderId = me.user.id;
});
afterAll(async () => {
  await server?.close();
});

// ── the corpus ──────────────────────────────────────────────────────────────────────────────
const HUGE = 'x'.repeat(300_000);
const CONTROL = 'a\u0000b\u0007c\u001bd\u202ee';

/** Raw bodies sent as application/json to every route that takes a body. */
const JSON_BODIES: [string, string][] = [
  ['truncated object', '{"name":'],
  ['truncated array', '[1,2'],
  ['bare word', 'nul'],
  ['NUL byte', '\u0000'],
  ['trailing garbage', '{}}'],
  ['string', '"text"'],
  ['number', '123'],
  ['null', 'null'],
  ['array', '[]'],
  ['deep nesting', '['.repeat(50_000) + ']'.repeat(50_000)],
  ['deeply nested document', `{"docs":[${'['.repeat(50_000)}${']'.repeat(50_000)}],"x":1}`],
  [
    'deeply nested object',
    `{"docs":[{"_id":"issue:deep","a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}]}`,
  ],
  ['prototype pollution', '{"__proto__":{"role":"owner"},"constructor":{"prototype":{"x":1}}}'],
  ['wrong types', JSON.stringify({ name: 42, slug: ['a'], docs: 'all', requestId: 7 })],
  ['huge strings', JSON.stringify({ name: HUGE, slug: HUGE, requestId: HUGE, docs: [HUGE] })],
  [
    'control characters',
    JSON.stringify({ name: CONTROL, slug: 'ab\u0000c', requestId: CONTROL, docs: [CONTROL] }),
  ],
  [
    'forged ids and authors',
    JSON.stringify({
      name: 'Forged',
      slug: 'forged-ws',
      id: 'workspace:victim',
      createdBy: 'someone-else',
      role: 'owner',
      userId: 'someone-else',
      requestId: '../../counter',
    }),
  ],
  ['invalid UTF-8 escape', '{"name":"\\ud800"}'],
];

/** The same intent with the wrong content type. */
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

const tail = (id: string) => id.slice(id.indexOf(':') + 1);
const relation = (fromIssueId: string, toIssueId: string) => ({
  _id: relationId('relates', fromIssueId, toIssueId),
  type: 'relation',
  fromIssueId,
  toIssueId,
  kind: 'relates',
  createdBy: ws.userId,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const cycle = (projectId: string, number: number, startsOn: string, endsOn: string) => ({
  _id: cycleId(projectId, number),
  type: 'cycle',
  projectId,
  number,
  name: '',
  startsOn,
  endsOn,
  completedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const milestone = (projectId: string, over: Record<string, unknown> = {}) => ({
  _id: newDocId('milestone'),
  type: 'milestone',
  projectId,
  name: 'Beta',
  targetOn: null,
  sortOrder: 'a0',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const savedView = (over: Record<string, unknown> = {}) => ({
  _id: newDocId('view'),
  type: 'view',
  name: 'Open bugs',
  query: 'priority=1',
  projectId: null,
  ownerId: ws.userId,
  shared: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const favorite = (target: string, over: Record<string, unknown> = {}) => ({
  ...newFavorite({
    userId: ws.userId,
    target,
    sortOrder: 'a0',
    now: '2026-01-01T00:00:00.000Z',
  }),
  ...over,
});

/** What a modified client could put in `_bulk_docs`: one document per trick. */
function forgedDocuments(): unknown[] {
  const fine = issueDoc(ws);
  // Each variant is a new issue of its own, so one refusal cannot hide behind another's conflict.
  const base = () => ({ ...fine, _id: newDocId('issue') });
  return [
    { ...base(), _id: '_design/evil', views: { x: { map: 'function(d){emit(d)}' } } },
    { ...base(), _id: '_local/forged' },
    { ...base(), _id: 'issue:../../x' },
    { ...base(), _id: `issue:${'a'.repeat(65)}` },
    { ...base(), _id: 'ISSUE:upper' },
    { ...base(), _id: 'issue:nul\u0000' },
    { ...base(), _id: 42 },
    { ...base(), _id: ownIssue._id, _rev: ownIssue._rev, createdBy: 'someone-else' },
    { ...base(), createdBy: 'someone-else' },
    { ...base(), createdBy: '../admin' },
    { ...base(), type: 'member' },
    { ...base(), type: 'label' },
    { ...base(), type: 'design' },
    { ...base(), _rev: 'garbage' },
    { ...base(), _rev: '0-abc' },
    { ...base(), _rev: '99999999999-abc' },
    { ...base(), _attachments: { 'x.html': { content_type: 'text/html', data: 'PHNjcmlwdD4=' } } },
    { ...base(), _conflicts: ['1-abc'] },
    { ...base(), _deleted: 'yes' },
    { _id: ownIssue._id, _rev: ownIssue._rev, _deleted: true, title: 'smuggled' },
    { ...base(), title: '' },
    { ...base(), title: 't'.repeat(256) },
    { ...base(), title: CONTROL },
    { ...base(), description: 'd'.repeat(50_001) },
    { ...base(), description: 'x'.repeat(1_100_000) },
    { ...base(), number: -1 },
    { ...base(), number: 1.5 },
    { ...base(), number: '7' },
    { ...base(), priority: 9 },
    { ...base(), estimate: 4 },
    { ...base(), dueDate: '2026-02-30' },
    { ...base(), labelIds: Array.from({ length: 21 }, (_, i) => `label:l${i}`) },
    { ...base(), stateId: 'no-such-state' },
    { ...base(), projectId: victim.projectId },
    { ...base(), parentId: victimIssueId },
    { ...base(), projectId: 'label:x' },
    { ...base(), parentId: `project:${ws.projectId.split(':')[1]}` },
    { ...base(), labelIds: ['issue:x'] },
    { ...base(), assigneeId: 'someone-else' },
    { ...base(), createdAt: 'yesterday' },
    { ...base(), extra: true },
    { ...base(), type: undefined },
    // Relations: to itself, under another pair's id, of an unknown kind, to another workspace's.
    { ...relation(ownIssue._id, ownIssue._id), _id: `relation:relates.${tail(ownIssue._id)}.x` },
    {
      ...relation(ownIssue._id, victimIssueId),
      _id: relationId('relates', ownIssue._id, 'issue:x'),
    },
    { ...relation(ownIssue._id, victimIssueId), kind: 'follows' },
    relation(ownIssue._id, victimIssueId),
    { ...relation(ownIssue._id, newDocId('issue')), createdBy: 'someone-else' },
    // Cycles: another workspace's project's, overlapping, ending before they start, under
    // another number's id, named too long, on no real day; an issue in another project's cycle;
    // cycle settings out of range.
    cycle(victim.projectId, 1, '2026-01-05', '2026-01-18'),
    cycle(ws.projectId, 2, '2026-01-18', '2026-01-31'),
    cycle(ws.projectId, 3, '2026-03-01', '2026-02-01'),
    { ...cycle(ws.projectId, 3, '2026-02-01', '2026-02-14'), number: 4 },
    { ...cycle(ws.projectId, 3, '2026-02-01', '2026-02-14'), name: 'n'.repeat(81) },
    cycle(ws.projectId, 3, '2026-02-30', '2026-03-14'),
    { ...base(), cycleId: cycleId(victim.projectId, 1) },
    { ...base(), cycleId: 'label:x' },
    { ...ownProject, cycles: { enabled: true, weeks: 9, startWeekday: 1, upcoming: 2 } },
    { ...ownProject, cycles: { enabled: 'yes', weeks: 2, startWeekday: 7, upcoming: 0 } },
    // Milestones: in another workspace's project, under another type's project id, unnamed,
    // named too long, on no real day, with no order; an issue whose milestone is another type's
    // id; a project status that does not exist, a target before the start. (An issue may name a
    // milestone the workspace no longer has: one deleted meanwhile reads as none.)
    milestone(victim.projectId),
    milestone('label:x'),
    milestone(ws.projectId, { name: '' }),
    milestone(ws.projectId, { name: 'n'.repeat(81) }),
    milestone(ws.projectId, { targetOn: '2026-02-30' }),
    milestone(ws.projectId, { sortOrder: '' }),
    { ...base(), milestoneId: 'cycle:x.1' },
    { ...ownProject, status: 'done' },
    { ...ownProject, startsOn: '2026-03-01', targetOn: '2026-02-01' },
    // Estimates: a scale that does not exist; an issue's estimate outside its project's scale
    // (Fibonacci: 4 is linear's).
    { ...ownProject, estimateScale: 'huge' },
    { ...base(), estimate: 4 },
    // Saved views: in someone else's name, of another workspace's project, unnamed, named too
    // long, with a query that is no URL query or too long, sharing as a string.
    savedView({ ownerId: 'someone-else' }),
    savedView({ projectId: victim.projectId }),
    savedView({ name: '' }),
    savedView({ name: 'n'.repeat(81) }),
    savedView({ query: 'q=<script>alert(1)</script> x' }),
    savedView({ query: `q=${'a'.repeat(2_000)}` }),
    savedView({ shared: 'yes' }),
    // Favourites: someone else's, of another workspace's issue, of a label, under another id
    // than its person's and target's, with no order.
    { ...favorite(ws.projectId), userId: 'someone-else' },
    favorite(victim.projectId),
    favorite('label:x'),
    { ...favorite(ws.projectId), _id: 'favorite:someone.project.x' },
    favorite(ws.projectId, { sortOrder: '' }),
    null,
    [],
    'issue',
    {
      _id: `member:${ws.userId}`,
      type: 'member',
      userId: ws.userId,
      name: 'Me',
      email: 'me@example.com',
      avatarUrl: null,
      role: 'owner',
      active: true,
      createdAt: fine.createdAt,
      updatedAt: fine.updatedAt,
    },
  ];
}

/** Paths under /db that must never reach anything but the replication protocol of `corpus`. */
function pathTricks(): string[] {
  const own = `/db/${ws.slug}`;
  const other = victim.slug;
  return [
    `${own}/_all_docs`,
    `${own}/_all_dbs`,
    `${own}/_config`,
    `${own}/_security`,
    `${own}/_design/x`,
    `${own}/_design%2Fx`,
    `${own}/_design/x/_view/y`,
    `${own}/_find`,
    `${own}/_index`,
    `${own}/_purge`,
    `${own}/_compact`,
    `${own}/_revs_limit`,
    `${own}/_ensure_full_commit`,
    `${own}/_session`,
    `${own}/_changes/../_all_docs`,
    `${own}/../${other}/_all_docs`,
    `${own}/..%2f${other}/_all_docs`,
    `${own}/%2e%2e/${other}`,
    `${own}/%2e%2e%2f${other}`,
    `${own}/%252e%252e/${other}`,
    `${own}/%252e%252e%252f${other}`,
    `${own}/.%2e/_all_dbs`,
    `${own}/..\\${other}`,
    `${own}/..%5c${other}`,
    `${own}/./_all_docs`,
    `${own}//_all_dbs`,
    `${own}/_local/..%2f..%2f_all_dbs`,
    `${own}/_local%2F..%2F..%2F_all_dbs`,
    `${own}/_local/x/y`,
    `${own}/${ownIssue._id}/attachment.html`,
    `${own}/${encodeURIComponent(`${ownIssue._id}/attachment.html`)}`,
    `${own}/${ownIssue._id}%2Fattachment.html`,
    `${own}/${victimIssueId}`,
    `${own}/%00`,
    `${own}/_changes%00`,
    `${own};/_all_dbs`,
    `${own}%2F..%2F${other}`,
    `${own}%2f_all_docs`,
    `/db/${other}`,
    `/db/${other}/`,
    `/db/${other}/_changes`,
    `/db/${other}/${victimIssueId}`,
    `/db/${other.toUpperCase()}/`,
    `/db/${encodeURIComponent(other)}%00/`,
    `/db/%2e%2e/_all_dbs`,
    '/db/_all_dbs',
    '/db/_users',
    '/db/_replicator',
    '/db/_config',
    '/db/_utils',
    '/db/_session',
    '/db/_uuids',
    '/db/..',
    '/db/%2e%2e',
    '/db//',
    `/db/${ws.slug}/_changes?feed=continuous`,
    `/db/${ws.slug}/_changes?feed=eventsource`,
    `/db/${ws.slug}/_changes?filter=_view&view=x/y`,
    `/db/${ws.slug}/_changes?filter=_design`,
    `/db/${ws.slug}/${ownIssue._id}?attachments=true&open_revs=%5B%22garbage%22%5D`,
    `/db/${ws.slug}/${ownIssue._id}?open_revs=garbage`,
    `/db/${ws.slug}/${ownIssue._id}?rev=0-zz`,
  ];
}

// ── the routes ──────────────────────────────────────────────────────────────────────────────
interface RouteSpec {
  method: string;
  path: () => string;
  /** Whether bad bodies are sent (routes that read one). */
  body: boolean;
  /** Sent without the session (sign-out would end the attacker's session for the rest). */
  anonymous?: boolean;
}

/** Every route on this branch. Adding a route here sends it the whole corpus. */
const ROUTES: RouteSpec[] = [
  { method: 'GET', path: () => '/healthz', body: false },
  { method: 'GET', path: () => '/readyz', body: false },
  { method: 'GET', path: () => '/api/me', body: false },
  { method: 'POST', path: () => '/api/workspaces', body: true },
  {
    method: 'POST',
    path: () => `/api/workspaces/${ws.slug}/projects/${ws.projectId}/numbers`,
    body: true,
  },
  { method: 'POST', path: () => '/auth/logout', body: true, anonymous: true },
  { method: 'POST', path: () => '/auth/logout-all', body: true, anonymous: true },
  { method: 'GET', path: () => `/db/${ws.slug}/`, body: false },
  { method: 'GET', path: () => `/db/${ws.slug}/_changes`, body: false },
  { method: 'POST', path: () => `/db/${ws.slug}/_changes`, body: true },
  { method: 'POST', path: () => `/db/${ws.slug}/_revs_diff`, body: true },
  { method: 'POST', path: () => `/db/${ws.slug}/_bulk_get`, body: true },
  { method: 'POST', path: () => `/db/${ws.slug}/_bulk_docs`, body: true },
  { method: 'GET', path: () => `/db/${ws.slug}/${ownIssue._id}`, body: false },
  { method: 'PUT', path: () => `/db/${ws.slug}/_local/corpus`, body: true },
  { method: 'DELETE', path: () => `/db/${ws.slug}/_local/corpus`, body: false },
  // Members, invitations and settings. Targets that take no body are ones the route must refuse
  // whatever else comes with the request: the victim's invitation seen from the attacker's
  // workspace, the victim's invitation for another address, the last owner leaving.
  { method: 'PATCH', path: () => `/api/workspaces/${ws.slug}`, body: true },
  { method: 'DELETE', path: () => `/api/workspaces/${ws.slug}`, body: true },
  { method: 'GET', path: () => `/api/workspaces/${ws.slug}/members`, body: false },
  { method: 'PATCH', path: () => `/api/workspaces/${ws.slug}/members/${bystanderId}`, body: true },
  { method: 'DELETE', path: () => `/api/workspaces/${ws.slug}/members/${ws.userId}`, body: false },
  { method: 'POST', path: () => `/api/workspaces/${ws.slug}/transfer`, body: true },
  { method: 'GET', path: () => `/api/workspaces/${ws.slug}/invitations`, body: false },
  { method: 'POST', path: () => `/api/workspaces/${ws.slug}/invitations`, body: true },
  {
    method: 'DELETE',
    path: () => `/api/workspaces/${ws.slug}/invitations/${victimInvitation.id}`,
    body: false,
  },
  { method: 'GET', path: () => `/api/invitations/${victimInvitation.token}`, body: false },
  { method: 'POST', path: () => `/api/invitations/${victimInvitation.token}/accept`, body: false },
  // Import and export (the victim's workspace is tried among the path tricks below).
  { method: 'POST', path: () => `/api/workspaces/${ws.slug}/import`, body: true },
  { method: 'GET', path: () => `/api/workspaces/${ws.slug}/export?format=csv`, body: false },
  // API tokens (SPEC §11): the attacker's own list, and the victim's token as a target.
  { method: 'GET', path: () => '/api/tokens', body: false },
  { method: 'POST', path: () => '/api/tokens', body: true },
  { method: 'DELETE', path: () => `/api/tokens/${victimTokenId}`, body: false },
  { method: 'GET', path: () => '/api/v1/me', body: false },
  { method: 'GET', path: () => '/api/v1/workspaces', body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/issues`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/issues/ENG-1`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/issues/ENG-1/comments`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/projects`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/projects/ENG`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/labels`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/members`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/cycles`, body: false },
  { method: 'GET', path: () => `/api/v1/workspaces/${ws.slug}/milestones`, body: false },
  { method: 'POST', path: () => `/api/v1/workspaces/${ws.slug}/issues`, body: true },
  { method: 'PATCH', path: () => `/api/v1/workspaces/${ws.slug}/issues/ENG-1`, body: true },
  { method: 'DELETE', path: () => `/api/v1/workspaces/${victim.slug}/issues/ENG-1`, body: false },
  { method: 'POST', path: () => `/api/v1/workspaces/${ws.slug}/issues/ENG-1/comments`, body: true },
  {
    method: 'PATCH',
    path: () => `/api/v1/workspaces/${ws.slug}/comments/comment%3Anone`,
    body: true,
  },
  {
    method: 'DELETE',
    path: () => `/api/v1/workspaces/${victim.slug}/comments/comment%3Anone`,
    body: false,
  },
  // Webhooks (SPEC §11): the attacker's own list and registration, the victim's as targets.
  { method: 'GET', path: () => `/api/workspaces/${ws.slug}/webhooks`, body: false },
  { method: 'POST', path: () => `/api/workspaces/${ws.slug}/webhooks`, body: true },
  {
    method: 'PATCH',
    path: () => `/api/workspaces/${ws.slug}/webhooks/${attackerHookId}`,
    body: true,
  },
  {
    method: 'GET',
    path: () => `/api/workspaces/${victim.slug}/webhooks/${victimHookId}`,
    body: false,
  },
  {
    method: 'PATCH',
    path: () => `/api/workspaces/${victim.slug}/webhooks/${victimHookId}`,
    body: true,
  },
  {
    method: 'DELETE',
    path: () => `/api/workspaces/${victim.slug}/webhooks/${victimHookId}`,
    body: false,
  },
  {
    method: 'POST',
    path: () => `/api/workspaces/${victim.slug}/webhooks/${victimHookId}/secret`,
    body: false,
  },
  {
    method: 'GET',
    path: () => `/api/workspaces/${victim.slug}/webhooks/${victimHookId}/deliveries`,
    body: false,
  },
  // GitHub: the attacker's own connection seen, the victim's as a target; GitHub's receiver
  // for the victim's workspace without its secret, from anyone.
  { method: 'GET', path: () => `/api/workspaces/${ws.slug}/github`, body: false },
  { method: 'POST', path: () => `/api/workspaces/${victim.slug}/github`, body: false },
  { method: 'DELETE', path: () => `/api/workspaces/${victim.slug}/github`, body: false },
  { method: 'POST', path: () => `/hooks/github/${victim.slug}`, body: true, anonymous: true },
  { method: 'POST', path: () => `/hooks/github/${ws.slug}`, body: true, anonymous: true },
  // Files (SPEC §11): the victim's from outside, and the attacker's own upload without the issue
  // and name it needs (so that no probe is kept as a file).
  { method: 'PUT', path: () => `/files/${victim.slug}/attachment:probe1`, body: true },
  { method: 'GET', path: () => `/files/${victim.slug}/attachment:probe1`, body: false },
  { method: 'PUT', path: () => `/files/${ws.slug}/attachment:probe2`, body: true },
  { method: 'GET', path: () => `/files/${ws.slug}/attachment:none`, body: false },
  { method: 'PUT', path: () => `/files/${ws.slug}/attachment:probe3`, body: true, anonymous: true },
];

/** Authorization headers a script might forge, sent without a session to the public API. */
const TOKEN_TRICKS = [
  'Bearer',
  'Bearer ',
  'Bearer keel_',
  `Bearer keel_${'A'.repeat(43)}`,
  `Bearer keel_${'A'.repeat(5_000)}`,
  'Bearer keel_%00%00',
  `Bearer ${'x'.repeat(5_000)}`,
  'Basic YTpi',
  'Token keel_abc',
  `Bearer keel_${'\u00e9'.repeat(43)}`,
];

/** Path parameters with tricks, for the routes that take them. */
const PARAM_TRICKS = [
  'a'.repeat(5_000),
  '%00',
  '%E2%80%AE',
  '%2e%2e',
  '..%2f..%2f',
  '%252e%252e',
  'project%3A..%2Fx',
  `project:${'a'.repeat(65)}`,
  '__proto__',
  'constructor',
];

const QUERY_TRICKS = [
  `?x=${'q'.repeat(20_000)}`,
  '?returnTo=%00',
  '?__proto__[role]=owner',
  '?since=-1&limit=-5&heartbeat=abc&timeout=1e99',
  '?include_docs=maybe&conflicts=%00',
  '?a=%ZZ',
];

// ── what every answer must be ───────────────────────────────────────────────────────────────
interface Answer {
  probe: string;
  anonymous: boolean;
  status: number;
  type: string;
  body: string;
}

/** A catalogue problem whose code carries the status it was sent with. */
function problemFault(a: Answer): string | null {
  if (!a.type.startsWith('application/problem+json'))
    return `not problem+json: ${a.status} ${a.type} ${a.body.slice(0, 100)}`;
  let body: { code?: unknown; status?: unknown };
  try {
    body = JSON.parse(a.body) as typeof body;
  } catch {
    return 'unparseable problem';
  }
  if (!isErrorCode(body.code)) return `not a catalogue code: ${String(body.code)}`;
  if (ERROR_CATALOGUE[body.code].status !== a.status || body.status !== a.status)
    return `${body.code} sent with ${a.status}`;
  return null;
}

/** What is wrong with an answer to a bad request, or null. */
function fault(a: Answer): string | null {
  if (a.status >= 500) return `server error ${a.status}: ${a.body.slice(0, 200)}`;
  const url = a.probe.split(' ')[1] ?? '';
  if (url.startsWith('/idp/')) return null; // the provider's own HTML and OAuth errors
  if (url.startsWith('/auth/login') || url.startsWith('/auth/callback'))
    return a.status === 303 ? null : `sign-in route answered ${a.status}`;
  if (a.status >= 400) return problemFault(a);
  if (a.status === 201 && url.includes('/_bulk_docs')) {
    const rows = JSON.parse(a.body) as { ok?: boolean; error?: string; code?: unknown }[];
    const bad = rows.find((r) => r.ok || r.error !== 'forbidden' || !isErrorCode(r.code));
    return bad ? `bulk row not refused: ${JSON.stringify(bad).slice(0, 200)}` : null;
  }
  // Signing out takes no input: without a session it has nothing to end.
  if (/^POST \/auth\/logout/.test(a.probe) && a.status === 200) return null;
  // A read ignores junk it does not understand; a write must refuse it.
  if (a.probe.startsWith('GET ') || a.probe.startsWith('HEAD ')) return null;
  if (/^POST \/db\/[^/]+\/(_changes|_revs_diff)/.test(a.probe)) return null;
  return `accepted with ${a.status}`;
}

async function send(
  method: string,
  path: string,
  init: {
    body?: string;
    type?: string;
    anonymous?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.type) headers['content-type'] = init.type;
  const as = init.anonymous ? new BrowserSession(server.url) : attacker;
  const res = await as.request(path, { method, headers, body: init.body });
  return {
    anonymous: init.anonymous ?? false,
    probe: `${method} ${path.slice(0, 120)}${init.body ? ` <${init.body.slice(0, 40)}>` : ''}`,
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
}

/** Every document of every workspace database and of the app database, by id and revision. */
async function snapshot(): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  const appDb = server.store.db;
  const workspaces = await Promise.all(
    [ws.slug, victim.slug].map((slug) => server.store.workspaceBySlug(slug)),
  );
  for (const db of [appDb, ...workspaces.map((w) => w!.dbName)]) {
    for (const row of await server.couch.allDocs<CouchDoc>(db, {})) {
      // The provider's interaction records come and go with every sign-in page visit.
      if (db === appDb && row.id.startsWith('oidc:')) continue;
      all[`${db}/${row.id}`] = (row as unknown as { value: { rev: string } }).value.rev;
    }
  }
  return all;
}

describe('the bad-input corpus, sent to every route', () => {
  it('answers each with a catalogue code, never a 5xx, and changes nothing stored', async () => {
    const before = await snapshot();
    const answers: Answer[] = [];

    for (const route of ROUTES) {
      const path = route.path();
      const anonymous = route.anonymous;
      if (route.body) {
        for (const [, body] of JSON_BODIES)
          answers.push(
            await send(route.method, path, { body, type: 'application/json', anonymous }),
          );
        for (const type of CONTENT_TYPES)
          answers.push(await send(route.method, path, { body: '{"docs":[]}', type, anonymous }));
        answers.push(
          await send(route.method, path, {
            body: 'x'.repeat(11_000_000),
            type: 'application/json',
            anonymous,
          }),
        );
      }
      // Query junk on a write comes with a body that is not an object, so that it is refused.
      for (const query of QUERY_TRICKS)
        answers.push(
          await send(
            route.method,
            path + query,
            route.body ? { body: '[]', type: 'application/json', anonymous } : { anonymous },
          ),
        );
    }

    for (const trick of PARAM_TRICKS) {
      answers.push(
        await send('POST', `/api/workspaces/${trick}/projects/${ws.projectId}/numbers`, {
          body: '{}',
          type: 'application/json',
        }),
      );
      answers.push(
        await send('POST', `/api/workspaces/${ws.slug}/projects/${trick}/numbers`, {
          body: '{}',
          type: 'application/json',
        }),
      );
      answers.push(await send('GET', `/db/${trick}/_changes`));
      answers.push(await send('GET', `/db/${ws.slug}/${trick}`));
      answers.push(await send('GET', `/api/workspaces/${trick}/members`));
      answers.push(await send('GET', `/api/workspaces/${trick}/invitations`));
      answers.push(await send('GET', `/api/workspaces/${trick}/export`));
      answers.push(
        await send('POST', `/api/workspaces/${trick}/import`, {
          body: JSON.stringify({ projectId: ws.projectId, csv: 'Title\nx', dryRun: true }),
          type: 'application/json',
        }),
      );
      answers.push(
        await send('POST', `/api/workspaces/${ws.slug}/import`, {
          body: JSON.stringify({ projectId: trick, csv: 'Title\nx', dryRun: true }),
          type: 'application/json',
        }),
      );
      for (const method of ['PATCH', 'DELETE'])
        answers.push(
          await send(method, `/api/workspaces/${trick}`, {
            body: JSON.stringify({ name: 'Renamed', confirmSlug: trick }),
            type: 'application/json',
          }),
        );
      answers.push(
        await send('PATCH', `/api/workspaces/${ws.slug}/members/${trick}`, {
          body: '{"role":"viewer"}',
          type: 'application/json',
        }),
      );
      answers.push(await send('DELETE', `/api/workspaces/${ws.slug}/members/${trick}`));
      answers.push(
        await send('POST', `/api/workspaces/${ws.slug}/transfer`, {
          body: JSON.stringify({ userId: trick }),
          type: 'application/json',
        }),
      );
      answers.push(await send('DELETE', `/api/workspaces/${ws.slug}/invitations/${trick}`));
      answers.push(await send('GET', `/api/invitations/${trick}`));
      answers.push(await send('POST', `/api/invitations/${trick}/accept`));
      answers.push(await send('DELETE', `/api/tokens/${trick}`));
      answers.push(await send('GET', `/api/workspaces/${trick}/webhooks`));
      answers.push(await send('GET', `/api/workspaces/${trick}/github`));
      answers.push(
        await send('POST', `/hooks/github/${trick}`, {
          body: '{"action":"opened"}',
          type: 'application/json',
          anonymous: true,
          headers: { 'x-github-event': 'pull_request', 'x-hub-signature-256': `sha256=${trick}` },
        }),
      );
      answers.push(await send('DELETE', `/api/workspaces/${ws.slug}/webhooks/${trick}`));
      answers.push(await send('POST', `/api/workspaces/${ws.slug}/webhooks/${trick}/secret`));
      answers.push(
        await send('PATCH', `/api/workspaces/${ws.slug}/webhooks/${trick}`, {
          body: '{"label":"x"}',
          type: 'application/json',
        }),
      );
      answers.push(
        await send(
          'POST',
          `/api/workspaces/${ws.slug}/webhooks/${attackerHookId}/deliveries/${trick}/redeliver`,
        ),
      );
      answers.push(
        await send('POST', `/api/workspaces/${ws.slug}/webhooks`, {
          body: JSON.stringify({
            label: 'Trick',
            url: `https://${trick}/x`,
            events: ['issue.created'],
          }),
          type: 'application/json',
        }),
      );
      answers.push(await send('GET', `/api/v1/workspaces/${trick}/issues`));
      answers.push(await send('GET', `/api/v1/workspaces/${ws.slug}/issues/${trick}`));
      answers.push(await send('GET', `/api/v1/workspaces/${ws.slug}/issues?cursor=${trick}`));
      answers.push(await send('GET', `/api/v1/workspaces/${ws.slug}/projects/${trick}`));
      answers.push(await send('DELETE', `/api/v1/workspaces/${ws.slug}/issues/${trick}`));
      answers.push(await send('DELETE', `/api/v1/workspaces/${ws.slug}/comments/${trick}`));
      answers.push(
        await send('PATCH', `/api/v1/workspaces/${ws.slug}/issues/${trick}`, {
          body: '{"title":"x"}',
          type: 'application/json',
        }),
      );
      answers.push(
        await send('POST', `/api/v1/workspaces/${ws.slug}/issues`, {
          body: JSON.stringify({ project: trick, title: 'x' }),
          type: 'application/json',
        }),
      );
    }
    // The victim's issues through the public API, by key and by filter.
    answers.push(await send('GET', `/api/v1/workspaces/${victim.slug}/issues`));
    answers.push(await send('GET', `/api/v1/workspaces/${victim.slug}/issues/ENG-1`));

    for (const authorization of TOKEN_TRICKS)
      for (const [method, path] of [
        ['GET', '/api/v1/me'],
        ['GET', '/api/v1/workspaces'],
        ['POST', '/api/v1/workspaces'],
        ['GET', '/api/tokens'],
      ] as const)
        answers.push(
          await send(method, path, {
            anonymous: true,
            headers: { authorization },
            ...(method === 'POST' ? { body: '{}', type: 'application/json' } : {}),
          }),
        );

    for (const path of pathTricks())
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
        answers.push(
          await send(
            method,
            path,
            method === 'GET' || method === 'DELETE'
              ? {}
              : {
                  body: JSON.stringify({ docs: [{ id: ownIssue._id }] }),
                  type: 'application/json',
                },
          ),
        );

    const docs = forgedDocuments();
    for (const newEdits of [true, false])
      answers.push(
        await send('POST', `/db/${ws.slug}/_bulk_docs`, {
          body: JSON.stringify({ docs, new_edits: newEdits }),
          type: 'application/json',
        }),
      );
    for (const doc of docs)
      answers.push(
        await send('POST', `/db/${ws.slug}/_bulk_docs`, {
          body: JSON.stringify({ docs: [doc] }),
          type: 'application/json',
        }),
      );
    answers.push(
      await send('POST', `/db/${ws.slug}/_bulk_get`, {
        body: JSON.stringify({
          docs: [{ id: '_design/x' }, { id: victimIssueId }, { id: '_local/corpus' }],
        }),
        type: 'application/json',
      }),
    );

    for (const path of [
      `/auth/login?returnTo=${encodeURIComponent('//evil.example')}`,
      `/auth/login?returnTo=${encodeURIComponent('/\\evil.example')}`,
      `/auth/login?returnTo=${encodeURIComponent(CONTROL)}`,
      `/auth/login?returnTo=${'r'.repeat(5_000)}`,
      '/auth/callback',
      '/auth/callback?code=forged&state=forged',
      `/auth/callback?error=${encodeURIComponent(CONTROL)}`,
    ])
      answers.push(await send('GET', path));
    for (const path of [
      '/idp/interaction/forged/login',
      '/idp/interaction/forged/signup',
      `/idp/interaction/${'u'.repeat(5_000)}/login`,
      '/idp/interaction/%2e%2e/login',
    ])
      answers.push(
        await send('POST', path, {
          body: new URLSearchParams({ email: CONTROL, password: HUGE, name: CONTROL }).toString(),
          type: 'application/x-www-form-urlencoded',
        }),
      );
    for (const path of ['/idp/auth?client_id=%00', '/idp/token', '/idp/me', '/idp/jwks'])
      answers.push(
        await send(path === '/idp/token' ? 'POST' : 'GET', path, {
          body: path === '/idp/token' ? 'grant_type=%00' : undefined,
          type: path === '/idp/token' ? 'application/x-www-form-urlencoded' : undefined,
        }),
      );

    const faults = answers
      .map((a) => ({ probe: a.probe, fault: fault(a) }))
      .filter((f) => f.fault !== null);
    expect(faults).toEqual([]);
    // The attacker stayed signed in: every probe reached the route, not the session check.
    expect(
      answers
        .filter((a) => !a.anonymous && a.status === 401 && !a.probe.includes(' /idp/'))
        .map((a) => a.probe),
    ).toEqual([]);
    expect(answers.length).toBeGreaterThan(400);
    // Path tricks never read the other workspace's issue.
    expect(answers.filter((a) => a.body.includes('Only for the victim'))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 240_000);
});
