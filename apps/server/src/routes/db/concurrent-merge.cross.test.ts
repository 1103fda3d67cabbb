import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampIssueEdits, type IssueDoc } from '@keel/domain';
import { resolveConflict, type BaseStore } from '../../../../web/src/data/conflicts.ts';
import { leafVersions, writeDocs } from '../../../../web/src/data/replica-docs.ts';
import { DevicePouch } from '../../testing/device-db.cross.ts';
import type { BrowserSession } from '../../testing/browser-session.ts';
import { fetchAs } from '../../testing/pouch-node.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * The browser's merge of concurrent edits (apps/web/src/data/conflicts.ts) run on two
 * device replicas (LevelDB PouchDB, the browser's PouchDB core) against the real server: both
 * devices merge on their own, each from the base it kept, and write the same revisions, so
 * the server ends with one version and one copy of each conflict entry.
 */
const PouchDB = DevicePouch;

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dir: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('merge'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-merge-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const remote = () =>
  new PouchDB(`${server.url}/db/${ws.slug}`, {
    skip_setup: true,
    fetch: fetchAs(PouchDB, owner),
  });
let devices = 0;

/** A device: its replica, and the versions its edits started from (merge/base-versions.ts). */
async function device() {
  const db = new PouchDB(path.join(dir, `device-${++devices}`));
  await db.replicate.from(remote());
  const kept = new Map<string, object>();
  const bases: BaseStore = {
    find: (id, rev) => Promise.resolve(kept.get(`${id} ${rev}`) ?? null),
    keep: (doc) => {
      if (doc._rev) kept.set(`${doc._id} ${doc._rev}`, doc);
      return Promise.resolve();
    },
  };
  /** An edit as the session saves it: the base kept, the fields stamped with time and editor. */
  const edit = async (id: string, change: Partial<IssueDoc>, at: string) => {
    const current = await db.get<IssueDoc>(id);
    await bases.keep(current);
    const next = stampIssueEdits({ ...current, ...change, updatedAt: at }, current, at, ws.userId);
    await db.put(next);
  };
  const merge = (id: string) =>
    resolveConflict(
      { versions: (docId) => leafVersions(db, docId), bulk: (docs) => writeDocs(db, docs) },
      id,
      { bases, withoutBase: false, held: () => false },
    );
  return { db, edit, merge };
}

describe('two devices merging the same concurrent edits', () => {
  it('write the same merge and the same conflict entries, which the server keeps once', async () => {
    const issue = issueDoc(ws, {
      title: 'Fix the login crash',
      description: 'Steps:\n1. Open the app\n2. Sign in\n',
    });
    const created = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [issue] },
    });
    expect(created.status).toBe(201);
    const a = await device();
    const b = await device();

    await a.edit(
      issue._id,
      {
        title: 'Fix the signup crash',
        description: 'Steps:\n1. Open the app on Safari\n2. Sign in\n',
        priority: 2,
      },
      '2026-11-26T10:00:00.000Z',
    );
    await b.edit(
      issue._id,
      {
        title: 'Fix the logout crash',
        description: 'Steps:\n1. Open the app\n2. Sign in\n3. See the crash\n',
        priority: 1,
      },
      '2026-11-26T10:01:00.000Z',
    );
    for (const d of [a, b]) await d.db.replicate.to(remote());
    for (const d of [a, b]) await d.db.replicate.from(remote());
    const server0 = await owner.request(`/db/${ws.slug}/${issue._id}?conflicts=true`);
    expect(((await server0.json()) as { _conflicts?: string[] })._conflicts).toHaveLength(1);

    // Each device merges on its own, before seeing the other's merge.
    expect(await a.merge(issue._id)).toBe('settled');
    expect(await b.merge(issue._id)).toBe('settled');
    for (const d of [a, b]) await d.db.replicate.to(remote());
    for (const d of [a, b]) await d.db.replicate.from(remote());

    const onServer = (await (
      await owner.request(`/db/${ws.slug}/${issue._id}?conflicts=true`)
    ).json()) as IssueDoc & { _conflicts?: string[] };
    expect(onServer._conflicts).toBeUndefined();
    expect(onServer).toMatchObject({
      title: 'Fix the logout crash',
      // Text fields are trimmed by the schema the merge parses versions with.
      description: 'Steps:\n1. Open the app on Safari\n2. Sign in\n3. See the crash',
      priority: 1,
    });
    for (const d of [a, b]) expect((await d.db.get(issue._id))._rev).toBe(onServer._rev);

    const changes = (await (
      await owner.request(`/db/${ws.slug}/_changes?include_docs=true&conflicts=true`)
    ).json()) as { results: { id: string; doc?: Record<string, unknown> }[] };
    const entries = changes.results.filter((r) => r.id.startsWith('conflict:'));
    expect(entries.map((e) => [e.doc?.field, (e.doc?.lost as { value: unknown }).value])).toEqual(
      expect.arrayContaining([
        ['title', 'Fix the signup crash'],
        ['priority', 2],
      ]),
    );
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry.doc?._conflicts).toBeUndefined();
  });
});
