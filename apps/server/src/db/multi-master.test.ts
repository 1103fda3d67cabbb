import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, linkSub } from '../idp/accounts.ts';
import { BrowserSession, newAccount, signIn, signUp } from '../testing/browser-session.ts';
import { startMultiMaster, type MultiMaster } from '../testing/multi-master.ts';
import { issueDoc, reserveNumbers, type WorkspaceFixture } from '../testing/workspace-fixture.ts';
import { newDocId, newLabelDocument, type LabelDoc, type WorkspaceDoc } from '@keel/domain';
import type { InvitationDoc, SessionDoc } from './app-store.ts';

/**
 * Keel on a database with two masters (testing/multi-master.ts): two instances, each writing
 * through its own node, the nodes replicating to each other. Writes to one document through both
 * succeed and meet later as a conflict, as on a CouchDB cluster; every uniqueness claim must
 * still be won by exactly one of them.
 */
let mm: MultiMaster;
beforeAll(async () => {
  mm = await startMultiMaster();
}, 60_000);
afterAll(async () => {
  await mm?.close();
});

interface Person {
  /** The same person signed in through each instance. */
  on: [BrowserSession, BrowserSession];
  userId: string;
}

async function person(prefix: string): Promise<Person> {
  const account = newAccount(prefix);
  const a = new BrowserSession(mm.servers[0].url);
  await signUp(a, account);
  await mm.replicated();
  const b = new BrowserSession(mm.servers[1].url);
  (await signIn(b, account)).res.body?.cancel();
  const me = (await (await b.request('/api/me')).json()) as { user: { id: string } };
  return { on: [a, b], userId: me.user.id };
}

async function meOf(browser: BrowserSession) {
  const res = await browser.request('/api/me');
  expect(res.status).toBe(200);
  return (await res.json()) as { user: { id: string }; workspaces: { id: string; slug: string }[] };
}

async function createWorkspace(browser: BrowserSession, slug: string) {
  const res = await browser.request('/api/workspaces', {
    method: 'POST',
    json: { name: slug, slug },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let owner: Person;
beforeAll(async () => {
  owner = await person('owner');
}, 60_000);

describe('two Keel instances on a database with two masters', () => {
  it('boot together on an empty database and share one set of secrets: a session works on both', async () => {
    const [a, b] = await Promise.all([meOf(owner.on[0]), meOf(owner.on[1])]);
    expect(a.user.id).toBe(owner.userId);
    expect(b.user.id).toBe(owner.userId);
    // A cookie set by one instance is read by the other.
    const across = new BrowserSession(mm.servers[1].url);
    for (const [k, v] of owner.on[0].cookies) across.cookies.set(k, v);
    expect((await meOf(across)).user.id).toBe(owner.userId);
  });

  it('hands out every issue number once, with 20 devices reserving through both at once', async () => {
    const created = await createWorkspace(owner.on[0], 'numbers');
    expect(created.status).toBe(201);
    const projectId = (created.body.project as { id: string }).id;
    await mm.replicated();
    const path = `/api/workspaces/numbers/projects/${encodeURIComponent(projectId)}/numbers`;
    const blocks: { start: number; end: number; via: number }[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, device) => {
        const via = device % 2;
        for (let i = 0; i < 3; i++) {
          const res = await owner.on[via]!.request(path, {
            method: 'POST',
            json: { requestId: `device-${device}-${i}` },
          });
          expect(res.status).toBe(200);
          blocks.push({ ...((await res.json()) as { start: number; end: number }), via });
        }
      }),
    );
    const numbers = blocks.flatMap((b) =>
      Array.from({ length: b.end - b.start + 1 }, (_, i) => b.start + i),
    );
    expect(blocks.every((b) => b.end - b.start + 1 === 20)).toBe(true);
    const twice = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    expect(twice).toEqual([]);

    // A block reserved through one instance numbers an issue written through the other at once.
    const ws: WorkspaceFixture = { slug: 'numbers', projectId, userId: owner.userId };
    const fresh = (await (
      await owner.on[0].request(path, { method: 'POST', json: { requestId: 'device-x' } })
    ).json()) as { start: number };
    const write = await owner.on[1].request('/db/numbers/_bulk_docs', {
      method: 'POST',
      json: { docs: [issueDoc(ws, { number: fresh.start })] },
    });
    expect(write.status).toBe(201);
    const [row] = (await write.json()) as { ok?: boolean; reason?: string }[];
    expect(row).toMatchObject({ ok: true });
  });

  it('gives a block of numbers to one of two devices claiming it through both in one millisecond', async () => {
    const created = await createWorkspace(owner.on[0], 'same-moment');
    expect(created.status).toBe(201);
    const projectId = (created.body.project as { id: string }).id;
    const workspaceId = (created.body.workspace as { id: string }).id;
    await mm.replicated();
    const path = `/api/workspaces/same-moment/projects/${encodeURIComponent(projectId)}/numbers`;
    const reserve = async (via: 0 | 1) => {
      const res = await owner.on[via].request(path, {
        method: 'POST',
        json: { requestId: `same-moment-${via}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { start: number; end: number };
    };
    const firstBlockOn = (via: 0 | 1) =>
      mm.servers[via].store.numbers.block(workspaceId, projectId, 0);

    // Two devices of one person claim the first block, each through its own node, before either
    // node hears of the other's claim (a lag within the settling time), and in one millisecond:
    // the clock stands still until both claims are written.
    const appDb = mm.servers[0].store.db;
    await mm.pause(appDb, { brief: true });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = Promise.allSettled([reserve(0), reserve(1)]);
    let claims: Awaited<ReturnType<typeof firstBlockOn>>[] = [null, null];
    try {
      for (let tries = 0; tries < 600 && !claims.every(Boolean); tries++) {
        if (tries > 0) await new Promise((r) => setTimeout(r, 50));
        claims = await Promise.all([firstBlockOn(0), firstBlockOn(1)]);
      }
    } finally {
      vi.useRealTimers();
      await mm.resume(appDb);
    }
    const [a, b] = claims;
    expect(a?.claimedAt).toBeDefined();
    expect(a?.claimedAt).toBe(b?.claimedAt);

    const blocks = (await answers).map((answer) => {
      if (answer.status === 'rejected') throw answer.reason;
      return answer.value;
    });
    expect(blocks.map((block) => block.end - block.start + 1)).toEqual([20, 20]);
    const [first, second] = blocks.sort((x, y) => x.start - y.start);
    expect(first!.end).toBeLessThan(second!.start);
    await mm.replicated();
  });

  it('gives a URL key to exactly one of two people claiming it through both at once', async () => {
    const other = await person('rival');
    const rounds = Array.from({ length: 6 }, (_, i) => `race-${i}`);
    const outcomes = await Promise.all(
      rounds.map(async (slug) => {
        const [a, b] = await Promise.all([
          createWorkspace(owner.on[0], slug),
          createWorkspace(other.on[1], slug),
        ]);
        return { slug, a, b };
      }),
    );
    for (const { a, b } of outcomes) {
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect((a.status === 409 ? a : b).body.code).toBe('SLUG_TAKEN');
    }
    await mm.replicated();
    // Both instances agree on who has each key, and only that person lists it.
    for (const { slug, a } of outcomes) {
      const winner = a.status === 201 ? owner : other;
      const loser = winner === owner ? other : owner;
      const id = (
        (a.status === 201 ? a : outcomes.find((o) => o.slug === slug)!.b).body.workspace as {
          id: string;
        }
      ).id;
      for (const via of [0, 1] as const) {
        expect((await meOf(winner.on[via])).workspaces.find((w) => w.slug === slug)?.id).toBe(id);
        expect((await meOf(loser.on[via])).workspaces.some((w) => w.slug === slug)).toBe(false);
        const stored = await mm.servers[via].store.workspaceBySlug(slug);
        expect(stored?._id).toBe(`workspace:${id}`);
      }
    }
  });

  it('lets one of two people through both instances use a single-use invitation', async () => {
    const [first, second] = await Promise.all([person('guest'), person('guest')]);
    const rounds = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const slug = `invite-${i}`;
        expect((await createWorkspace(owner.on[0], slug)).status).toBe(201);
        const res = await owner.on[0].request(`/api/workspaces/${slug}/invitations`, {
          method: 'POST',
          json: { email: null, role: 'member' },
        });
        expect(res.status).toBe(201);
        const { link } = (await res.json()) as { link: string };
        return { slug, token: link.split('/invite/')[1]! };
      }),
    );
    await mm.replicated();
    for (const { slug, token } of rounds) {
      const answers = await Promise.all([
        first.on[0].request(`/api/invitations/${token}/accept`, { method: 'POST', json: {} }),
        second.on[1].request(`/api/invitations/${token}/accept`, { method: 'POST', json: {} }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 410]);
      await Promise.all(answers.map((r) => r.body?.cancel()));
      await mm.replicated();
      for (const via of [0, 1] as const) {
        const members = (await (
          await owner.on[via].request(`/api/workspaces/${slug}/members`)
        ).json()) as { members: { userId: string }[] };
        expect(members.members).toHaveLength(2);
      }
    }
  });

  it('signs one account in through both instances at once as one user', async () => {
    const accounts = Array.from({ length: 4 }, () => newAccount('twice'));
    // Accounts made before their first sign-in to Keel, so both sign-ins race to claim the
    // identity.
    for (const account of accounts)
      await linkSub(mm.servers[0].store, (await createAccount(mm.servers[0].store, account))!);
    await mm.replicated();
    for (const account of accounts) {
      const browsers = mm.servers.map((s) => new BrowserSession(s.url));
      await Promise.all(browsers.map(async (b) => (await signIn(b, account)).res.body?.cancel()));
      const ids = await Promise.all(browsers.map(async (b) => (await meOf(b)).user.id));
      expect(ids[0]).toBe(ids[1]);
    }
  });

  it("lists workspaces joined through both instances at once in the person's /api/me on both", async () => {
    const joiner = await person('joiner');
    const tokens = await Promise.all(
      ['both-a', 'both-b'].map(async (slug) => {
        expect((await createWorkspace(owner.on[0], slug)).status).toBe(201);
        const res = await owner.on[0].request(`/api/workspaces/${slug}/invitations`, {
          method: 'POST',
          json: { email: null, role: 'member' },
        });
        return ((await res.json()) as { link: string }).link.split('/invite/')[1]!;
      }),
    );
    await mm.replicated();
    const joined = await Promise.all(
      tokens.map((token, via) =>
        joiner.on[via]!.request(`/api/invitations/${token}/accept`, { method: 'POST', json: {} }),
      ),
    );
    expect(joined.map((r) => r.status)).toEqual([200, 200]);
    await mm.replicated();
    for (const via of [0, 1] as const) {
      const slugs = (await meOf(joiner.on[via])).workspaces.map((w) => w.slug).sort();
      expect(slugs).toEqual(['both-a', 'both-b']);
    }
  });

  it.each([
    ['signing out', '/auth/logout'],
    ['signing out everywhere', '/auth/logout-all'],
  ])(
    'keeps a session ended by %s while the other instance touched it at that moment',
    async (_, path) => {
      const user = await person('touched');
      const laptop = user.on[0];
      // The same browser's cookie, sent through the other instance (a balancer's choice).
      const across = new BrowserSession(mm.servers[1].url);
      for (const [k, v] of laptop.cookies) across.cookies.set(k, v);
      const cookie = laptop.cookieHeader();
      const [userId, secret] = laptop.cookies.get('keel_session')!.split('.') as [string, string];
      const docId = mm.servers[0].store.sessionDocId(userId, secret);
      // Due a touch of its last use, on both nodes.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
      const session = (await mm.servers[0].store.get<SessionDoc>(docId))!;
      await mm.servers[0].store.put({ ...session, lastUsedAt: twoHoursAgo });
      await mm.replicated();

      await mm.pause();
      try {
        // Used through one instance (which touches it on its node) as it is ended through the
        // other: both writes succeed, each on its own node.
        expect((await meOf(across)).user.id).toBe(userId);
        await expect
          .poll(async () => (await mm.servers[1].store.get<SessionDoc>(docId))?.lastUsedAt)
          .not.toBe(twoHoursAgo);
        expect((await laptop.request(path, { method: 'POST' })).status).toBe(200);
      } finally {
        await mm.resume();
      }
      await mm.replicated();
      for (const server of mm.servers) {
        const res = await fetch(`${server.url}/api/me`, { headers: { cookie } });
        expect(res.status).toBe(401);
        await res.body?.cancel();
      }
    },
  );

  it('keeps a member removed through one instance while their role changes through the other', async () => {
    const slug = 'remove-race';
    const created = await createWorkspace(owner.on[0], slug);
    expect(created.status).toBe(201);
    const workspaceId = (created.body.workspace as { id: string }).id;
    const members = await Promise.all(Array.from({ length: 4 }, () => person('removed')));
    for (const member of members) {
      const res = await owner.on[0].request(`/api/workspaces/${slug}/invitations`, {
        method: 'POST',
        json: { email: null, role: 'member' },
      });
      const token = ((await res.json()) as { link: string }).link.split('/invite/')[1]!;
      const joined = await member.on[0].request(`/api/invitations/${token}/accept`, {
        method: 'POST',
        json: {},
      });
      expect(joined.status).toBe(200);
      await joined.body?.cancel();
    }
    await mm.replicated();

    await Promise.all(
      members.map(async (member) => {
        const path = `/api/workspaces/${slug}/members/${member.userId}`;
        const [removed, changed] = await Promise.all([
          owner.on[0].request(path, { method: 'DELETE' }),
          owner.on[1].request(path, { method: 'PATCH', json: { role: 'admin' } }),
        ]);
        expect(removed.status).toBe(204);
        await changed.body?.cancel();
      }),
    );
    await mm.replicated();
    for (const member of members)
      for (const via of [0, 1] as const) {
        expect(await mm.servers[via].store.membership(member.userId, workspaceId)).toBeNull();
        const me = await meOf(member.on[via]);
        expect(me.workspaces.some((w) => w.slug === slug)).toBe(false);
      }
  });

  it('lets an invitation be either revoked or used when both happen through both at once', async () => {
    const slug = 'revoke-race';
    const created = await createWorkspace(owner.on[0], slug);
    expect(created.status).toBe(201);
    const workspaceId = (created.body.workspace as { id: string }).id;
    const guests = await Promise.all(Array.from({ length: 8 }, () => person('revoked')));
    const invitations = [];
    for (const guest of guests) {
      const res = await owner.on[0].request(`/api/workspaces/${slug}/invitations`, {
        method: 'POST',
        json: { email: null, role: 'member' },
      });
      const body = (await res.json()) as { link: string; invitation: { id: string } };
      invitations.push({ guest, id: body.invitation.id, token: body.link.split('/invite/')[1]! });
    }
    await mm.replicated();

    const outcomes = await Promise.all(
      invitations.map(async ({ guest, id, token }, i) => {
        const [accepted, revoked] = await Promise.all([
          guest.on[1].request(`/api/invitations/${token}/accept`, { method: 'POST', json: {} }),
          // An accept reads more before it writes: the revoke starts a little later, by a
          // different amount each time, so the two writes meet.
          new Promise((r) => setTimeout(r, i * 8)).then(() =>
            owner.on[0].request(`/api/workspaces/${slug}/invitations/${id}`, { method: 'DELETE' }),
          ),
        ]);
        await Promise.all([revoked.body?.cancel(), accepted.body?.cancel()]);
        return { guest, id, statuses: [revoked.status, accepted.status] };
      }),
    );
    await mm.replicated();
    for (const { guest, id, statuses } of outcomes) {
      const used = statuses[1] === 200;
      // Revoked (and the accept told so), or used (and the revoke finds nothing to revoke).
      expect(statuses).toEqual(used ? [404, 200] : [204, 410]);
      for (const via of [0, 1] as const) {
        const { store } = mm.servers[via];
        const invitation = await store.get<InvitationDoc>(`invitation:${workspaceId}:${id}`);
        expect(invitation?.acceptedBy !== null).toBe(used);
        expect(invitation?.revokedAt !== null).toBe(!used);
        expect((await store.membership(guest.userId, workspaceId)) !== null).toBe(used);
      }
    }
  });

  it('exports and imports with what was written a moment ago through the other instance', async () => {
    const slug = 'data-race';
    const created = await createWorkspace(owner.on[0], slug);
    expect(created.status).toBe(201);
    const workspaceId = (created.body.workspace as { id: string }).id;
    const projectId = (created.body.project as { id: string }).id;
    const db = `keel_ws_${workspaceId}`;
    await mm.replicated();
    const label = (name: string) =>
      newLabelDocument({
        id: newDocId('label'),
        name,
        color: '#5E6AD2',
        createdBy: owner.userId,
        now: new Date().toISOString(),
      });
    // Written through the other instance, on a node that this one's has not heard from yet (it
    // does within the settling time, as a cluster's copies do).
    const writeThroughB = async (doc: WorkspaceDoc) => {
      await mm.pause(db);
      try {
        const res = await owner.on[1].request(`/db/${slug}/_bulk_docs`, {
          method: 'POST',
          json: { docs: [doc] },
        });
        expect(res.status).toBe(201);
        await res.body?.cancel();
      } finally {
        await mm.resume(db);
      }
    };

    const ws: WorkspaceFixture = { slug, projectId, userId: owner.userId };
    const { start } = await reserveNumbers(owner.on[1], ws);
    const issue = issueDoc(ws, { number: start, title: 'Written a moment ago' });
    await writeThroughB(issue);
    const csv = await (
      await owner.on[0].request(`/api/workspaces/${slug}/export?format=csv`)
    ).text();
    expect(csv).toContain('Written a moment ago');

    // The import names a label just made through the other instance: it uses it, not a second.
    await writeThroughB(label('Urgent'));
    const imported = await owner.on[0].request(`/api/workspaces/${slug}/import`, {
      method: 'POST',
      json: { projectId, csv: 'Title,Labels\nImported,Urgent' },
    });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as { newLabels: string[] }).newLabels).toEqual([]);
    await mm.replicated();
    const labels = await mm.servers[0].store.couch.docsWithPrefix<LabelDoc>(db, 'label:');
    expect(labels.filter((l) => l.name === 'Urgent')).toHaveLength(1);
  });
});
