import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppStore } from '../db/app-store.ts';
import { CouchClient } from '../db/couch-client.ts';
import type { TestServer } from '../testing/test-server.ts';
import {
  issueDoc,
  reserveNumbers,
  startWithOwnerWorkspace,
  storedDoc,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';
import type { BrowserSession } from '../testing/browser-session.ts';
import { backupDatabase, restoreDatabase, restoreWorkspace } from './couch-backup.ts';

/**
 * A workspace backed up with couchbackup and restored, through the running server's database
 * (the embedded one, or COUCHDB_URL's): every document comes back, at the same revision.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-backup-'));

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('backup'));
  dbName = (await server.store.workspaceBySlug(ws.slug))!.dbName;
  // Issues written as a browser writes them, and a few hundred more documents besides.
  const issues = Array.from({ length: 20 }, (_, i) =>
    issueDoc(ws, { title: `Backed up ${i}`, number: i + 1 }),
  );
  const saved = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: issues },
  });
  expect(saved.status).toBe(201);
  await server.couch.bulkDocs(
    dbName,
    Array.from({ length: 300 }, (_, i) => ({ _id: `filler-${i}`, text: 'x'.repeat(200) })),
  );
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every document of `db` as `id rev`, deleted ones included. */
async function revisions(db: string): Promise<string[]> {
  const res = await server.couch.request('GET', CouchClient.dbPath(db, '/_changes'), {
    query: { style: 'all_docs' },
  });
  const { results } = (await res.json()) as {
    results: { id: string; changes: { rev: string }[]; deleted?: boolean }[];
  };
  return results
    .map((r) => `${r.id} ${r.changes.map((c) => c.rev).join(',')}${r.deleted ? ' deleted' : ''}`)
    .sort();
}

async function backUp(file: string): Promise<number> {
  const output = fs.createWriteStream(file);
  const total = await backupDatabase(server.database, dbName, output);
  await finished(output);
  return total;
}

describe('workspace backup and restore', () => {
  it('restores every document of a workspace into a fresh database', async () => {
    const file = path.join(dir, 'backup.txt');
    // Its own name: an external database outlives the run.
    const target = `keel_restore_check_${Date.now().toString(36)}`;
    let before: string[] = [];
    // (On a cluster, until every copy read has the setup's writes.)
    await expect
      .poll(async () => (before = await revisions(dbName)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(322);
    expect(await backUp(file)).toBe(before.length);

    const restored = await restoreDatabase(server.database, fs.createReadStream(file), target);
    expect(restored).toBe(before.length);
    // A cluster's changes feed reads one copy of each shard, which may be a moment behind.
    await expect.poll(() => revisions(target), { timeout: 10_000 }).toEqual(before);

    await expect(
      restoreDatabase(server.database, fs.createReadStream(file), target),
    ).rejects.toThrow(/exists/);
    await (await server.couch.request('DELETE', CouchClient.dbPath(target))).body?.cancel();
  });

  it('brings a workspace back to its backup, keeping the database it used', async () => {
    const file = path.join(dir, 'workspace.txt');
    const { start } = await reserveNumbers(owner, ws);
    const lost = issueDoc(ws, { title: 'Deleted after the backup', number: start });
    const saved = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [lost] },
    });
    expect(saved.status).toBe(201);
    await backUp(file);
    // Lost after the backup: not by a device (its replica would bring it back), by the database.
    const stored = (await server.couch.getDoc(dbName, lost._id))!;
    await server.couch.deleteDoc(dbName, lost._id, stored._rev!);
    expect(await storedDoc(owner, ws.slug, lost._id)).toBeNull();

    // As `npm run restore` does it: a store of its own, beside the running server.
    const store = new AppStore(new CouchClient(server.database), server.store.db);
    const result = await restoreWorkspace(
      store,
      server.database,
      ws.slug,
      fs.createReadStream(file),
      new Date('2030-01-02T03:04:05Z'),
    );
    expect(result).toMatchObject({ previous: dbName, dbName: `${dbName}_restored_20300102030405` });
    expect((await server.store.workspaceBySlug(ws.slug))?.dbName).toBe(result.dbName);
    // The running server hears of the switch through its feed of the app database.
    await vi.waitFor(async () =>
      expect(await storedDoc(owner, ws.slug, lost._id)).toMatchObject({ title: lost.title }),
    );
    expect(await server.couch.getDoc(result.dbName, 'filler-0')).not.toBeNull();
    expect(await server.couch.getDoc(dbName, lost._id)).toBeNull();
  });
});
