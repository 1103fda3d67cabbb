import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conflictEntries,
  newDocId,
  newLabelDocument,
  newProjectDocument,
  readMarkerAt,
  tombstoneOf,
} from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  startWithOwnerWorkspace,
  storedDoc,
  type BulkRow,
  issueDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

const require = createRequire(import.meta.url);
// Only what this test uses of pouchdb-node (its types drag in DOM globals that clash with Node's).
interface Replica {
  bulkDocs(docs: unknown[]): Promise<unknown>;
  get(id: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
  replicate: {
    to(target: Replica): Promise<{ ok: boolean }> & {
      on(event: 'denied', fn: (err: unknown) => void): Promise<{ ok: boolean }>;
    };
  };
}
interface PouchStatic {
  new (
    name: string,
    options?: Record<string, unknown>,
  ): Replica & { replicate: Replica['replicate'] & { from(source: Replica): Promise<unknown> } };
  fetch(url: string | Request, opts?: RequestInit): Promise<Response>;
}
const PouchDB = require('pouchdb-node') as PouchStatic;

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('proxy'));
});
afterAll(async () => {
  await server?.close();
});

async function bulk(browser: BrowserSession, docs: unknown[], slug = ws.slug) {
  const res = await browser.request(`/db/${slug}/_bulk_docs`, { method: 'POST', json: { docs } });
  return { status: res.status, rows: (await res.json()) as BulkRow[] };
}

const stored = (id: string) => storedDoc(owner, ws.slug, id);

describe('/db/:ws _bulk_docs validation', () => {
  it('saves a valid issue', async () => {
    const doc = issueDoc(ws);
    const { status, rows } = await bulk(owner, [doc]);
    expect(status).toBe(201);
    expect(rows[0]).toMatchObject({ id: doc._id, ok: true });
    expect((await stored(doc._id))?.title).toBe('Make the board faster');
  });

  it('refuses an empty or 256-character title with VALIDATION_FAILED and stores nothing, but saves the rest of the batch', async () => {
    const empty = issueDoc(ws, { title: '   ' });
    const long = issueDoc(ws, { title: 'x'.repeat(256) });
    const fine = issueDoc(ws, { title: 'Fine' });
    const { rows } = await bulk(owner, [empty, long, fine]);
    expect(rows[0]).toMatchObject({ id: empty._id, error: 'forbidden', code: 'VALIDATION_FAILED' });
    expect(rows[0]?.errors).toContainEqual({ path: 'title', message: 'Title is required' });
    expect(rows[1]?.errors).toContainEqual({
      path: 'title',
      message: 'Title must be at most 255 characters',
    });
    expect(rows[2]).toMatchObject({ id: fine._id, ok: true });
    expect(await stored(empty._id)).toBeNull();
    expect(await stored(long._id)).toBeNull();
    expect(await stored(fine._id)).not.toBeNull();
  });

  it('refuses a forged createdBy', async () => {
    const forged = issueDoc(ws, { createdBy: 'someone-else' });
    const { rows } = await bulk(owner, [forged]);
    expect(rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored(forged._id)).toBeNull();
  });

  it('refuses changing the author of an existing issue', async () => {
    const doc = issueDoc(ws);
    const [saved] = (await bulk(owner, [doc])).rows;
    const { rows } = await bulk(owner, [
      { ...doc, _rev: (saved as { rev?: string }).rev, createdBy: 'someone-else' },
    ]);
    expect(rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect((await stored(doc._id))?.createdBy).toBe(ws.userId);
  });

  it('refuses a state that is not one of the project’s states', async () => {
    const doc = issueDoc(ws, { stateId: 'nope' });
    const { rows } = await bulk(owner, [doc]);
    expect(rows[0]).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses member documents, design documents and unknown ids from clients', async () => {
    const now = new Date().toISOString();
    const { rows } = await bulk(owner, [
      {
        _id: `member:${ws.userId}`,
        type: 'member',
        userId: ws.userId,
        name: 'x',
        email: 'x@x.io',
        avatarUrl: null,
        role: 'owner',
        active: true,
        createdAt: now,
        updatedAt: now,
      },
      { _id: '_design/evil', views: { all: { map: 'function(){for(;;){}}' } } },
      { _id: 'whatever', type: 'issue' },
    ]);
    expect(rows.map((r) => r.code)).toEqual([
      'FORBIDDEN',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
    const design = await owner.request(`/db/${ws.slug}/_design%2Fevil`);
    expect(design.status).toBe(403);
  });

  it('answers 413 for more than 1,000 documents in one request', async () => {
    const docs = Array.from({ length: 1001 }, () => ({ _id: 'x' }));
    const { status, rows } = await bulk(owner, docs);
    expect(status).toBe(413);
    expect((rows as unknown as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 for a body over 10 MB', async () => {
    const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ docs: [{ _id: 'x', pad: 'x'.repeat(10_500_000) }] }),
    });
    expect(res.status).toBe(413);
  });

  it('refuses every write from a viewer', async () => {
    const viewer = new BrowserSession(server.url);
    await signUp(viewer, newAccount('viewer'));
    const me = (await (await viewer.request('/api/me')).json()) as { user: { id: string } };
    const workspace = await server.store.workspaceBySlug(ws.slug);
    const workspaceId = workspace!._id.slice('workspace:'.length);
    await server.store.put({
      _id: `membership:${me.user.id}:${workspaceId}`,
      type: 'membership',
      workspaceId,
      userId: me.user.id,
      role: 'viewer',
      joinedAt: new Date().toISOString(),
    });
    expect((await viewer.request(`/db/${ws.slug}/`)).status).toBe(200);
    const doc = issueDoc({ ...ws, userId: me.user.id });
    const { rows } = await bulk(viewer, [doc]);
    expect(rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored(doc._id)).toBeNull();
  });
});

/** A new account joined to the proxy workspace with `role`, and its user id. */
async function joinAs(role: 'viewer' | 'member' | 'admin', name: string) {
  const browser = new BrowserSession(server.url);
  await signUp(browser, newAccount(name));
  const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
  const workspace = await server.store.workspaceBySlug(ws.slug);
  const workspaceId = workspace!._id.slice('workspace:'.length);
  await server.store.put({
    _id: `membership:${me.user.id}:${workspaceId}`,
    type: 'membership',
    workspaceId,
    userId: me.user.id,
    role,
    joinedAt: new Date().toISOString(),
  });
  return { browser, userId: me.user.id };
}

describe('/db/:ws read markers (the inbox state, SPEC §3)', () => {
  it('a viewer creates and moves their own marker', async () => {
    const viewer = await joinAs('viewer', 'marker-viewer');
    const first = readMarkerAt({
      userId: viewer.userId,
      lastReadAt: '2026-11-22T10:00:00.000Z',
      existing: null,
      now: new Date().toISOString(),
    });
    const created = await bulk(viewer.browser, [first]);
    expect(created.rows[0]).toMatchObject({ id: `readMarker:${viewer.userId}`, ok: true });
    const moved = {
      ...readMarkerAt({
        userId: viewer.userId,
        lastReadAt: '2026-11-22T11:00:00.000Z',
        existing: first,
        now: new Date().toISOString(),
      }),
      _rev: (created.rows[0] as { rev?: string }).rev,
    };
    const updated = await bulk(viewer.browser, [moved]);
    expect(updated.rows[0]).toMatchObject({ ok: true });
    expect((await stored(first._id))?.lastReadAt).toBe('2026-11-22T11:00:00.000Z');
  });

  it("refuses a marker under someone else's id, and a change to someone else's marker", async () => {
    const member = await joinAs('member', 'marker-member');
    const now = new Date().toISOString();
    const squatting = {
      ...readMarkerAt({ userId: member.userId, lastReadAt: now, existing: null, now }),
      _id: `readMarker:${ws.userId}`,
    };
    const { rows } = await bulk(member.browser, [squatting]);
    expect(rows[0]).toMatchObject({ error: 'forbidden', code: 'VALIDATION_FAILED' });
    expect(rows[0]?.errors).toContainEqual({
      path: '_id',
      message: `Must be readMarker:${member.userId}`,
    });
    expect(await stored(`readMarker:${ws.userId}`)).toBeNull();

    const owners = readMarkerAt({ userId: ws.userId, lastReadAt: now, existing: null, now });
    const saved = await bulk(owner, [owners]);
    expect(saved.rows[0]).toMatchObject({ ok: true });
    const rev = (saved.rows[0] as { rev?: string }).rev;
    const later = '2030-01-01T00:00:00.000Z';
    const tampered = await bulk(member.browser, [{ ...owners, _rev: rev, lastReadAt: later }]);
    expect(tampered.rows[0]).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
    expect((await stored(owners._id))?.lastReadAt).toBe(now);
  });
});

describe('/db/:ws malformed input', () => {
  it('refuses null and non-object documents per document, and saves the rest', async () => {
    const fine = issueDoc(ws, { title: 'Beside the junk' });
    const { status, rows } = await bulk(owner, [null, 42, 'text', fine]);
    expect(status).toBe(201);
    expect(rows.slice(0, 3).map((r) => r.code)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
    expect(rows[3]).toMatchObject({ id: fine._id, ok: true });
  });

  it('refuses a malformed _rev per document instead of failing the batch', async () => {
    const bad = { ...issueDoc(ws), _rev: 'garbage' };
    const fine = issueDoc(ws, { title: 'Saved despite a bad neighbour' });
    const { status, rows } = await bulk(owner, [bad, fine]);
    expect(status).toBe(201);
    expect(rows[0]).toMatchObject({ id: bad._id, code: 'VALIDATION_FAILED' });
    expect(rows[1]).toMatchObject({ id: fine._id, ok: true });
  });

  it('with new_edits:false, refuses a document without a consistent revision and saves the rest', async () => {
    const noRev = issueDoc(ws);
    const wrongHistory = { ...issueDoc(ws), _rev: '2-abc', _revisions: { start: 5, ids: ['abc'] } };
    const fine = {
      ...issueDoc(ws, { title: 'Replicated fine' }),
      _rev: '1-0123456789abcdef0123456789abcdef',
    };
    const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [noRev, wrongHistory, fine], new_edits: false },
    });
    expect(res.status).toBe(201);
    const rows = (await res.json()) as BulkRow[];
    expect(rows.map((r) => [r.id, r.code])).toEqual([
      [noRev._id, 'VALIDATION_FAILED'],
      [wrongHistory._id, 'VALIDATION_FAILED'],
    ]);
    expect((await stored(fine._id))?.title).toBe('Replicated fine');
  });

  it('_bulk_get only reads Keel documents, never _local ones', async () => {
    const res = await owner.request(`/db/${ws.slug}/_bulk_get`, {
      method: 'POST',
      json: { docs: [{ id: '_local/anything' }] },
    });
    expect(res.status).toBe(422);
  });

  it('refuses bodies that are not JSON', async () => {
    const res = await owner.request(`/db/${ws.slug}/_revs_diff`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"issue:x":["1-a"]}',
    });
    expect(res.status).toBe(422);
  });
});

describe('/db/:ws access', () => {
  it('is 404 for a non-member, and for a workspace that does not exist, alike', async () => {
    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    const member = await stranger.request(`/db/${ws.slug}/`);
    const missing = await stranger.request('/db/no-such-ws/');
    expect(member.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await member.json()).toMatchObject({ code: 'NOT_FOUND', error: 'not_found' });
    expect((await bulk(stranger, [issueDoc(ws)])).status).toBe(404);
  });

  it('is 401 without a session', async () => {
    const res = await fetch(`${server.url}/db/${ws.slug}/_changes`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it.each([
    ['GET', '/_all_docs'],
    ['GET', '/_design/x/_view/y'],
    ['POST', '/_temp_view'],
    ['GET', '/_security'],
    ['PUT', '/issue:abc'],
    ['GET', '/issue:abc/attachment'],
    ['GET', '/../_all_dbs'],
    ['GET', '/%2e%2e/_all_dbs'],
    ['GET', '/_local%2F..%2F..%2F_all_dbs'],
    ['GET', '/_changes?feed=continuous'],
    ['GET', '/_changes?filter=_view&view=x/y'],
  ])('refuses %s %s', async (method, rest) => {
    const res = await owner.request(`${server.url}/db/${ws.slug}${rest}`, {
      method,
      ...(method !== 'GET' ? { json: {} } : {}),
    });
    expect([403, 404]).toContain(res.status);
  });
});

describe('replication through the proxy', () => {
  it('a PouchDB replica pushes and pulls through /db/:ws, and refused documents come back as denied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-replica-'));
    const local = new PouchDB(path.join(dir, 'local'));
    const remote = new PouchDB(`${server.url}/db/${ws.slug}`, {
      skip_setup: true,
      fetch: (url: string | Request, opts?: RequestInit) => {
        const headers = new Headers(opts?.headers);
        headers.set('cookie', owner.cookieHeader());
        headers.set('origin', owner.origin);
        return PouchDB.fetch(url, { ...opts, headers });
      },
    });

    const good = issueDoc(ws, { title: 'Synced through the proxy' });
    const bad = issueDoc(ws, { title: '' });
    await local.bulkDocs([good, bad]);
    const denied: string[] = [];
    const push = await local.replicate
      .to(remote)
      .on('denied', (err) => denied.push((err as { id: string }).id));
    expect(push.ok).toBe(true);
    expect(denied).toEqual([bad._id]);
    expect((await stored(good._id))?.title).toBe('Synced through the proxy');

    const elsewhere = new PouchDB(path.join(dir, 'elsewhere'));
    await elsewhere.replicate.from(remote);
    const pulled = await elsewhere.get(good._id);
    expect(pulled).toMatchObject({ title: 'Synced through the proxy' });
    await Promise.all([local.close(), elsewhere.close()]);
  });
});

describe('/db/:ws project keys and label names across documents', () => {
  const now = () => new Date().toISOString();
  const project = (key: string) =>
    newProjectDocument({
      id: newDocId('project'),
      key,
      name: `Project ${key}`,
      color: '#5E6AD2',
      createdBy: ws.userId,
      now: now(),
    });
  const label = (name: string) =>
    newLabelDocument({
      id: newDocId('label'),
      name,
      color: '#EB5757',
      createdBy: ws.userId,
      now: now(),
    });

  it('refuses a new project whose key is taken with PROJECT_KEY_TAKEN, and saves a free one', async () => {
    // The workspace was created with project ENG.
    const dup = project('ENG');
    const fresh = project('OPSX');
    const { rows } = await bulk(owner, [dup, fresh]);
    expect(rows[0]).toMatchObject({ id: dup._id, error: 'forbidden', code: 'PROJECT_KEY_TAKEN' });
    expect(rows[0]?.reason).toBe('A project with key ENG already exists.');
    expect(rows[0]?.errors).toEqual([
      { path: 'key', message: 'A project with key ENG already exists.' },
    ]);
    expect(rows[1]).toMatchObject({ id: fresh._id, ok: true });
    expect(await stored(dup._id)).toBeNull();
  });

  it('refuses two new projects with one key in the same batch', async () => {
    const a = project('TWIN');
    const b = project('TWIN');
    const { rows } = await bulk(owner, [a, b]);
    expect(rows[0]).toMatchObject({ ok: true });
    expect(rows[1]).toMatchObject({ code: 'PROJECT_KEY_TAKEN' });
  });

  it('lets an existing project be renamed (its key is not re-checked against itself)', async () => {
    const p = project('REN');
    const [saved] = (await bulk(owner, [p])).rows;
    const { rows } = await bulk(owner, [
      { ...p, _rev: (saved as { rev?: string }).rev, name: 'Renamed' },
    ]);
    expect(rows[0]).toMatchObject({ ok: true });
  });

  it('refuses a label whose name is taken ignoring case, on create and on rename', async () => {
    const bug = label('Bug');
    const feature = label('Feature');
    const first = await bulk(owner, [bug, feature]);
    expect(first.rows.map((r) => r.ok)).toEqual([true, true]);

    const dup = label('  bUG ');
    const { rows } = await bulk(owner, [dup]);
    expect(rows[0]).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(rows[0]?.errors).toEqual([
      { path: 'name', message: 'A label named bUG already exists' },
    ]);

    const rev = (first.rows[1] as { rev?: string }).rev;
    const renamed = await bulk(owner, [{ ...feature, _rev: rev, name: 'BUG' }]);
    expect(renamed.rows[0]).toMatchObject({ code: 'VALIDATION_FAILED' });
    const recoloured = await bulk(owner, [{ ...feature, _rev: rev, color: '#000000' }]);
    expect(recoloured.rows[0]).toMatchObject({ ok: true });
  });

  it('frees a label name when the label is deleted in the same batch', async () => {
    const old = label('Legacy');
    const [saved] = (await bulk(owner, [old])).rows;
    const { rows } = await bulk(owner, [
      { _id: old._id, _rev: (saved as { rev?: string }).rev, _deleted: true },
      label('legacy'),
    ]);
    expect(rows.map((r) => r.ok)).toEqual([true, true]);
  });
});

describe('/db/:ws references (SPEC §5)', () => {
  it('refuses a parent that would close a loop, and one that does not exist', async () => {
    const a = issueDoc(ws, { title: 'A' });
    const b = issueDoc(ws, { title: 'B', parentId: a._id });
    const c = issueDoc(ws, { title: 'C', parentId: b._id });
    const saved = (await bulk(owner, [a, b, c])).rows;
    expect(saved.every((r) => r.ok)).toBe(true);
    // A under C would make A → C → B → A.
    const loop = { ...a, _rev: (saved[0] as { rev?: string }).rev, parentId: c._id };
    const self = issueDoc(ws, { title: 'Self' });
    const { rows } = await bulk(owner, [
      loop,
      { ...self, parentId: self._id },
      issueDoc(ws, { parentId: 'issue:nope' }),
    ]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'parentId',
      message: 'A sub-issue of this issue cannot be its parent',
    });
    expect(rows[1]?.errors).toContainEqual({
      path: 'parentId',
      message: 'An issue cannot be its own parent',
    });
    expect(rows[2]?.errors).toContainEqual({
      path: 'parentId',
      message: 'The parent must be an issue of this workspace',
    });
    expect((await stored(a._id))?.parentId).toBeNull();
  });

  it('refuses an assignee who is not an active member and a label that does not exist', async () => {
    const { rows } = await bulk(owner, [
      issueDoc(ws, { assigneeId: 'not-a-member' }),
      issueDoc(ws, { labelIds: ['label:missing'] }),
      issueDoc(ws, { assigneeId: ws.userId }),
    ]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'assigneeId',
      message: 'The assignee must be an active member',
    });
    expect(rows[1]?.errors).toContainEqual({
      path: 'labelIds',
      message: 'Each label must be a label of this workspace',
    });
    expect(rows[2]).toMatchObject({ ok: true });
  });

  it('refuses a comment on an issue that does not exist', async () => {
    const now = new Date().toISOString();
    const comment = {
      _id: 'comment:orphan1',
      type: 'comment',
      issueId: 'issue:nope',
      body: 'Hello',
      authorId: ws.userId,
      editedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const { rows } = await bulk(owner, [comment]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'issueId',
      message: 'The issue does not exist',
    });
  });
});

describe('/db/:ws conflict entries (a value a concurrent edit replaced)', () => {
  const entryFor = (issueId: string, lostBy: string) =>
    conflictEntries(
      issueId,
      null,
      [
        {
          field: 'title',
          lost: { value: 'Fix the signup crash', by: lostBy, at: '2026-11-22T10:00:00.000Z' },
          kept: { value: 'Fix the logout crash', by: 'someone1', at: '2026-11-22T10:01:00.000Z' },
        },
      ],
      '2026-11-22T10:01:00.000Z',
    )[0]!;

  it('saves one for an existing issue in another person’s name, the same one twice, never a change', async () => {
    const issue = issueDoc(ws);
    await bulk(owner, [issue]);
    const entry = entryFor(issue._id, 'someone2');
    const created = await bulk(owner, [entry]);
    expect(created.rows[0]).toMatchObject({ id: entry._id, ok: true });
    // A second device merging the same versions writes the same record: the same revision.
    const replicated = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: {
        docs: [{ ...entry, _rev: created.rows[0]!.rev, _revisions: undefined }],
        new_edits: false,
      },
    });
    expect(replicated.status).toBe(201);
    const changed = await bulk(owner, [
      { ...entry, _rev: created.rows[0]!.rev, lost: { ...entry.lost, value: 'Forged' } },
    ]);
    expect(changed.rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect((await stored(entry._id))?.lost).toMatchObject({ value: 'Fix the signup crash' });
  });

  it('refuses one naming a comment of another issue', async () => {
    const [mine, other] = [issueDoc(ws), issueDoc(ws)];
    await bulk(owner, [mine, other]);
    const now = new Date().toISOString();
    const comment = {
      _id: newDocId('comment'),
      type: 'comment',
      issueId: other._id,
      body: 'Elsewhere',
      authorId: ws.userId,
      editedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await bulk(owner, [comment]);
    const [entry] = conflictEntries(
      mine._id,
      comment._id,
      [
        {
          field: 'comment',
          lost: { value: 'Forged', by: ws.userId, at: now },
          kept: { value: 'Elsewhere', by: ws.userId, at: now },
        },
      ],
      now,
    );
    const { rows } = await bulk(owner, [entry]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'commentId',
      message: 'The comment is not one of the issue’s',
    });
  });

  it('refuses one for an issue that does not exist', async () => {
    const { rows } = await bulk(owner, [entryFor('issue:nope', ws.userId)]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'issueId',
      message: 'The issue does not exist',
    });
  });
});

describe('/db/:ws restoring a deleted issue (undo)', () => {
  async function deleted(issue: ReturnType<typeof issueDoc>) {
    const created = await bulk(owner, [issue]);
    const rev = created.rows[0]!.rev!;
    const removed = await bulk(owner, [tombstoneOf({ ...issue, _rev: rev })]);
    expect(removed.rows[0]).toMatchObject({ ok: true });
    expect(await stored(issue._id)).toBeNull();
  }

  it('brings it back with its number, for whoever may delete it, whose numbers it is not', async () => {
    const issue = issueDoc(ws, { number: 1, title: 'Deleted by mistake' });
    await deleted(issue);
    const member = await joinAs('member', 'restore-member');
    expect((await bulk(member.browser, [issue])).rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    // An admin may delete anyone's issue, so may undo that; number 1 is not in their blocks.
    const admin = await joinAs('admin', 'restore-admin');
    const { rows } = await bulk(admin.browser, [issue]);
    expect(rows[0]).toMatchObject({ id: issue._id, ok: true });
    expect(await stored(issue._id)).toMatchObject({ title: 'Deleted by mistake', number: 1 });
  });

  it('keeps no body it cannot vouch for: a forged deletion does not mint a number', async () => {
    const member = await joinAs('member', 'forger');
    const forged = issueDoc(ws, { number: 1, title: 'Forged', createdBy: member.userId });
    // Created and deleted offline, says the member, with a body claiming number 1.
    const deletion = { ...tombstoneOf(forged), _rev: undefined };
    expect((await bulk(member.browser, [deletion])).rows[0]).toMatchObject({ ok: true });
    const { rows } = await bulk(member.browser, [forged]);
    expect(rows[0]?.errors).toContainEqual({
      path: 'number',
      message: 'This issue number was not reserved for you in this project',
    });
  });

  it('lets an admin restore another’s comment as it was, never rewritten', async () => {
    const issue = issueDoc(ws);
    await bulk(owner, [issue]);
    const now = new Date().toISOString();
    const comment = {
      _id: newDocId('comment'),
      type: 'comment',
      issueId: issue._id,
      body: 'I stay',
      authorId: ws.userId,
      editedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const rev = (await bulk(owner, [comment])).rows[0]!.rev;
    const admin = await joinAs('admin', 'moderator');
    const removed = await bulk(admin.browser, [{ _id: comment._id, _rev: rev, _deleted: true }]);
    expect(removed.rows[0]).toMatchObject({ ok: true });
    const rewritten = await bulk(admin.browser, [{ ...comment, body: 'I resign' }]);
    expect(rewritten.rows[0]).toMatchObject({ code: 'FORBIDDEN' });
    const restored = await bulk(admin.browser, [comment]);
    expect(restored.rows[0]).toMatchObject({ ok: true });
    expect(await stored(comment._id)).toMatchObject({ body: 'I stay', authorId: ws.userId });
  });

  it('refuses to bring it back as something else: another number is a new issue', async () => {
    const issue = issueDoc(ws, { number: 1 });
    await deleted(issue);
    const { rows } = await bulk(owner, [{ ...issue, number: 424_242 }]);
    expect(rows[0]).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(rows[0]?.errors).toContainEqual({
      path: 'number',
      message: 'This issue number was not reserved for you in this project',
    });
  });
});
