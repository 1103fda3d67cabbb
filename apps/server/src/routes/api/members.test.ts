import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Role } from '@keel/domain';
import type { InvitationDoc, WorkspaceRecord } from '../../db/app-store.ts';
import { finishInterruptedDeletions } from '../../workspaces/workspace-settings.ts';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createWorkspaceAs } from '../../testing/workspace-fixture.ts';

/**
 * Members, invitations, ownership and workspace settings (SPEC §6–8) through real HTTP, real
 * sign-in at the embedded provider and the real embedded database.
 */
interface Problem {
  code: string;
  title: string;
  status: number;
  errors: { path: string; message: string }[];
}

const PEOPLE = ['owner', 'admin', 'admin2', 'member', 'member2', 'viewer', 'viewer2'] as const;
type Person = (typeof PEOPLE)[number] | 'outsider';
const ROLE_OF: Record<(typeof PEOPLE)[number], Role> = {
  owner: 'owner',
  admin: 'admin',
  admin2: 'admin',
  member: 'member',
  member2: 'member',
  viewer: 'viewer',
  viewer2: 'viewer',
};

let server: TestServer;
const users = {} as Record<Person, { browser: BrowserSession; id: string; email: string }>;
let slugCounter = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const person of [...PEOPLE, 'outsider'] as const) {
    const browser = new BrowserSession(server.url);
    const account = newAccount(person);
    await signUp(browser, account);
    const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
    users[person] = { browser, id: me.user.id, email: account.email };
  }
});
afterAll(async () => {
  await server?.close();
});

const as = (person: Person) => users[person].browser;

async function problemOf(res: Response): Promise<Problem> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return (await res.json()) as Problem;
}

async function invite(
  person: Person,
  slug: string,
  json: unknown = { role: 'member' },
): Promise<{ token: string; id: string; link: string }> {
  const res = await as(person).request(`/api/workspaces/${slug}/invitations`, {
    method: 'POST',
    json,
  });
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; link: string; invitation: { id: string } };
  return { token: body.token, id: body.invitation.id, link: body.link };
}

const accept = (person: Person, token: string) =>
  as(person).request(`/api/invitations/${token}/accept`, { method: 'POST' });

/** A fresh workspace where each of PEOPLE holds their role, built through the API itself. */
async function team(): Promise<{ slug: string; workspaceId: string }> {
  const slug = `team-${++slugCounter}`;
  await createWorkspaceAs(as('owner'), slug);
  for (const person of PEOPLE.slice(1)) {
    const { token } = await invite('owner', slug, { role: ROLE_OF[person] });
    const res = await accept(person, token);
    if (res.status !== 200) throw new Error(`accept: ${res.status} ${await res.text()}`);
  }
  const me = (await (await as('owner').request('/api/me')).json()) as {
    workspaces: { id: string; slug: string }[];
  };
  return { slug, workspaceId: me.workspaces.find((w) => w.slug === slug)!.id };
}

async function rolesIn(slug: string): Promise<Record<string, Role>> {
  const res = await as('owner').request(`/api/workspaces/${slug}/members`);
  const body = (await res.json()) as { members: { userId: string; role: Role }[] };
  return Object.fromEntries(body.members.map((m) => [m.userId, m.role]));
}

describe('invitations: creating, listing, revoking', () => {
  let slug: string;
  let workspaceId: string;
  beforeAll(async () => {
    ({ slug, workspaceId } = await team());
  });

  it.each([
    ['owner', 201],
    ['admin', 201],
    ['member', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('%s creating an invitation → %i', async (person, status) => {
    const res = await as(person).request(`/api/workspaces/${slug}/invitations`, {
      method: 'POST',
      json: { role: 'admin', email: 'someone@example.com' },
    });
    expect(res.status).toBe(status);
    if (status === 201) {
      const body = (await res.json()) as {
        token: string;
        link: string;
        invitation: { role: string; email: string; expiresAt: string };
      };
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.link).toBe(`${server.url}/invite/${body.token}`);
      expect(body.invitation).toMatchObject({ role: 'admin', email: 'someone@example.com' });
      const lifetime = Date.parse(body.invitation.expiresAt) - Date.now();
      expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
      expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000);
    } else {
      expect((await problemOf(res)).code).toBe(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
    }
  });

  it('stores only the token’s hash', async () => {
    const { token, id } = await invite('owner', slug);
    const stored = await server.store.get<InvitationDoc>(`invitation:${workspaceId}:${id}`);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await server.store.withPrefix(''));
    expect(everything).not.toContain(token);
  });

  it.each([
    [{ role: 'owner' }, 'role', 'Role must be admin, member or viewer'],
    [{}, 'role', 'Role must be admin, member or viewer'],
    [{ role: 'member', email: 'nope' }, 'email', 'Email must be a valid address'],
    [{ role: 'member', extra: 1 }, '', 'Unrecognized key: "extra"'],
  ])('refuses %j with VALIDATION_FAILED on the field', async (json, path, message) => {
    const res = await as('owner').request(`/api/workspaces/${slug}/invitations`, {
      method: 'POST',
      json,
    });
    expect(res.status).toBe(422);
    const body = await problemOf(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.title).toBe('Check the highlighted fields.');
    expect(body.errors).toContainEqual({ path, message });
  });

  it('lists pending invitations with inviter, role, email and expiry; admins and owner only', async () => {
    const { id } = await invite('admin', slug, { role: 'viewer', email: 'Listed@Example.com' });
    const res = await as('owner').request(`/api/workspaces/${slug}/invitations`);
    expect(res.status).toBe(200);
    const { invitations } = (await res.json()) as {
      invitations: { id: string; role: string; email: string; invitedBy: { name: string } }[];
    };
    expect(invitations.find((i) => i.id === id)).toMatchObject({
      role: 'viewer',
      email: 'listed@example.com',
      invitedBy: { name: expect.stringContaining('admin') },
    });
    for (const [person, status] of [
      ['admin', 200],
      ['member', 403],
      ['viewer', 403],
      ['outsider', 404],
    ] as const)
      expect((await as(person).request(`/api/workspaces/${slug}/invitations`)).status).toBe(status);
  });

  it('revokes: the link then reads INVITE_REVOKED and the list no longer shows it', async () => {
    const { token, id } = await invite('owner', slug);
    expect(
      (
        await as('member').request(`/api/workspaces/${slug}/invitations/${id}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(403);
    const res = await as('admin').request(`/api/workspaces/${slug}/invitations/${id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(204);
    const list = (await (
      await as('owner').request(`/api/workspaces/${slug}/invitations`)
    ).json()) as { invitations: { id: string }[] };
    expect(list.invitations.map((i) => i.id)).not.toContain(id);
    for (const response of [
      await as('outsider').request(`/api/invitations/${token}`),
      await accept('outsider', token),
    ]) {
      expect(response.status).toBe(410);
      const body = await problemOf(response);
      expect(body.code).toBe('INVITE_REVOKED');
      expect(body.title).toBe('This invitation was withdrawn.');
    }
  });

  it('revoking an unknown invitation is not found', async () => {
    const res = await as('owner').request(`/api/workspaces/${slug}/invitations/nope`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(404);
    expect((await problemOf(res)).code).toBe('NOT_FOUND');
  });
});

describe('invitations: opening and accepting a link', () => {
  let slug: string;
  let workspaceId: string;
  beforeAll(async () => {
    slug = `join-${++slugCounter}`;
    await createWorkspaceAs(as('owner'), slug);
    const me = (await (await as('owner').request('/api/me')).json()) as {
      workspaces: { id: string; slug: string }[];
    };
    workspaceId = me.workspaces.find((w) => w.slug === slug)!.id;
  });

  it('shows workspace, inviter and role, then joins once with that role', async () => {
    const joiner = new BrowserSession(server.url);
    await signUp(joiner, newAccount('joiner'));
    const { token } = await invite('owner', slug, { role: 'viewer' });
    const preview = await joiner.request(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      workspace: { slug, name: slug },
      invitedBy: { name: expect.stringContaining('owner') },
      role: 'viewer',
      state: 'pending',
    });
    expect((await joiner.request(`/db/${slug}/`)).status).toBe(404);
    const res = await joiner.request(`/api/invitations/${token}/accept`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ workspace: { slug, role: 'viewer' } });
    const me = (await (await joiner.request('/api/me')).json()) as {
      user: { id: string };
      workspaces: { slug: string; role: string }[];
    };
    expect(me.workspaces).toContainEqual(expect.objectContaining({ slug, role: 'viewer' }));
    expect((await joiner.request(`/db/${slug}/`)).status).toBe(200);
    const memberDoc = (await (
      await joiner.request(`/db/${slug}/${encodeURIComponent(`member:${me.user.id}`)}`)
    ).json()) as { role: string; active: boolean };
    expect(memberDoc).toMatchObject({ role: 'viewer', active: true });

    // Used: the same person is told they are in; anyone else that it no longer works.
    const again = await joiner.request(`/api/invitations/${token}/accept`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await problemOf(again)).title).toBe(`You're already a member of ${slug}.`);
    const other = await as('outsider').request(`/api/invitations/${token}`);
    expect(other.status).toBe(410);
    expect((await problemOf(other)).code).toBe('INVITE_REVOKED');
  });

  it('tells an existing member ALREADY_MEMBER with the workspace name, and adds nothing', async () => {
    const { token } = await invite('owner', slug);
    for (const res of [
      await as('owner').request(`/api/invitations/${token}`),
      await accept('owner', token),
    ]) {
      expect(res.status).toBe(409);
      const body = await problemOf(res);
      expect(body.code).toBe('ALREADY_MEMBER');
      expect(body.title).toBe(`You're already a member of ${slug}.`);
    }
    // Still usable by the person it was meant for.
    expect((await as('outsider').request(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('an expired invitation reads INVITE_EXPIRED, for opening and accepting', async () => {
    const { token, id } = await invite('owner', slug);
    await server.store.update<InvitationDoc>(`invitation:${workspaceId}:${id}`, (current) =>
      current ? { ...current, expiresAt: new Date(Date.now() - 1000).toISOString() } : null,
    );
    for (const res of [
      await as('outsider').request(`/api/invitations/${token}`),
      await accept('outsider', token),
    ]) {
      expect(res.status).toBe(410);
      const body = await problemOf(res);
      expect(body.code).toBe('INVITE_EXPIRED');
      expect(body.title).toBe('This invitation has expired. Ask for a new one.');
    }
    const list = (await (
      await as('owner').request(`/api/workspaces/${slug}/invitations`)
    ).json()) as { invitations: { id: string }[] };
    expect(list.invitations.map((i) => i.id)).not.toContain(id);
  });

  it('an unknown or malformed token is not found; signed out is AUTH_REQUIRED', async () => {
    const unknown = 'A'.repeat(43);
    for (const path of [`/api/invitations/${unknown}`, '/api/invitations/short']) {
      const res = await as('outsider').request(path);
      expect(res.status).toBe(404);
      expect((await problemOf(res)).code).toBe('NOT_FOUND');
    }
    expect((await accept('outsider', unknown)).status).toBe(404);
    const { token } = await invite('owner', slug);
    const anonymous = new BrowserSession(server.url);
    const res = await anonymous.request(`/api/invitations/${token}`);
    expect(res.status).toBe(401);
    expect((await problemOf(res)).code).toBe('AUTH_REQUIRED');
  });

  it('an email-bound invitation is for that address only (ignoring case)', async () => {
    const intended = new BrowserSession(server.url);
    const account = newAccount('intended');
    await signUp(intended, account);
    const { token } = await invite('owner', slug, {
      email: account.email.toUpperCase(),
      role: 'member',
    });
    for (const res of [
      await as('outsider').request(`/api/invitations/${token}`),
      await accept('outsider', token),
    ]) {
      expect(res.status).toBe(403);
      expect((await problemOf(res)).code).toBe('FORBIDDEN');
    }
    const res = await intended.request(`/api/invitations/${token}/accept`, { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('two people accepting at once: exactly one gets in', async () => {
    const a = new BrowserSession(server.url);
    const b = new BrowserSession(server.url);
    await signUp(a, newAccount('racer'));
    await signUp(b, newAccount('racer'));
    const { token } = await invite('owner', slug);
    const results = await Promise.all(
      [a, b].map((browser) =>
        browser.request(`/api/invitations/${token}/accept`, { method: 'POST' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    const loser = results.find((r) => r.status === 410)!;
    expect((await problemOf(loser)).code).toBe('INVITE_REVOKED');
    const inside = await Promise.all([a, b].map((br) => br.request(`/db/${slug}/`)));
    expect(inside.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});

/** `count` member documents as joining writes them (add-member.ts), the first one inactive. */
function memberDocs(count: number) {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => ({
    _id: `member:u${i}`,
    type: 'member',
    userId: `u${i}`,
    name: `Person ${i}`,
    email: `p${i}@example.com`,
    role: 'member',
    active: i > 0,
    createdAt: now,
    updatedAt: now,
  }));
}

/** Member documents written straight into the workspace, listed in its members set as joins are. */
async function addMemberDocs(workspace: WorkspaceRecord, count: number) {
  const docs = memberDocs(count);
  await server.store.couch.bulkDocs(workspace.dbName, docs);
  await server.store.changeIdSet(
    server.store.membersSet(workspace),
    docs.map((d) => d.userId),
  );
}

describe('invitations: a workspace at its members limit (SPEC §9)', () => {
  it('refuses to add the 1,001st member, says why, and keeps the invitation for later', async () => {
    const slug = `full-${++slugCounter}`;
    await createWorkspaceAs(as('owner'), slug);
    const workspace = await server.store.workspaceBySlug(slug);
    const { token } = await invite('owner', slug);
    // The owner and 999 others, the first of them inactive.
    await addMemberDocs(workspace!, LIMITS.membersPerWorkspace - 1);

    // 998 active others and the owner: room for one.
    const spare = await invite('owner', slug);
    expect((await accept('member', spare.token)).status).toBe(200);

    for (const res of [
      await as('outsider').request(`/api/invitations/${token}`),
      await accept('outsider', token),
    ]) {
      expect(res.status).toBe(403);
      const body = await problemOf(res);
      expect(body.code).toBe('FORBIDDEN');
      expect(body.errors).toEqual([
        { path: 'workspace', message: `${slug} has 1,000 members, the most a workspace can have.` },
      ]);
    }
    expect(await server.store.membership(users.outsider.id, workspace!._id.slice(10))).toBeNull();

    // A member leaves: the same link works.
    const memberId = users.member.id;
    expect(
      (
        await as('owner').request(`/api/workspaces/${slug}/members/${memberId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expect((await accept('outsider', token)).status).toBe(200);
  });
  it('two people joining at once with room for one: never one over', async () => {
    const slug = `full-${++slugCounter}`;
    await createWorkspaceAs(as('owner'), slug);
    const workspace = (await server.store.workspaceBySlug(slug))!;
    // The owner and 998 active others: room for one.
    await addMemberDocs(workspace, LIMITS.membersPerWorkspace - 1);
    const racers = [new BrowserSession(server.url), new BrowserSession(server.url)];
    for (const browser of racers) await signUp(browser, newAccount('joiner'));
    const links = [await invite('owner', slug), await invite('owner', slug)];
    const results = await Promise.all(
      racers.map((browser, i) =>
        browser.request(`/api/invitations/${links[i]!.token}/accept`, { method: 'POST' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // The one who joined last always steps back; the other may have stepped back too.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(403);
      expect((await problemOf(res)).errors[0]?.path).toBe('workspace');
    }
    const docs = await server.store.couch.docsWithPrefix<{ active: boolean }>(
      workspace.dbName,
      'member:',
    );
    expect(docs.filter((d) => d.active).length).toBeLessThanOrEqual(LIMITS.membersPerWorkspace);
    // Whoever stepped back is not in, and their link still works once there is room.
    const outside = racers.flatMap((browser, i) => (statuses[i] === 200 ? [] : [i]));
    for (const i of outside) expect((await racers[i]!.request(`/db/${slug}/`)).status).toBe(404);
    // The one who got in (if one did) leaves, making room again.
    const inside = statuses.indexOf(200);
    if (inside >= 0) {
      const me = (await (await racers[inside]!.request('/api/me')).json()) as {
        user: { id: string };
      };
      const left = await racers[inside]!.request(`/api/workspaces/${slug}/members/${me.user.id}`, {
        method: 'DELETE',
      });
      expect(left.status).toBe(204);
    }
    const last = outside[0]!;
    const retry = await racers[last]!.request(`/api/invitations/${links[last]!.token}/accept`, {
      method: 'POST',
    });
    expect(retry.status).toBe(200);
  });
});

describe('members: listing, role changes, removal', () => {
  it('every member can list members with name, email and role; outsiders get 404', async () => {
    const { slug } = await team();
    for (const person of PEOPLE) {
      const res = await as(person).request(`/api/workspaces/${slug}/members`);
      expect(res.status).toBe(200);
      const { members } = (await res.json()) as {
        members: { userId: string; email: string; role: string }[];
      };
      expect(members).toHaveLength(PEOPLE.length);
      expect(members.find((m) => m.userId === users.viewer.id)).toMatchObject({
        email: users.viewer.email,
        role: 'viewer',
      });
    }
    expect((await as('outsider').request(`/api/workspaces/${slug}/members`)).status).toBe(404);
  });

  // [actor, target, new role, status]
  const roleChanges: [Person, Person, string, number][] = [
    ['owner', 'admin2', 'member', 200],
    ['owner', 'member2', 'admin', 200],
    ['owner', 'viewer2', 'member', 200],
    ['admin', 'member2', 'viewer', 200],
    ['admin', 'viewer2', 'member', 200],
    ['admin', 'member2', 'admin', 403],
    ['admin', 'admin2', 'member', 403],
    ['admin', 'owner', 'member', 403],
    ['member', 'viewer2', 'member', 403],
    ['viewer', 'member2', 'viewer', 403],
    ['outsider', 'member2', 'viewer', 404],
  ];
  it.each(roleChanges)('%s changing %s to %s → %i', async (actor, target, role, status) => {
    const { slug } = await team();
    const before = await rolesIn(slug);
    const res = await as(actor).request(`/api/workspaces/${slug}/members/${users[target].id}`, {
      method: 'PATCH',
      json: { role },
    });
    expect(res.status).toBe(status);
    const after = await rolesIn(slug);
    if (status === 200) {
      expect(await res.json()).toMatchObject({ userId: users[target].id, role });
      expect(after).toEqual({ ...before, [users[target].id]: role });
      const doc = (await (
        await as('owner').request(`/db/${slug}/${encodeURIComponent(`member:${users[target].id}`)}`)
      ).json()) as { role: string };
      expect(doc.role).toBe(role);
    } else {
      expect((await problemOf(res)).code).toBe(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
      expect(after).toEqual(before);
    }
  });

  it('the owner cannot demote themselves (LAST_OWNER); nobody is made owner by PATCH', async () => {
    const { slug } = await team();
    const self = await as('owner').request(`/api/workspaces/${slug}/members/${users.owner.id}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(self.status).toBe(409);
    const body = await problemOf(self);
    expect(body.code).toBe('LAST_OWNER');
    expect(body.title).toBe('A workspace needs an owner. Transfer ownership first.');
    const promote = await as('owner').request(
      `/api/workspaces/${slug}/members/${users.member.id}`,
      { method: 'PATCH', json: { role: 'owner' } },
    );
    expect(promote.status).toBe(422);
    expect((await problemOf(promote)).errors).toContainEqual({
      path: 'role',
      message: 'Role must be admin, member or viewer',
    });
    const missing = await as('owner').request(
      `/api/workspaces/${slug}/members/${users.outsider.id}`,
      { method: 'PATCH', json: { role: 'viewer' } },
    );
    expect(missing.status).toBe(404);
  });

  // [actor, target, status]
  const removals: [Person, Person, number][] = [
    ['owner', 'admin2', 204],
    ['owner', 'member2', 204],
    ['owner', 'viewer2', 204],
    ['admin', 'member2', 204],
    ['admin', 'viewer2', 204],
    ['admin', 'admin2', 403],
    ['admin', 'owner', 403],
    ['member', 'viewer2', 403],
    ['member', 'member2', 403],
    ['viewer', 'member2', 403],
    ['outsider', 'member2', 404],
  ];
  it.each(removals)('%s removing %s → %i', async (actor, target, status) => {
    const { slug } = await team();
    const res = await as(actor).request(`/api/workspaces/${slug}/members/${users[target].id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(status);
    const targetSees = await as(target).request(`/api/workspaces/${slug}/members`);
    expect(targetSees.status).toBe(status === 204 ? 404 : 200);
    if (status === 204) {
      expect((await as(target).request(`/db/${slug}/`)).status).toBe(404);
      const doc = (await (
        await as('owner').request(`/db/${slug}/${encodeURIComponent(`member:${users[target].id}`)}`)
      ).json()) as { active: boolean };
      expect(doc.active).toBe(false);
      const me = (await (await as(target).request('/api/me')).json()) as {
        workspaces: { slug: string }[];
      };
      expect(me.workspaces.map((w) => w.slug)).not.toContain(slug);
    }
  });

  it('anyone but the owner may leave; the owner gets LAST_OWNER', async () => {
    const { slug } = await team();
    for (const person of ['viewer', 'member', 'admin'] as const) {
      const res = await as(person).request(`/api/workspaces/${slug}/members/${users[person].id}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(204);
      expect((await as(person).request(`/db/${slug}/`)).status).toBe(404);
    }
    const res = await as('owner').request(`/api/workspaces/${slug}/members/${users.owner.id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(409);
    expect((await problemOf(res)).code).toBe('LAST_OWNER');
    expect((await rolesIn(slug))[users.owner.id]).toBe('owner');
  });

  it('a removed member can rejoin with a new invitation', async () => {
    const { slug } = await team();
    await as('owner').request(`/api/workspaces/${slug}/members/${users.member.id}`, {
      method: 'DELETE',
    });
    const { token } = await invite('owner', slug, { role: 'viewer' });
    expect((await accept('member', token)).status).toBe(200);
    expect((await rolesIn(slug))[users.member.id]).toBe('viewer');
  });

  it('a write still uploading when its author is removed is refused once it arrives', async () => {
    const { slug } = await team();
    let finish: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"docs":['));
        finish = () => {
          controller.enqueue(new TextEncoder().encode(']}'));
          controller.close();
        };
      },
    });
    const member = as('member');
    const upload = fetch(`${server.url}/db/${slug}/_bulk_docs`, {
      method: 'POST',
      headers: {
        cookie: member.cookieHeader(),
        origin: server.url,
        'content-type': 'application/json',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    // The request, and its headers, are in before the removal; its body only after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const removed = await as('owner').request(
      `/api/workspaces/${slug}/members/${users.member.id}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.status).toBe(204);
    finish();
    expect((await upload).status).toBe(404);
  });

  it('removal cuts the member’s open longpoll on this instance at once', async () => {
    const { slug, workspaceId } = await team();
    const info = (await (await as('member').request(`/db/${slug}/`)).json()) as {
      update_seq: string | number;
    };
    const since = encodeURIComponent(String(info.update_seq));
    const started = Date.now();
    const longpoll = as('member')
      .request(`/db/${slug}/_changes?feed=longpoll&since=${since}&timeout=25000&heartbeat=1000`)
      .then(async (res) => {
        await res.text();
        return 'answered';
      })
      .catch(() => 'cut');
    await expect.poll(() => server.live.count(users.member.id, workspaceId)).toBe(1);
    const res = await as('owner').request(`/api/workspaces/${slug}/members/${users.member.id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(204);
    expect(await longpoll).toBe('cut');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.live.count(users.member.id, workspaceId)).toBe(0);
  });
});

describe('transfer of ownership', () => {
  it.each([
    ['admin', 403],
    ['member', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('%s cannot transfer → %i', async (person, status) => {
    const { slug } = await team();
    const res = await as(person).request(`/api/workspaces/${slug}/transfer`, {
      method: 'POST',
      json: { userId: users[person].id },
    });
    expect(res.status).toBe(status);
  });

  it('the owner hands over: the new owner is the only owner and the old one an admin', async () => {
    const { slug } = await team();
    const res = await as('owner').request(`/api/workspaces/${slug}/transfer`, {
      method: 'POST',
      json: { userId: users.member.id },
    });
    expect(res.status).toBe(200);
    const roles = await rolesIn(slug);
    expect(roles[users.member.id]).toBe('owner');
    expect(roles[users.owner.id]).toBe('admin');
    expect(Object.values(roles).filter((r) => r === 'owner')).toHaveLength(1);
    // The old owner may now leave; the new one may not.
    const left = await as('member').request(`/api/workspaces/${slug}/members/${users.member.id}`, {
      method: 'DELETE',
    });
    expect(left.status).toBe(409);
  });

  it.each([
    [{}, 'userId', 'Choose the new owner'],
    ['self', 'userId', 'Choose another member as the new owner'],
    ['outsider', 'userId', 'The new owner must be a member of the workspace'],
  ] as const)('refuses %j', async (json, path, message) => {
    const { slug } = await team();
    const body =
      json === 'self'
        ? { userId: users.owner.id }
        : json === 'outsider'
          ? { userId: users.outsider.id }
          : json;
    const res = await as('owner').request(`/api/workspaces/${slug}/transfer`, {
      method: 'POST',
      json: body,
    });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toContainEqual({ path, message });
  });
});

describe('workspace settings: rename and delete', () => {
  it.each([
    ['owner', 200],
    ['admin', 200],
    ['member', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('%s renaming → %i', async (person, status) => {
    const { slug } = await team();
    const res = await as(person).request(`/api/workspaces/${slug}`, {
      method: 'PATCH',
      json: { name: '  Renamed  ' },
    });
    expect(res.status).toBe(status);
    const me = (await (await as('owner').request('/api/me')).json()) as {
      workspaces: { slug: string; name: string }[];
    };
    expect(me.workspaces.find((w) => w.slug === slug)?.name).toBe(
      status === 200 ? 'Renamed' : slug,
    );
  });

  it.each([
    [{ name: '' }, 'name', 'Workspace name is required'],
    [{ name: 'x'.repeat(65) }, 'name', 'Workspace name must be at most 64 characters'],
    [{}, 'name', 'Workspace name is required'],
  ])('refuses the name %j', async (json, path, message) => {
    const { slug } = await team();
    const res = await as('owner').request(`/api/workspaces/${slug}`, { method: 'PATCH', json });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toContainEqual({ path, message });
  });

  it.each([
    ['admin', 403],
    ['member', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('%s cannot delete → %i', async (person, status) => {
    const { slug } = await team();
    const res = await as(person).request(`/api/workspaces/${slug}`, {
      method: 'DELETE',
      json: { confirmSlug: slug },
    });
    expect(res.status).toBe(status);
    expect((await as('owner').request(`/db/${slug}/`)).status).toBe(200);
  });

  it('needs the URL key typed to confirm', async () => {
    const { slug } = await team();
    const res = await as('owner').request(`/api/workspaces/${slug}`, {
      method: 'DELETE',
      json: { confirmSlug: 'something-else' },
    });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toContainEqual({
      path: 'confirmSlug',
      message: `Type ${slug} to confirm`,
    });
  });

  it('the owner deletes it: gone for everyone, its invitations dead, its URL key free again', async () => {
    const { slug, workspaceId } = await team();
    const { token } = await invite('owner', slug);
    // Each has reached it by its URL key (which the server remembers as a hint).
    for (const person of PEOPLE)
      expect((await as(person).request(`/db/${slug}/`)).status).toBe(200);
    const res = await as('owner').request(`/api/workspaces/${slug}`, {
      method: 'DELETE',
      json: { confirmSlug: slug },
    });
    expect(res.status).toBe(204);
    for (const person of PEOPLE) {
      expect((await as(person).request(`/db/${slug}/`)).status).toBe(404);
      const me = (await (await as(person).request('/api/me')).json()) as {
        workspaces: { slug: string }[];
      };
      expect(me.workspaces.map((w) => w.slug)).not.toContain(slug);
    }
    expect((await as('outsider').request(`/api/invitations/${token}`)).status).toBe(404);
    expect(await server.store.withPrefix(`membership:${users.member.id}:${workspaceId}`)).toEqual(
      [],
    );
    expect(await server.store.get(`workspace:${workspaceId}`)).toBeNull();
    const again = await as('admin').request('/api/workspaces', {
      method: 'POST',
      json: { name: 'Again', slug },
    });
    expect(again.status).toBe(201);
    // The key now names the new workspace: its owner is in, the old one's members are not.
    expect((await as('admin').request(`/db/${slug}/`)).status).toBe(200);
    for (const person of PEOPLE.filter((p) => p !== 'admin'))
      expect((await as(person).request(`/db/${slug}/`)).status).toBe(404);
  });

  it('a deletion cut off after its first step is gone for everyone at once, and finished later', async () => {
    const { slug, workspaceId } = await team();
    const { token } = await invite('owner', slug);
    const workspace = (await server.store.workspaceBySlug(slug))!;
    // The server stopped right after marking the record (deleteWorkspace's first write).
    await server.store.update<WorkspaceRecord>(workspace._id, (w) =>
      w ? { ...w, deletingAt: new Date().toISOString() } : null,
    );
    for (const person of PEOPLE) {
      expect((await as(person).request(`/db/${slug}/`)).status).toBe(404);
      expect((await as(person).request(`/api/workspaces/${slug}/members`)).status).toBe(404);
      const me = (await (await as(person).request('/api/me')).json()) as {
        workspaces: { slug: string }[];
      };
      expect(me.workspaces.map((w) => w.slug)).not.toContain(slug);
    }
    expect((await accept('outsider', token)).status).toBe(404);

    let failures = 0;
    await finishInterruptedDeletions(server.store, () => failures++);
    expect(failures).toBe(0);
    expect(await server.store.get(`workspace:${workspaceId}`)).toBeNull();
    expect(await server.store.get(`slug:${slug}`)).toBeNull();
    expect(await server.store.withPrefix(`membership:`)).not.toContainEqual(
      expect.objectContaining({ workspaceId }),
    );
    expect(await server.store.withPrefix(`invitation:${workspaceId}:`)).toEqual([]);
    const database = await server.couch.request('GET', `/${workspace.dbName}`);
    await database.body?.cancel();
    expect(database.status).toBe(404);
    // Run again (another instance, the next sweep): nothing left, nothing fails.
    await finishInterruptedDeletions(server.store, () => failures++);
    expect(failures).toBe(0);
  });
});
