import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseRequests } from '../metrics.ts';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  createWorkspaceAs,
  issueDoc,
  reserveNumbers,
  type BulkRow,
  type WorkspaceFixture,
} from '../testing/workspace-fixture.ts';
import { addMember } from './add-member.ts';
import { anotherInstance, through } from '../testing/instances.ts';

/**
 * Two Keel instances over one database, as behind a load balancer: each keeps the session, user,
 * workspace and membership behind replication requests in its own memory (AccessCache), and a
 * change made through one instance takes effect on the other at once.
 */
let first: TestServer;
let second: TestServer;
const servers: TestServer[] = [];

/** Another instance over `server`'s database and app database. */
async function besides(server: TestServer): Promise<TestServer> {
  const other = await anotherInstance(server);
  servers.push(other);
  return other;
}

beforeAll(async () => {
  first = await startTestServer();
  servers.push(first);
  second = await besides(first);
  await vi.waitFor(() => expect(first.cache.following && second.cache.following).toBe(true), {
    timeout: 15_000,
  });
});
afterAll(async () => {
  for (const server of servers.reverse()) await server.close().catch(() => undefined);
});

let workspaces = 0;
/** A workspace with its owner and one member, both signed in through the first instance. */
async function workspaceWithMember(role: 'member' | 'viewer' = 'member') {
  const slug = `cache-${++workspaces}`;
  const owner = new BrowserSession(first.url);
  await signUp(owner, newAccount('owner'));
  const ws = await createWorkspaceAs(owner, slug);
  const member = new BrowserSession(first.url);
  await signUp(member, newAccount('member'));
  const memberId = ((await (await member.request('/api/me')).json()) as { user: { id: string } })
    .user.id;
  const workspace = (await first.store.workspaceBySlug(slug))!;
  await addMember(first.store, workspace, (await first.store.getUser(memberId))!, role);
  return { slug, ws, owner, member, memberId };
}

async function bulk(browser: BrowserSession, slug: string, docs: unknown[]) {
  const res = await browser.request(`/db/${slug}/_bulk_docs`, { method: 'POST', json: { docs } });
  expect(res.status).toBe(201);
  return (await res.json()) as BulkRow[];
}

/** Requests the instances made to the app database so far (both count into one registry). */
async function appDatabaseRequests(): Promise<number> {
  const { values } = await databaseRequests.get();
  return values.find((v) => v.labels.database === 'app')?.value ?? 0;
}

describe('access cache across instances', () => {
  it('refuses a member removed through another instance at once, and cuts their longpoll', async () => {
    const { slug, owner, member, memberId } = await workspaceWithMember();
    const elsewhere = through(second, member);
    // Read twice: the second instance now answers from its copies.
    expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(200);
    expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(200);
    const longpoll = await elsewhere.request(
      `/db/${slug}/_changes?feed=longpoll&since=now&heartbeat=200&timeout=20000`,
    );
    expect(longpoll.status).toBe(200);
    const ended = longpoll.text().then(
      () => 'answered',
      () => 'cut',
    );

    const removed = await owner.request(`/api/workspaces/${slug}/members/${memberId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(404);
    expect(await ended).toBe('cut');
  });

  it('refuses the writes of a member made a viewer through another instance at once', async () => {
    const { slug, ws, owner, member, memberId } = await workspaceWithMember();
    const elsewhere = through(second, member);
    const block = await reserveNumbers(elsewhere, ws);
    const mine = { ...ws, userId: memberId };
    const [saved] = await bulk(elsewhere, slug, [issueDoc(mine, { number: block.start })]);
    expect(saved).toMatchObject({ ok: true });

    const changed = await owner.request(`/api/workspaces/${slug}/members/${memberId}`, {
      method: 'PATCH',
      json: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    const [refused] = await bulk(elsewhere, slug, [issueDoc(mine, { number: block.start + 1 })]);
    expect(refused).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a session signed out through another instance at once', async () => {
    const { slug, member } = await workspaceWithMember();
    const elsewhere = through(second, member);
    expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(200);
    // The change stream reads the session from the same copy.
    const stream = `/api/workspaces/${slug}/changes?since=0`;
    const opened = await elsewhere.request(stream);
    expect(opened.status).toBe(200);
    await opened.body?.cancel();
    expect((await member.request('/auth/logout', { method: 'POST' })).status).toBe(200);
    // The other instance drops its copy when its own feed of the app database brings the
    // deletion: milliseconds after the instance that signed out has seen it (decision 011).
    await expect
      .poll(async () => (await elsewhere.request(`/db/${slug}/`)).status, { timeout: 1_000 })
      .toBe(401);
    expect((await elsewhere.request(stream)).status).toBe(401);
  });

  it('refuses a workspace deleted through another instance at once', async () => {
    const { slug, owner, member, memberId } = await workspaceWithMember();
    const ownerElsewhere = through(second, owner);
    const memberElsewhere = through(second, member);
    expect((await ownerElsewhere.request(`/db/${slug}/`)).status).toBe(200);
    expect((await memberElsewhere.request(`/db/${slug}/`)).status).toBe(200);
    const deleted = await owner.request(`/api/workspaces/${slug}`, {
      method: 'DELETE',
      json: { confirmSlug: slug },
    });
    expect(deleted.status).toBe(204);
    // The database is gone too, so the requests would fail anyway: the copies must be gone.
    expect(await second.cache.workspaceAndMembership(slug, memberId)).toEqual({
      workspace: null,
      membership: null,
    });
    expect((await ownerElsewhere.request(`/db/${slug}/`)).status).toBe(404);
    expect((await memberElsewhere.request(`/db/${slug}/`)).status).toBe(404);
  });

  it('reads nothing from the app database for a replication request it has the copies for', async () => {
    const { slug, member } = await workspaceWithMember();
    const elsewhere = through(second, member);
    expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(200);
    const before = await appDatabaseRequests();
    for (let i = 0; i < 10; i++) expect((await elsewhere.request(`/db/${slug}/`)).status).toBe(200);
    expect(await appDatabaseRequests()).toBe(before);

    // Without the feed (an instance whose cache has stopped), each request reads the session,
    // the user, the workspace and the membership: what every request cost before.
    const third = await besides(first);
    third.cache.stop();
    const uncached = through(third, member);
    expect((await uncached.request(`/db/${slug}/`)).status).toBe(200);
    const start = await appDatabaseRequests();
    for (let i = 0; i < 10; i++) expect((await uncached.request(`/db/${slug}/`)).status).toBe(200);
    expect(await appDatabaseRequests()).toBeGreaterThanOrEqual(start + 40);
  });
});

describe('a new member', () => {
  it('is let in at once: nobody keeps a copy of a membership that was not there', async () => {
    const owner = new BrowserSession(first.url);
    await signUp(owner, newAccount('owner'));
    const ws: WorkspaceFixture = await createWorkspaceAs(owner, 'cache-join');
    const joiner = new BrowserSession(first.url);
    await signUp(joiner, newAccount('joiner'));
    const joinerId = ((await (await joiner.request('/api/me')).json()) as { user: { id: string } })
      .user.id;
    const elsewhere = through(second, joiner);
    expect((await elsewhere.request(`/db/${ws.slug}/`)).status).toBe(404);
    const workspace = (await first.store.workspaceBySlug(ws.slug))!;
    await addMember(first.store, workspace, (await first.store.getUser(joinerId))!, 'viewer');
    expect((await elsewhere.request(`/db/${ws.slug}/`)).status).toBe(200);
  });
});
