import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRelation, tombstoneOf, type RelationDoc, type RelationSide } from '@keel/domain';
import { resolveConflict } from '../../../../web/src/data/conflicts.ts';
import { leafVersions, writeDocs } from '../../../../web/src/data/replica-docs.ts';
import { DevicePouch } from '../../testing/device-db.cross.ts';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { fetchAs } from '../../testing/pouch-node.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';
import { addMember } from '../../workspaces/add-member.ts';

/**
 * Two people relate the same pair of issues while both are offline (decision 020: one id per
 * pair and kind). Both pushes are taken, the devices settle the two revisions the way the
 * browser does (apps/web/src/data/conflicts.ts), and a later removal stays removed everywhere.
 */
const PouchDB = DevicePouch;

let server: TestServer;
let owner: BrowserSession;
let member: BrowserSession;
let memberId: string;
let ws: WorkspaceFixture;
let dir: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('related'));
  member = new BrowserSession(server.url);
  await signUp(member, newAccount('related-member'));
  memberId = ((await (await member.request('/api/me')).json()) as { user: { id: string } }).user.id;
  const workspace = await server.store.workspaceBySlug(ws.slug);
  await addMember(server.store, workspace!, (await server.store.getUser(memberId))!, 'member');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-relation-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let devices = 0;

/** A signed-in person's device: its replica, synced through the proxy as them. */
async function device(session: BrowserSession, userId: string) {
  const db = new PouchDB(path.join(dir, `device-${++devices}`));
  const remote = () =>
    new PouchDB(`${server.url}/db/${ws.slug}`, {
      skip_setup: true,
      fetch: fetchAs(PouchDB, session),
    });
  const push = () => db.replicate.to(remote());
  const pull = () => db.replicate.from(remote());
  await pull();
  const relate = (side: RelationSide, issueId: string, otherId: string, at: string) =>
    db.put(newRelation({ side, issueId, otherId, createdBy: userId, now: at }));
  const settle = (id: string) =>
    resolveConflict(
      { versions: (docId) => leafVersions(db, docId), bulk: (docs) => writeDocs(db, docs) },
      id,
      {
        bases: { find: () => Promise.resolve(null), keep: () => Promise.resolve() },
        withoutBase: false,
        held: () => false,
      },
    );
  return { db, push, pull, relate, settle };
}

const onServer = async (id: string) => {
  const res = await owner.request(`/db/${ws.slug}/${encodeURIComponent(id)}?conflicts=true`);
  return res.status === 200
    ? ((await res.json()) as RelationDoc & { _conflicts?: string[] })
    : null;
};

describe('the same relation made on two devices offline', () => {
  it('is taken from both, settled to one, and stays removed once removed', async () => {
    const blocker = issueDoc(ws, { title: 'Ship the API', number: 1 });
    const blocked = issueDoc(ws, { title: 'Write the API docs', number: 2 });
    const created = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [blocker, blocked] },
    });
    expect(created.status).toBe(201);
    const laptop = await device(owner, ws.userId);
    const phone = await device(member, memberId);

    // One says "blocks" from one issue, the other "blocked by" from the other: the same relation.
    await laptop.relate('blocks', blocker._id, blocked._id, '2026-11-27T10:00:00.000Z');
    const { _id: id } = newRelation({
      side: 'blocked-by',
      issueId: blocked._id,
      otherId: blocker._id,
      createdBy: memberId,
      now: '2026-11-27T10:01:00.000Z',
    });
    await phone.relate('blocked-by', blocked._id, blocker._id, '2026-11-27T10:01:00.000Z');
    for (const d of [laptop, phone]) expect((await d.push()).doc_write_failures).toBe(0);
    expect((await onServer(id))?._conflicts).toHaveLength(1);

    for (const d of [laptop, phone]) await d.pull();
    // Each settles on its own, before it sees the other's settling: both keep the same winner.
    expect(await laptop.settle(id)).toBe('settled');
    expect(await phone.settle(id)).toBe('settled');
    for (const d of [laptop, phone]) expect((await d.push()).doc_write_failures).toBe(0);
    for (const d of [laptop, phone]) await d.pull();
    const settled = await onServer(id);
    expect(settled?._conflicts).toBeUndefined();
    expect(settled).toMatchObject({ fromIssueId: blocker._id, toIssueId: blocked._id });
    for (const d of [laptop, phone])
      expect((await d.db.get(id, { conflicts: true }))._conflicts).toBeUndefined();

    // The phone removes it: no other version is left to come back.
    const held = await phone.db.get<RelationDoc>(id);
    await phone.db.put(tombstoneOf(held));
    expect((await phone.push()).doc_write_failures).toBe(0);
    await laptop.pull();
    expect(await onServer(id)).toBeNull();
    await expect(laptop.db.get(id)).rejects.toMatchObject({ status: 404 });
  });
});
