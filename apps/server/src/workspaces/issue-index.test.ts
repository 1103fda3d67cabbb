import { newDocId } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CouchDoc } from '../db/couch-client.ts';
import {
  createWorkspaceAs,
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';
import type { TestServer } from '../testing/test-server.ts';
import type { BrowserSession } from '../testing/browser-session.ts';
import { IssueIndex } from './issue-index.ts';

/** The instance's index of a workspace's issues, against the real embedded database. */
let server: TestServer;
let ws: WorkspaceFixture;
let dbName: string;
let owner: BrowserSession;

beforeAll(async () => {
  ({ server, ws, dbName, owner } = await startWithOwnerWorkspace('index'));
});
afterAll(async () => {
  await server?.close();
});

const put = async (doc: Record<string, unknown> & { _id: string }) => {
  const held = await server.couch.getDoc<CouchDoc>(dbName, doc._id);
  await server.couch.putDoc(dbName, { ...doc, ...(held ? { _rev: held._rev } : {}) } as CouchDoc);
};

describe('IssueIndex', () => {
  it('finds issues by key, children and first place, and follows every later write', async () => {
    const parent = issueDoc(ws, { number: 1, sortOrder: 'a1' });
    const child = issueDoc(ws, { number: 2, sortOrder: 'a0', parentId: parent._id });
    await put(parent);
    await put(child);
    const index = new IssueIndex(server.couch);
    const issues = await index.of(dbName);
    expect(issues.idOf(ws.projectId, 1)).toBe(parent._id);
    expect(issues.idOf(ws.projectId, 2)).toBe(child._id);
    expect(issues.idOf(ws.projectId, 3)).toBeUndefined();
    expect(issues.childrenOf(parent._id)).toEqual([child._id]);
    expect(issues.firstSortOrder(ws.projectId)).toBe('a0');

    // Written after it was built, through anything: seen at the next use.
    const third = issueDoc(ws, { number: 3, sortOrder: 'Zz' });
    await put(third);
    await put({ ...child, parentId: null, sortOrder: 'b0' });
    const deleted = (await server.couch.getDoc<CouchDoc>(dbName, parent._id))!;
    await server.couch.deleteDoc(dbName, parent._id, deleted._rev!);
    const later = await index.of(dbName);
    expect(later.idOf(ws.projectId, 3)).toBe(third._id);
    expect(later.idOf(ws.projectId, 1)).toBeUndefined();
    expect(later.childrenOf(parent._id)).toEqual([]);
    expect(later.firstSortOrder(ws.projectId)).toBe('Zz');
    expect(later.firstSortOrder('project:other')).toBeNull();
  });

  it('reads a workspace again once it has let it go (by count, or by issues in all)', async () => {
    const index = new IssueIndex(server.couch, { workspaces: 1, issues: 1_000 });
    const first = await index.of(dbName);
    const otherWs = await createWorkspaceAs(owner, 'index-two');
    const otherDb = (await server.store.workspaceBySlug(otherWs.slug))!.dbName;
    await index.of(otherDb);
    // The first was let go (one kept): read again, another object, caught up.
    expect(await index.of(dbName)).not.toBe(first);

    const small = new IssueIndex(server.couch, { workspaces: 8, issues: 1 });
    const many = await small.of(dbName);
    expect(many.size).toBeGreaterThan(1);
    await small.of(otherDb);
    // Over the issues it may keep: the one not just used goes.
    expect(await small.of(dbName)).not.toBe(many);
  });

  it('shares one catch-up among uses at once, each seeing what was written before it asked', async () => {
    const index = new IssueIndex(server.couch);
    await index.of(dbName);
    const reads = vi.spyOn(server.couch, 'json');
    const id = newDocId('issue');
    await put({ ...issueDoc(ws, { number: 41 }), _id: id });
    const all = await Promise.all(Array.from({ length: 5 }, () => index.of(dbName)));
    const changes = reads.mock.calls.filter(([, path]) => String(path).endsWith('/_changes'));
    reads.mockRestore();
    // The first use's catch-up, and one more shared by the four that came while it ran.
    expect(changes.length).toBeLessThanOrEqual(2);
    for (const issues of all) expect(issues.idOf(ws.projectId, 41)).toBe(id);
  });

  it('fails every use waiting on a reading that failed, and keeps nothing of it', async () => {
    const index = new IssueIndex(server.couch);
    const [a, b] = await Promise.allSettled([
      index.of('keel_ws_missing'),
      index.of('keel_ws_missing'),
    ]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
  });

  it('says a database it cannot read, and does not keep the failure', async () => {
    const index = new IssueIndex(server.couch);
    await expect(index.of('keel_ws_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(index.of('keel_ws_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
