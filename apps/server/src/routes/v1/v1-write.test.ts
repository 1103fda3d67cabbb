import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_STATES,
  formatMention,
  type ApiComment,
  type ApiIssue,
  type Role,
} from '@keel/domain';
import { userIdOf } from '../../db/app-store.ts';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startWithOwnerWorkspace, type WorkspaceFixture } from '../../testing/workspace-fixture.ts';
import { addMember } from '../../workspaces/add-member.ts';
import { sweepIdempotencyKeys } from './idempotency.ts';

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};

const IN_PROGRESS = DEFAULT_STATES.find((s) => s.name === 'In Progress')!.id;
const DONE = DEFAULT_STATES.find((s) => s.name === 'Done')!.id;

interface Problem {
  code: string;
  errors: { path: string; message: string }[];
}

async function tokenOf(who: BrowserSession, scope: 'read' | 'write') {
  const res = await who.request('/api/tokens', {
    method: 'POST',
    json: { name: scope, scope, expiresAt: null },
  });
  return ((await res.json()) as { token: string }).token;
}

async function call<T>(
  as: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${server.url}/api/v1/workspaces/${ws.slug}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

async function activityOf(issueId: string): Promise<string[]> {
  const docs = await server.couch.docsWithPrefix<{ issueId: string; kind: string }>(
    dbName,
    'activity:',
  );
  return docs.filter((d) => d.issueId === issueId).map((d) => d.kind);
}

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('api-write'));
  tokens.owner = await tokenOf(owner, 'write');
  tokens.ownerRead = await tokenOf(owner, 'read');
  userIds.owner = ws.userId;
  const workspace = (await server.store.workspaceBySlug(ws.slug))!;
  for (const role of ['member', 'viewer'] as Role[]) {
    const who = new BrowserSession(server.url);
    await signUp(who, newAccount(role));
    const me = (await (await who.request('/api/me')).json()) as { user: { id: string } };
    const user = (await server.store.getUser(me.user.id))!;
    await addMember(server.store, workspace, user, role);
    tokens[role] = await tokenOf(who, 'write');
    userIds[role] = userIdOf(user);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('/api/v1 issue writes', () => {
  it('creates issues numbered from the project’s counter, each field with its activity', async () => {
    const first = await call<ApiIssue>('owner', 'POST', '/issues', {
      project: 'eng',
      title: '  Import from Jira  ',
      priority: 2,
      stateId: IN_PROGRESS,
      assigneeId: userIds.member,
    });
    expect(first.status).toBe(201);
    // The owner's device holds 1–20; the API takes its own block.
    expect(first.body).toMatchObject({
      key: 'ENG-21',
      title: 'Import from Jira',
      priority: 2,
      state: { name: 'In Progress', category: 'started' },
      assigneeId: userIds.member,
      createdBy: userIds.owner,
    });
    expect(first.body.startedAt).not.toBeNull();
    expect((await activityOf(first.body.id)).sort()).toEqual(
      ['assignee', 'created', 'priority', 'state', 'subscribed'].sort(),
    );
    const second = await call<ApiIssue>('member', 'POST', '/issues', {
      project: 'ENG',
      title: 'Sub-task',
      parent: 'ENG-21',
    });
    expect(second.status).toBe(201);
    expect(second.body.key).toMatch(/^ENG-\d+$/);
    expect(second.body.parentId).toBe(first.body.id);
    const third = await call<ApiIssue>('owner', 'POST', '/issues', { project: 'ENG', title: 'C' });
    expect(third.body.key).toBe('ENG-22');
    // The app sees them as any other issue.
    const stored = await owner.request(`/db/${ws.slug}/${encodeURIComponent(first.body.id)}`);
    expect(stored.status).toBe(200);
  });

  it('answers a repeated Idempotency-Key with the first answer, and does nothing twice', async () => {
    const body = { project: 'ENG', title: 'Only once' };
    const headers = { 'idempotency-key': 'run-42' };
    const first = await call<ApiIssue>('owner', 'POST', '/issues', body, headers);
    const again = await call<ApiIssue>('owner', 'POST', '/issues', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await call<{ data: ApiIssue[] }>('owner', 'GET', '/issues?q=only%20once');
    expect(list.body.data).toHaveLength(1);
    const other = await call<Problem>(
      'owner',
      'POST',
      '/issues',
      { ...body, title: 'Something else' },
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual([
      { path: 'Idempotency-Key', message: 'This key was used with a different request' },
    ]);
  });

  it('runs one of two requests sent at once with one key, and lets go of a key that failed', async () => {
    const body = { project: 'ENG', title: 'Sent twice at once' };
    const headers = { 'idempotency-key': 'burst-1' };
    const [a, b] = await Promise.all([
      call<ApiIssue>('owner', 'POST', '/issues', body, headers),
      call<ApiIssue>('owner', 'POST', '/issues', body, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    const list = await call<{ data: ApiIssue[] }>('owner', 'GET', '/issues?q=sent%20twice');
    expect(list.body.data).toHaveLength(1);

    // Refused by the rules: nothing done, and the key may be used again for the fixed request.
    const retry = { 'idempotency-key': 'fix-and-retry' };
    const bad = await call<Problem>(
      'owner',
      'POST',
      '/issues',
      { project: 'ENG', title: 'Assign me', assigneeId: 'nobody' },
      retry,
    );
    expect(bad.status).toBe(422);
    const good = await call<ApiIssue>(
      'owner',
      'POST',
      '/issues',
      { project: 'ENG', title: 'Assign me', assigneeId: userIds.member },
      retry,
    );
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('sweeps away the records of keys older than a day, and only those', async () => {
    const key = { 'idempotency-key': 'swept-later' };
    const first = await call<ApiIssue>(
      'owner',
      'POST',
      '/issues',
      { project: 'ENG', title: 'Once' },
      key,
    );
    expect(first.status).toBe(201);
    const records = () => server.store.withPrefix<{ _id: string }>('idem:');
    const before = (await records()).length;
    expect(before).toBeGreaterThan(0);
    expect(await sweepIdempotencyKeys(server.store)).toBe(0);
    expect(await sweepIdempotencyKeys(server.store, Date.now() + 25 * 60 * 60 * 1000)).toBe(before);
    expect(await records()).toEqual([]);
  });

  it('refuses bad input field by field, through the same rules as the app', async () => {
    const refused = async (body: unknown) => {
      const res = await call<Problem>('owner', 'POST', '/issues', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      return res.body.errors.map((e) => e.path);
    };
    expect(await refused({ project: 'NOPE', title: 'x' })).toEqual(['project']);
    expect(await refused({ project: 'ENG', title: ' ' })).toEqual(['title']);
    expect(await refused({ project: 'ENG' })).toEqual(['title']);
    expect(await refused({ project: 'ENG', title: 'x', stateId: 'nope' })).toEqual(['stateId']);
    expect(await refused({ project: 'ENG', title: 'x', priority: 9 })).toEqual(['priority']);
    expect(await refused({ project: 'ENG', title: 'x', parent: 'ENG-999' })).toEqual(['parent']);
    expect(await refused({ project: 'ENG', title: 'x', createdBy: 'someone' })).toEqual(['']);
    // What only the workspace can say: the write rules' own refusals.
    expect(await refused({ project: 'ENG', title: 'x', assigneeId: 'stranger' })).toEqual([
      'assigneeId',
    ]);
    expect(await refused({ project: 'ENG', title: 'x', labelIds: ['label:nope'] })).toEqual([
      'labelIds',
    ]);
  });

  it('holds every caller to their role and their token to its scope', async () => {
    const viewer = await call<Problem>('viewer', 'POST', '/issues', { project: 'ENG', title: 'x' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.code).toBe('FORBIDDEN');
    const readOnly = await call<Problem>('ownerRead', 'POST', '/issues', {
      project: 'ENG',
      title: 'x',
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe('SCOPE_REQUIRED');
    expect((await call('viewer', 'PATCH', '/issues/ENG-21', { title: 'Mine now' })).status).toBe(
      403,
    );
    // A member may delete their own issue, not someone else's.
    expect((await call<Problem>('member', 'DELETE', '/issues/ENG-21')).status).toBe(403);
  });

  it('updates the fields it names, each with its activity, and deletes', async () => {
    const made = await call<ApiIssue>('member', 'POST', '/issues', {
      project: 'ENG',
      title: 'Rename me',
    });
    const key = made.body.key;
    const changed = await call<ApiIssue>('member', 'PATCH', `/issues/${key}`, {
      title: 'Renamed',
      stateId: DONE,
      dueDate: '2030-01-31',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Renamed',
      state: { name: 'Done' },
      dueDate: '2030-01-31',
    });
    expect(changed.body.completedAt).not.toBeNull();
    expect((await activityOf(made.body.id)).sort()).toEqual(
      ['created', 'dueDate', 'state', 'title'].sort(),
    );
    // Nothing to change: nothing written, the issue as it is.
    const same = await call<ApiIssue>('member', 'PATCH', `/issues/${key}`, { title: 'Renamed' });
    expect(same.status).toBe(200);
    expect((await activityOf(made.body.id)).length).toBe(4);
    const empty = await call<Problem>('member', 'PATCH', `/issues/${key}`, {});
    expect(empty.status).toBe(422);
    expect((await call('member', 'PATCH', '/issues/ENG-999', { title: 'x' })).status).toBe(404);

    expect((await call('member', 'DELETE', `/issues/${key}`)).status).toBe(204);
    expect((await call('member', 'GET', `/issues/${key}`)).status).toBe(404);
    expect((await call('member', 'DELETE', `/issues/${key}`)).status).toBe(404);
  });

  it('comments as the app does: subscriptions by mention, own edits, deletions by role', async () => {
    const issue = await call<ApiIssue>('owner', 'POST', '/issues', {
      project: 'ENG',
      title: 'Discuss me',
    });
    const key = issue.body.key;
    const body = `Looks good, ${formatMention('Viewer', userIds.viewer!)} can you check?`;
    const made = await call<ApiComment>(
      'member',
      'POST',
      `/issues/${key}/comments`,
      { body },
      {
        'idempotency-key': 'comment-1',
      },
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ issueId: issue.body.id, authorId: userIds.member, body });
    const again = await call<ApiComment>(
      'member',
      'POST',
      `/issues/${key}/comments`,
      { body },
      {
        'idempotency-key': 'comment-1',
      },
    );
    expect(again.body.id).toBe(made.body.id);
    // The author and the member mentioned follow the issue now, with activity saying why.
    const stored = (await (
      await owner.request(`/db/${ws.slug}/${encodeURIComponent(issue.body.id)}`)
    ).json()) as { subscriberIds: string[] };
    expect(stored.subscriberIds).toEqual(
      expect.arrayContaining([userIds.owner, userIds.member, userIds.viewer]),
    );
    expect(await activityOf(issue.body.id)).toContain('subscribed');
    const list = await call<{ data: ApiComment[] }>('viewer', 'GET', `/issues/${key}/comments`);
    expect(list.body.data.map((c) => c.id)).toEqual([made.body.id]);

    const viewer = await call<Problem>('viewer', 'POST', `/issues/${key}/comments`, { body: 'x' });
    expect(viewer.status).toBe(403);
    const blank = await call<Problem>('member', 'POST', `/issues/${key}/comments`, { body: ' ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ path: 'body', message: 'Comment is required' }]);

    const path = `/comments/${encodeURIComponent(made.body.id)}`;
    const edited = await call<ApiComment>('member', 'PATCH', path, { body: 'Looks great' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Looks great' });
    expect(edited.body.editedAt).not.toBeNull();
    // Only its author edits it; a member deletes only their own; an owner deletes anyone's.
    expect((await call('owner', 'PATCH', path, { body: 'Mine now' })).status).toBe(403);
    const ownerComment = await call<ApiComment>('owner', 'POST', `/issues/${key}/comments`, {
      body: 'From the owner',
    });
    const ownerPath = `/comments/${encodeURIComponent(ownerComment.body.id)}`;
    expect((await call('member', 'DELETE', ownerPath)).status).toBe(403);
    expect((await call('owner', 'DELETE', path)).status).toBe(204);
    expect((await call('owner', 'DELETE', path)).status).toBe(404);
    expect((await call('owner', 'PATCH', '/comments/issue%3Anope', { body: 'x' })).status).toBe(
      404,
    );
    const left = await call<{ data: ApiComment[] }>('member', 'GET', `/issues/${key}/comments`);
    expect(left.body.data.map((c) => c.body)).toEqual(['From the owner']);
  });
});
