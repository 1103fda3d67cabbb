import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  reserveNumbers,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';
import { addMember } from '../../workspaces/add-member.ts';
import { NUMBER_NOT_RESERVED } from '@keel/domain';

let server: TestServer;
let owner: BrowserSession;
let member: BrowserSession;
let ws: WorkspaceFixture;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = new BrowserSession(server.url);
  await signUp(owner, newAccount('numbers-owner'));
  ws = await createWorkspaceAs(owner, 'numbered'); // the owner holds 1–20
  member = new BrowserSession(server.url);
  await signUp(member, newAccount('numbers-member'));
  memberId = ((await (await member.request('/api/me')).json()) as { user: { id: string } }).user.id;
  const workspace = await server.store.workspaceBySlug(ws.slug);
  await addMember(server.store, workspace!, (await server.store.getUser(memberId))!, 'member');
});
afterAll(async () => {
  await server?.close();
});

async function push(browser: BrowserSession, docs: unknown[]) {
  const res = await browser.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs },
  });
  return (await res.json()) as { id: string; ok?: boolean; code?: string; reason?: string }[];
}

describe('issue numbers come from their writer’s reserved blocks', () => {
  it('accepts a number from the writer’s block, refuses one held by someone else or never handed out', async () => {
    const block = await reserveNumbers(member, ws); // 21–40
    expect(block).toMatchObject({ start: 21, end: 40 });
    const mine = issueDoc({ ...ws, userId: memberId }, { number: 21 });
    const theirs = issueDoc({ ...ws, userId: memberId }, { number: 5 });
    const ahead = issueDoc({ ...ws, userId: memberId }, { number: 41 });
    const rows = await push(member, [mine, theirs, ahead]);
    expect(rows[0]).toMatchObject({ id: mine._id, ok: true });
    for (const row of rows.slice(1))
      expect(row).toMatchObject({
        code: 'VALIDATION_FAILED',
        reason: expect.stringContaining(NUMBER_NOT_RESERVED),
      });
    const stored = await server.couch.getDoc(
      (await server.store.workspaceBySlug(ws.slug))!.dbName,
      theirs._id,
    );
    expect(stored).toBeNull();
  });

  it('checks only new issues: an edit of someone else’s issue keeps its number', async () => {
    const [row] = await push(owner, [issueDoc(ws, { number: 7, title: 'Owner’s' })]);
    expect(row).toMatchObject({ ok: true });
    const res = await member.request(`/db/${ws.slug}/${row!.id}`);
    const stored = (await res.json()) as Record<string, unknown>;
    const [edit] = await push(member, [{ ...stored, title: 'Edited by the member' }]);
    expect(edit).toMatchObject({ ok: true });
  });

  it('records a block even when the device sends no request id', async () => {
    const res = await member.request(
      `/api/workspaces/${ws.slug}/projects/${ws.projectId}/numbers`,
      { method: 'POST' },
    );
    const block = (await res.json()) as { start: number };
    const [row] = await push(member, [
      issueDoc({ ...ws, userId: memberId }, { number: block.start }),
    ]);
    expect(row).toMatchObject({ ok: true });
  });
});
