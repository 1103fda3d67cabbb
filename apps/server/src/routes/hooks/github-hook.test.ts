import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_STATES,
  LIMITS,
  type ActivityDoc,
  type IssueDoc,
  type LinkDoc,
} from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startWithOwnerWorkspace } from '../../testing/workspace-fixture.ts';
import { addMember } from '../../workspaces/add-member.ts';

let server: TestServer;
let owner: BrowserSession;
let dbName: string;
let secret: string;
const SLUG = 'github-hooks';
const stateName = (id: string) => DEFAULT_STATES.find((s) => s.id === id)?.name;

/** A `pull_request` event as GitHub documents it (the fields Keel reads, and some it does not). */
function pullRequest(
  action: string,
  pr: {
    number: number;
    title: string;
    body?: string;
    branch: string;
    merged?: boolean;
    closed?: boolean;
    draft?: boolean;
    updatedAt?: string;
  },
) {
  return {
    action,
    number: pr.number,
    pull_request: {
      url: `https://api.github.com/repos/acme/app/pulls/${pr.number}`,
      html_url: `https://github.com/acme/app/pull/${pr.number}`,
      id: 1000 + pr.number,
      number: pr.number,
      state: pr.closed || pr.merged ? 'closed' : 'open',
      title: pr.title,
      body: pr.body ?? null,
      draft: pr.draft ?? false,
      merged: pr.merged ?? false,
      merged_at: pr.merged ? '2026-11-28T12:00:00Z' : null,
      updated_at: pr.updatedAt ?? '2026-11-28T11:00:00Z',
      head: { ref: pr.branch, sha: 'a'.repeat(40) },
      base: { ref: 'main' },
      user: { login: 'octocat' },
    },
    repository: { full_name: 'acme/app', default_branch: 'main' },
    sender: { login: 'octocat' },
  };
}

function push(ref: string, commits: { id: string; message: string }[]) {
  return {
    ref,
    before: '0'.repeat(40),
    after: commits.at(-1)?.id ?? '0'.repeat(40),
    repository: { full_name: 'acme/app', default_branch: 'main' },
    commits: commits.map((c) => ({
      id: c.id,
      message: c.message,
      timestamp: '2026-11-28T11:30:00Z',
      url: `https://github.com/acme/app/commit/${c.id}`,
      author: { name: 'Octo Cat', email: 'octo@example.com' },
    })),
    head_commit: null,
  };
}

async function deliver(
  event: string,
  payload: unknown,
  options: { signWith?: string; signature?: string | null; type?: string; slug?: string } = {},
) {
  const body = JSON.stringify(payload);
  const signature =
    options.signature !== undefined
      ? options.signature
      : `sha256=${createHmac('sha256', options.signWith ?? secret)
          .update(body)
          .digest('hex')}`;
  const res = await fetch(`${server.url}/hooks/github/${options.slug ?? SLUG}`, {
    method: 'POST',
    headers: {
      'content-type': options.type ?? 'application/json',
      'x-github-event': event,
      'x-github-delivery': randomUUID(),
      'user-agent': 'GitHub-Hookshot/abc123',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function createIssue(title: string): Promise<{ id: string; key: string }> {
  const res = await owner.request(`/api/v1/workspaces/${SLUG}/issues`, {
    method: 'POST',
    json: { project: 'ENG', title },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

const docs = <T>(prefix: string) => server.couch.docsWithPrefix<T>(dbName, prefix);
const issue = async (id: string) => (await server.couch.getDoc<IssueDoc>(dbName, id))!;
const linksOf = async (issueId: string) =>
  (await docs<LinkDoc>('link:')).filter((l) => l.issueId === issueId);
const activityOf = async (issueId: string) =>
  (await docs<ActivityDoc>('activity:')).filter(
    (a) => a.issueId === issueId && a.actorId === 'keel',
  );

beforeAll(async () => {
  ({ server, owner, dbName } = await startWithOwnerWorkspace(SLUG));
  const res = await owner.request(`/api/workspaces/${SLUG}/github`, { method: 'POST' });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { secret: string; connection: { url: string } };
  secret = body.secret;
  expect(body.connection.url).toBe(`${server.url}/hooks/github/${SLUG}`);
});
afterAll(async () => {
  await server?.close();
});

describe('GitHub pull requests and commits', () => {
  it('links every issue a pull request names, moves them to started once, and a redelivery changes nothing', async () => {
    const a = await createIssue('Fix login');
    const b = await createIssue('Login page copy');
    const c = await createIssue('Not mentioned');
    const opened = pullRequest('opened', {
      number: 7,
      title: 'Fix login redirect',
      body: `Fixes ${b.key.toLowerCase()}.\nSee also XENG-1 and ENG-999.`,
      branch: `${a.key.toLowerCase()}-fix-login`,
    });
    const first = await deliver('pull_request', opened);
    expect(first).toEqual({ status: 200, body: { event: 'pull_request', linked: 2, moved: 2 } });
    for (const { id } of [a, b]) {
      expect(await linksOf(id)).toMatchObject([
        {
          provider: 'github',
          kind: 'pull_request',
          url: 'https://github.com/acme/app/pull/7',
          title: 'Fix login redirect',
          number: 7,
          state: 'open',
        },
      ]);
      expect(stateName((await issue(id)).stateId)).toBe('In Progress');
      expect((await activityOf(id)).map((x) => x.kind).sort()).toEqual(['linked', 'state']);
    }
    expect(await linksOf(c.id)).toEqual([]);

    // GitHub sends it again: nothing new is written, nothing moves twice.
    const revs = async () =>
      (await docs<{ _id: string; _rev: string }>('')).map((d) => `${d._id}@${d._rev}`).sort();
    const before = await revs();
    expect((await deliver('pull_request', opened)).body).toMatchObject({ linked: 0, moved: 0 });
    expect(await revs()).toEqual(before);

    // Someone moves it back by hand; the same event once more does not undo their choice.
    const back = await owner.request(`/api/v1/workspaces/${SLUG}/issues/${a.key}`, {
      method: 'PATCH',
      json: { stateId: 'todo' },
    });
    expect(back.status).toBe(200);
    expect((await deliver('pull_request', opened)).body).toMatchObject({ moved: 0 });
    expect(stateName((await issue(a.id)).stateId)).toBe('Todo');
  });

  it('follows a pull request through edits to its merge, which completes the issue', async () => {
    const a = await createIssue('Ship search');
    const pr = { number: 8, title: `${a.key} search`, branch: 'search' };
    await deliver('pull_request', pullRequest('opened', { ...pr, draft: true }));
    // A draft links, and starts nothing yet.
    expect(await linksOf(a.id)).toMatchObject([{ state: 'draft' }]);
    expect(stateName((await issue(a.id)).stateId)).not.toBe('In Progress');
    await deliver('pull_request', pullRequest('ready_for_review', pr));
    expect(stateName((await issue(a.id)).stateId)).toBe('In Progress');
    await deliver(
      'pull_request',
      pullRequest('edited', { ...pr, title: `${a.key}: faster search` }),
    );
    expect(await linksOf(a.id)).toMatchObject([
      { title: `${a.key}: faster search`, state: 'open' },
    ]);
    await deliver('pull_request', pullRequest('closed', { ...pr, merged: true }));
    const done = await issue(a.id);
    expect(stateName(done.stateId)).toBe('Done');
    expect(done.completedAt).not.toBeNull();
    expect(await linksOf(a.id)).toMatchObject([{ state: 'merged' }]);
    const kinds = (await activityOf(a.id)).map((x) => `${x.kind}:${String(x.to)}`).sort();
    expect(kinds).toEqual([
      'linked:' +
        ['pull_request', 'https://github.com/acme/app/pull/8', `${a.key} search`, '8'].join(','),
      'state:done',
      'state:in-progress',
    ]);
  });

  it('keeps the latest state of a link whatever order GitHub’s events come in', async () => {
    const a = await createIssue('Out of order');
    const pr = { number: 12, branch: a.key.toLowerCase() };
    const at = (minute: number) => `2026-11-28T12:${String(minute).padStart(2, '0')}:00Z`;
    await deliver(
      'pull_request',
      pullRequest('opened', { ...pr, title: 'First', updatedAt: at(1) }),
    );
    await deliver(
      'pull_request',
      pullRequest('edited', { ...pr, title: 'Third', updatedAt: at(3) }),
    );
    // An edit made between them, delivered late (or redelivered): older than the link, ignored.
    await deliver(
      'pull_request',
      pullRequest('edited', { ...pr, title: 'Second', updatedAt: at(2) }),
    );
    expect(await linksOf(a.id)).toMatchObject([{ title: 'Third', state: 'open' }]);
    await deliver(
      'pull_request',
      pullRequest('closed', { ...pr, title: 'Third', merged: true, updatedAt: at(4) }),
    );
    // The old opened event once more: a merged pull request stays merged.
    await deliver(
      'pull_request',
      pullRequest('opened', { ...pr, title: 'First', updatedAt: at(5) }),
    );
    expect(await linksOf(a.id)).toMatchObject([{ title: 'First', state: 'merged' }]);
    expect(stateName((await issue(a.id)).stateId)).toBe('Done');
  });

  it('keeps the link of a pull request closed unmerged, and leaves the issue where it is', async () => {
    const a = await createIssue('Try something');
    const pr = { number: 9, title: 'Experiment', body: `For ${a.key}`, branch: 'try' };
    await deliver('pull_request', pullRequest('opened', pr));
    await deliver('pull_request', pullRequest('closed', { ...pr, closed: true }));
    expect(await linksOf(a.id)).toMatchObject([{ state: 'closed', number: 9 }]);
    expect(stateName((await issue(a.id)).stateId)).toBe('In Progress');
  });

  it('links commits pushed naming an issue, merged when on the default branch, and moves nothing', async () => {
    const a = await createIssue('Tidy the code');
    const before = (await issue(a.id)).stateId;
    const res = await deliver(
      'push',
      push('refs/heads/main', [
        { id: 'b'.repeat(40), message: `${a.key}: tidy\n\nLonger explanation.` },
        { id: 'c'.repeat(40), message: 'Unrelated' },
      ]),
    );
    expect(res.body).toMatchObject({ linked: 1, moved: 0 });
    expect(await linksOf(a.id)).toMatchObject([
      { kind: 'commit', title: `${a.key}: tidy`, number: null, state: 'merged' },
    ]);
    await deliver(
      'push',
      push('refs/heads/feature', [{ id: 'd'.repeat(40), message: `WIP ${a.key}` }]),
    );
    expect((await linksOf(a.id)).map((l) => l.state).sort()).toEqual(['merged', 'open']);
    expect((await issue(a.id)).stateId).toBe(before);
  });

  it('moves to the states a project chose, or not at all when it turned moves off', async () => {
    const project = (await server.couch.getDoc<Record<string, unknown> & { _id: string }>(
      dbName,
      (await docs<{ _id: string; key: string }>('project:')).find((p) => p.key === 'ENG')!._id,
    ))!;
    await server.couch.putDoc(dbName, {
      ...project,
      gitStates: { started: 'in-review', completed: null },
    });
    const a = await createIssue('Configured');
    const pr = { number: 10, title: a.key, branch: 'x' };
    await deliver('pull_request', pullRequest('opened', pr));
    expect(stateName((await issue(a.id)).stateId)).toBe('In Review');
    await deliver('pull_request', pullRequest('closed', { ...pr, merged: true }));
    expect(stateName((await issue(a.id)).stateId)).toBe('In Review');
    const current = (await server.couch.getDoc<Record<string, unknown> & { _id: string }>(
      dbName,
      project._id,
    ))!;
    const { gitStates: _, ...without } = current;
    await server.couch.putDoc(dbName, without as typeof current);
  });
});

describe('GitHub deliveries refused', () => {
  it('checks the signature over the bytes as sent, before reading anything', async () => {
    const payload = pullRequest('opened', { number: 11, title: 'ENG-1', branch: 'x' });
    for (const signature of [
      null,
      '',
      'sha256=',
      `sha256=${'0'.repeat(64)}`,
      `sha1=${'0'.repeat(40)}`,
      `sha256=${createHmac('sha256', secret).update('{}').digest('hex')}`,
    ]) {
      const res = await deliver('pull_request', payload, { signature });
      expect(res.status, String(signature)).toBe(401);
      expect(res.body.code).toBe('SIGNATURE_INVALID');
    }
    const wrongKey = await deliver('pull_request', payload, { signWith: 'not the secret' });
    expect(wrongKey.body.code).toBe('SIGNATURE_INVALID');
    expect((await docs<LinkDoc>('link:')).filter((l) => l.number === 11)).toEqual([]);
  });

  it('answers a ping, refuses a form-encoded payload, and knows no unconnected workspace', async () => {
    expect(await deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 1 })).toEqual({
      status: 200,
      body: { event: 'ping', linked: 0, moved: 0 },
    });
    const form = await deliver('ping', { zen: 'x' }, { type: 'application/x-www-form-urlencoded' });
    expect(form).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } });
    expect((await deliver('ping', {}, { slug: 'nowhere' })).status).toBe(404);
    expect((await deliver('ping', {}, { slug: '..%2f' })).status).toBe(404);
    const status = (await (await owner.request(`/api/workspaces/${SLUG}/github`)).json()) as {
      lastEventAt: string | null;
    };
    expect(status.lastEventAt).not.toBeNull();
  });

  it('refuses a workspace’s 601st delivery in a minute before reading it: RATE_LIMITED', async () => {
    // An unconnected name: each is refused at once (404) until the limit, then 429.
    const answers: number[] = [];
    for (let i = 0; i < LIMITS.githubDeliveriesPerWorkspacePerMinute; i++)
      answers.push((await deliver('ping', {}, { slug: 'flooded' })).status);
    expect(answers.every((s) => s === 404)).toBe(true);
    const last = await fetch(`${server.url}/hooks/github/flooded`, { method: 'POST', body: '{}' });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another workspace is not held back by it.
    expect((await deliver('ping', {}, { slug: 'other-name' })).status).toBe(404);
  });

  it('is connected by owners and admins only, and a device cannot write a link', async () => {
    const workspace = (await server.store.workspaceBySlug(SLUG))!;
    const member = new BrowserSession(server.url);
    await signUp(member, newAccount('member'));
    const me = (await (await member.request('/api/me')).json()) as { user: { id: string } };
    await addMember(server.store, workspace, (await server.store.getUser(me.user.id))!, 'member');
    expect((await member.request(`/api/workspaces/${SLUG}/github`)).status).toBe(403);
    expect(
      (await member.request(`/api/workspaces/${SLUG}/github`, { method: 'POST' })).status,
    ).toBe(403);
    const [link] = await docs<LinkDoc>('link:');
    const forged = await owner.request(`/db/${SLUG}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [{ ...link, state: 'merged' }] },
    });
    expect(await forged.json()).toMatchObject([{ error: 'forbidden', code: 'FORBIDDEN' }]);
  });

  it('disconnects: deliveries are then not for anyone, and a new secret replaces the old', async () => {
    const rolled = await owner.request(`/api/workspaces/${SLUG}/github`, { method: 'POST' });
    const { secret: next } = (await rolled.json()) as { secret: string };
    expect(next).not.toBe(secret);
    expect((await deliver('ping', {})).body.code).toBe('SIGNATURE_INVALID');
    expect((await deliver('ping', {}, { signWith: next })).status).toBe(200);
    secret = next;
    expect(
      (await owner.request(`/api/workspaces/${SLUG}/github`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await deliver('ping', {})).status).toBe(404);
    const status = (await (await owner.request(`/api/workspaces/${SLUG}/github`)).json()) as {
      connected: boolean;
    };
    expect(status.connected).toBe(false);
  });
});
