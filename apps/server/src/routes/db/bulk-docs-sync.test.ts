import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newActivityDocument, newDocId } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/** How the proxy treats what offline browsers send back: refused changes and their records. */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;

beforeAll(async () => {
  server = await startTestServer();
  owner = new BrowserSession(server.url);
  await signUp(owner, newAccount('owner'));
  ws = await createWorkspaceAs(owner, 'synctrust');
});
afterAll(async () => {
  await server?.close();
});

interface BulkRow {
  id: string;
  ok?: boolean;
  rev?: string;
  error?: string;
  code?: string;
  reason?: string;
}

async function bulk(docs: unknown[], newEdits = true) {
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: newEdits ? { docs } : { docs, new_edits: false },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as BulkRow[];
}

async function stored(id: string) {
  const res = await owner.request(`/db/${ws.slug}/${encodeURIComponent(id)}`);
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}

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
