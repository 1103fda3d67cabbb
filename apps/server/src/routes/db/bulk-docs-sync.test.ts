import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newActivityDocument, newDocId } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  startWithOwnerWorkspace,
  storedDoc,
  type BulkRow,
  issueDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/** How the proxy treats what offline browsers send back: refused changes and their records. */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('synctrust'));
});
afterAll(async () => {
  await server?.close();
});

async function bulk(docs: unknown[], newEdits = true) {
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: newEdits ? { docs } : { docs, new_edits: false },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as BulkRow[];
}

const stored = (id: string) => storedDoc(owner, ws.slug, id);

const activity = (issueId: string, kind: 'parent' | 'title', to: string) =>
  newActivityDocument({
    id: newDocId('activity'),
    issueId,
    actorId: ws.userId,
    kind,
    from: null,
    to,
    now: new Date().toISOString(),
  });

describe('refused changes and their activity records', () => {
  it('refuses a new activity record whose issue change was refused in the same request, with a reason a person can read', async () => {
    const a = issueDoc(ws, { title: 'A' });
    const b = issueDoc(ws, { title: 'B', parentId: a._id });
    const [savedA] = await bulk([a, b]);
    const loop = { ...a, _rev: savedA?.rev, parentId: b._id };
    const record = activity(a._id, 'parent', b._id);
    const fine = activity(b._id, 'title', 'B');
    const rows = await bulk([loop, record, fine]);
    expect(rows[0]).toMatchObject({
      error: 'forbidden',
      code: 'VALIDATION_FAILED',
      reason: 'Check the highlighted fields. A sub-issue of this issue cannot be its parent',
    });
    expect(rows[1]).toMatchObject({
      id: record._id,
      error: 'forbidden',
      code: 'VALIDATION_FAILED',
      reason: 'Check the highlighted fields. The change this records to its issue was not saved',
    });
    expect(rows[2]).toMatchObject({ id: fine._id, ok: true });
    expect(await stored(record._id)).toBeNull();
    expect(await stored(fine._id)).not.toBeNull();
  });

  it('keeps an activity record whose issue change was accepted', async () => {
    const a = issueDoc(ws, { title: 'A' });
    const record = activity(a._id, 'title', 'A');
    const rows = await bulk([a, record]);
    expect(rows.every((r) => r.ok)).toBe(true);
  });
});

describe('a batch pushed after working offline', () => {
  it('accepts documents sent before what they point at (PouchDB does not keep the order), answering in the order sent', async () => {
    const now = new Date().toISOString();
    const label = {
      _id: newDocId('label'),
      type: 'label',
      name: `Offline ${Date.now()}`,
      color: '#5E6AD2',
      createdBy: ws.userId,
      createdAt: now,
      updatedAt: now,
    };
    const issue = issueDoc(ws, { title: 'Labelled offline', labelIds: [label._id] });
    const record = activity(issue._id, 'title', 'Labelled offline');
    const rows = await bulk([record, issue, label]);
    expect(rows.map((r) => [r.id, r.ok])).toEqual([
      [record._id, true],
      [issue._id, true],
      [label._id, true],
    ]);
    expect(await stored(issue._id)).toMatchObject({ labelIds: [label._id] });
  });

  it('still refuses a label that is nowhere, in the batch or stored', async () => {
    const issue = issueDoc(ws, { title: 'Ghost label', labelIds: [newDocId('label')] });
    const [row] = await bulk([issue]);
    expect(row).toMatchObject({ id: issue._id, error: 'forbidden', code: 'VALIDATION_FAILED' });
    expect(await stored(issue._id)).toBeNull();
  });
});

async function member(role: 'member' | 'viewer') {
  const browser = new BrowserSession(server.url);
  await signUp(browser, newAccount(role));
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
  return browser;
}

async function replicated(browser: BrowserSession, docs: unknown[]) {
  const res = await browser.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs, new_edits: false },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as BulkRow[];
}

async function liveRevisions(id: string) {
  const res = await owner.request(`/db/${ws.slug}/${encodeURIComponent(id)}?conflicts=true`);
  const doc = (await res.json()) as { _rev: string; _conflicts?: string[]; title: string };
  return { winner: doc._rev, conflicts: doc._conflicts ?? [], title: doc.title };
}

const hash = (c: string) => c.repeat(32);

describe('two tabs of one browser pushing the same replica', () => {
  it('accepts a record pushed again at the revision the server holds, and refuses other content under it', async () => {
    const issue = issueDoc(ws, { title: 'Twice' });
    await bulk([issue]);
    const hash = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const record = {
      ...activity(issue._id, 'title', 'Twice'),
      _rev: `1-${hash}`,
      _revisions: { start: 1, ids: [hash] },
    };
    expect(await bulk([record], false)).toEqual([]);
    // The other tab's replication pushes the same revision a moment later.
    expect(await bulk([record], false)).toEqual([]);

    const rewritten = { ...record, to: 'Something else' };
    const rows = await bulk([rewritten], false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: record._id, error: 'forbidden' });
    expect(await stored(record._id)).toMatchObject({ _rev: record._rev, to: 'Twice' });
  });
});

describe('settling concurrent edits', () => {
  it('lets a member drop one of two conflicting versions of someone else’s issue, but not delete the issue', async () => {
    const issue = issueDoc(ws, { title: 'Base' });
    const [created] = await bulk([issue]);
    const [gen, first] = (created?.rev ?? '').split('-') as [string, string];
    expect(gen).toBe('1');
    // Two devices' edits of revision 1, as replication delivers them.
    const branch = (c: string, title: string) => ({
      ...issue,
      title,
      _rev: `2-${hash(c)}`,
      _revisions: { start: 2, ids: [hash(c), first] },
    });
    expect(await replicated(owner, [branch('b', 'From B'), branch('c', 'From C')])).toEqual([]);
    const before = await liveRevisions(issue._id);
    expect(before.conflicts).toHaveLength(1);

    const editor = await member('member');
    const [loser] = before.conflicts as [string];
    const prune = {
      _id: issue._id,
      _rev: `3-${hash('d')}`,
      _deleted: true,
      _revisions: { start: 3, ids: [hash('d'), loser.split('-')[1]] },
    };
    expect(await replicated(editor, [prune])).toEqual([]);
    // A cluster's copies of the document agree a moment after the write (at once here).
    await expect
      .poll(() => liveRevisions(issue._id), { timeout: 10_000 })
      .toEqual({ winner: before.winner, conflicts: [], title: before.title });

    // The last live version is the issue itself: deleting it is deleting the issue.
    const deletion = {
      _id: issue._id,
      _rev: `3-${hash('e')}`,
      _deleted: true,
      _revisions: { start: 3, ids: [hash('e'), before.winner.split('-')[1]] },
    };
    expect(await replicated(editor, [deletion])).toEqual([
      expect.objectContaining({ id: issue._id, code: 'FORBIDDEN' }),
    ]);
    expect((await stored(issue._id))?.title).toBe(before.title);
  });

  it('does not let a viewer drop a conflicting version either', async () => {
    const issue = issueDoc(ws, { title: 'Base' });
    const [created] = await bulk([issue]);
    const first = (created?.rev ?? '').split('-')[1] ?? '';
    const branch = (c: string) => ({
      ...issue,
      title: `From ${c}`,
      _rev: `2-${hash(c)}`,
      _revisions: { start: 2, ids: [hash(c), first] },
    });
    await replicated(owner, [branch('b'), branch('c')]);
    const { conflicts } = await liveRevisions(issue._id);
    const viewer = await member('viewer');
    const prune = {
      _id: issue._id,
      _rev: `3-${hash('d')}`,
      _deleted: true,
      _revisions: { start: 3, ids: [hash('d'), conflicts[0]?.split('-')[1] ?? ''] },
    };
    expect(await replicated(viewer, [prune])).toEqual([
      expect.objectContaining({ code: 'FORBIDDEN' }),
    ]);
    expect((await liveRevisions(issue._id)).conflicts).toHaveLength(1);
  });

  it('accepts an issue carrying its fields’ edit times, and refuses a malformed one', async () => {
    const now = new Date().toISOString();
    const rows = await bulk([
      issueDoc(ws, { fieldTimes: { title: now, state: now } }),
      issueDoc(ws, { fieldTimes: { nonsense: now } as never }),
      issueDoc(ws, { fieldTimes: { title: 'yesterday' } }),
    ]);
    expect(rows[0]).toMatchObject({ ok: true });
    expect(rows[1]).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(rows[2]).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
