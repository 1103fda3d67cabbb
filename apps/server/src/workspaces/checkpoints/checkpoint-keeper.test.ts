import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouchClient } from '../../db/couch-client.ts';
import { CheckpointKeeper, MISSING_MS } from './checkpoint-keeper.ts';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { anotherInstance, through } from '../../testing/instances.ts';
import { externalDatabase, startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  createWorkspaceAs,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * Replication checkpoints kept by the instance and written to the database behind (decision
 * 015), through the real server and embedded database.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
const servers: TestServer[] = [];

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('checkpoints'));
  servers.push(server);
});
afterAll(async () => {
  for (const s of servers.reverse()) await s.close().catch(() => undefined);
});

const checkpoint = (seq: number, session = 'session-a') => ({
  _id: '_local/replication-1',
  session_id: session,
  history: [{ last_seq: seq, session_id: session }],
  replicator: 'pouchdb',
  version: 1,
  last_seq: seq,
});

async function put(as: BrowserSession, id: string, body: object) {
  const res = await as.request(`/db/${ws.slug}/_local/${id}`, { method: 'PUT', json: body });
  return { status: res.status, body: (await res.json()) as { ok?: boolean; rev?: string } };
}

async function get(as: BrowserSession, id: string) {
  const res = await as.request(`/db/${ws.slug}/_local/${id}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The checkpoint as the database itself holds it, or null. */
async function inDatabase(id: string) {
  const res = await server.couch.request('GET', CouchClient.dbPath(dbName, `/_local/${id}`));
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  return (await res.json()) as { last_seq?: number; _rev: string };
}

describe('replication checkpoints', () => {
  it('are answered by the instance at once and reach the database with the next flush', async () => {
    expect((await get(owner, 'flushed')).status).toBe(404);
    const first = await put(owner, 'flushed', checkpoint(5));
    expect(first).toEqual({ status: 201, body: { ok: true, id: '_local/flushed', rev: '0-1' } });
    const second = await put(owner, 'flushed', { ...checkpoint(9), _rev: first.body.rev });
    expect(second.body.rev).toBe('0-2');
    const read = await get(owner, 'flushed');
    expect(read.body).toMatchObject({ _id: '_local/flushed', _rev: '0-2', last_seq: 9 });

    expect(await inDatabase('flushed')).toBeNull();
    expect(server.checkpoints.unsaved).toBe(1);
    await server.checkpoints.flush();
    expect((await inDatabase('flushed'))?.last_seq).toBe(9);
    expect(server.checkpoints.unsaved).toBe(0);
  });

  it('take the last write, whatever revision it names: a read and a write may reach two instances', async () => {
    const elsewhere = await anotherInstance(server);
    servers.push(elsewhere);
    const there = through(elsewhere, owner);
    const here = await put(owner, 'balanced', checkpoint(3));
    await server.checkpoints.flush();
    // The other instance reads the database's copy and is written a newer one naming it.
    const read = await get(there, 'balanced');
    expect(read.body.last_seq).toBe(3);
    const moved = await put(there, 'balanced', { ...checkpoint(7), _rev: read.body._rev });
    expect(moved.status).toBe(201);
    // This instance, holding its own copy, is then written one naming a revision it never gave.
    const back = await put(owner, 'balanced', { ...checkpoint(8), _rev: '0-41' });
    expect(back.status).toBe(201);
    expect(back.body.rev).not.toBe(here.body.rev);
    await elsewhere.checkpoints.flush();
    await server.checkpoints.flush();
    // Both reached the database; the one flushed last is kept, and no write was refused.
    expect((await inDatabase('balanced'))?.last_seq).toBe(8);
  });

  it('are saved when the server closes, and read back by the next one', async () => {
    const alone = await startTestServer();
    const person = new BrowserSession(alone.url);
    await signUp(person, newAccount('closing'));
    const space = await createWorkspaceAs(person, 'saved-at-close');
    const written = await person.request(`/db/${space.slug}/_local/at-close`, {
      method: 'PUT',
      json: checkpoint(12),
    });
    expect(written.status).toBe(201);
    const port = Number(new URL(alone.url).port);
    await alone.close();
    const next = await startTestServer({ dataDir: alone.dataDir, port });
    servers.push(next);
    const read = await person.request(`/db/${space.slug}/_local/at-close`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { last_seq: number }).last_seq).toBe(12);
  });

  it('missing from the database, are not asked for again for a while, then are', async () => {
    let now = 1_000_000;
    // A second instance's keeper over the same database, on a clock the test moves.
    const keeper = new CheckpointKeeper(server.couch, server.app.log, () => now);
    expect(await keeper.get(dbName, '_local/late')).toBeNull();
    // Another instance saves it meanwhile (its flush): still taken as missing here…
    const written = await put(owner, 'late', checkpoint(6));
    expect(written.status).toBe(201);
    await server.checkpoints.flush();
    expect((await inDatabase('late'))?.last_seq).toBe(6);
    now += MISSING_MS - 1;
    expect(await keeper.get(dbName, '_local/late')).toBeNull();
    // …and read from the database once the while is over.
    now += 1;
    expect(await keeper.get(dbName, '_local/late')).toMatchObject({ last_seq: 6 });

    // Written here, it is held at once, whatever was remembered.
    expect(await keeper.get(dbName, '_local/fresh')).toBeNull();
    keeper.put(dbName, '_local/fresh', checkpoint(2));
    expect(await keeper.get(dbName, '_local/fresh')).toMatchObject({ last_seq: 2 });
  });

  it('are refused when they are not checkpoints, and never kept then', async () => {
    const refused = await put(owner, 'not-one', { anything: 'else' });
    expect(refused.status).toBe(422);
    expect((await get(owner, 'not-one')).status).toBe(404);
  });

  // Last: it stops the database. Skipped against COUCHDB_URL: there is no child to crash.
  it.skipIf(externalDatabase)(
    'a flush while the database is down keeps what it could not save, for when it is back',
    async () => {
      const written = await put(owner, 'while-down', checkpoint(4));
      expect(written.status).toBe(201);
      server.embeddedDb!.crash();
      // An unknown checkpoint cannot be read meanwhile: the catalogue says why.
      const unknown = await get(owner, 'unknown-while-down');
      expect(unknown.status).toBe(503);
      expect(unknown.body.code).toBe('DB_UNAVAILABLE');
      // The flush fails and keeps it for the next one.
      await server.checkpoints.flush();
      expect(server.checkpoints.unsaved).toBe(1);

      await expect
        .poll(async () => (await owner.request(`/db/${ws.slug}/`)).status, { timeout: 15_000 })
        .toBe(200);
      await server.checkpoints.flush();
      expect(server.checkpoints.unsaved).toBe(0);
      expect((await inDatabase('while-down'))?.last_seq).toBe(4);
    },
  );
});
