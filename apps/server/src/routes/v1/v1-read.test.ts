import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATES, newDocId, type ApiIssue } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
let token: string;
let strangerToken: string;

const TODO = DEFAULT_STATES.find((s) => s.name === 'Todo')!.id;
const DONE = DEFAULT_STATES.find((s) => s.name === 'Done')!.id;

async function tokenOf(who: BrowserSession, scope = 'read') {
  const res = await who.request('/api/tokens', {
    method: 'POST',
    json: { name: 'test', scope, expiresAt: null },
  });
  return ((await res.json()) as { token: string }).token;
}

async function get<T>(path: string, as = token): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${as}` } });
  return { status: res.status, body: (await res.json()) as T };
}

type Page = { data: ApiIssue[]; nextCursor: string | null };

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('api-read'));
  const titles = ['Fix login', 'Write docs', 'Ship search', 'Tune list', 'Fix logout', 'Plan Q3'];
  const docs = titles.map((title, i) =>
    issueDoc(ws, {
      title,
      number: i + 1,
      priority: (i % 4) + 1,
      stateId: i % 2 === 0 ? TODO : DONE,
      sortOrder: `a${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    }),
  );
  const saved = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs },
  });
  expect(saved.status).toBe(201);
  const now = new Date().toISOString();
  await server.couch.bulkDocs(dbName, [
    {
      _id: newDocId('comment'),
      type: 'comment',
      issueId: docs[0]!._id,
      body: 'Seen on Safari too',
      authorId: ws.userId,
      editedAt: null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  token = await tokenOf(owner);
  const stranger = new BrowserSession(server.url);
  await signUp(stranger, newAccount('stranger'));
  strangerToken = await tokenOf(stranger);
});
afterAll(async () => {
  await server?.close();
});

describe('/api/v1 reads', () => {
  it('lists issues newest first, with the filters of the app’s URL', async () => {
    const all = await get<Page>(`/api/v1/workspaces/${ws.slug}/issues`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((i) => i.key)).toEqual([
      'ENG-6',
      'ENG-5',
      'ENG-4',
      'ENG-3',
      'ENG-2',
      'ENG-1',
    ]);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.data.at(-1)).toMatchObject({
      title: 'Fix login',
      state: { name: 'Todo', category: 'unstarted' },
      priority: 1,
      projectId: ws.projectId,
    });

    const filtered = await get<Page>(
      `/api/v1/workspaces/${ws.slug}/issues?state=${TODO}&q=fix&sort=title`,
    );
    expect(filtered.body.data.map((i) => i.title)).toEqual(['Fix login', 'Fix logout']);
    const urgentOrHigh = await get<Page>(
      `/api/v1/workspaces/${ws.slug}/issues?priority=1,2&sort=priority`,
    );
    expect(urgentOrHigh.body.data.map((i) => i.key)).toEqual(['ENG-1', 'ENG-5', 'ENG-2', 'ENG-6']);
  });

  it('pages with a cursor: every issue once, even when one changes between pages', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/v1/workspaces/${ws.slug}/issues?sort=manual&limit=2${
        cursor ? `&cursor=${cursor}` : ''
      }`;
      const page = await get<Page>(path);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((i) => i.key));
      cursor = page.body.nextCursor;
      if (pages === 0) {
        // Another device renames an issue of the first page meanwhile: nothing shifts.
        const first = page.body.data[0]!;
        const doc = (await (
          await owner.request(`/db/${ws.slug}/${encodeURIComponent(first.id)}`)
        ).json()) as Record<string, unknown>;
        await owner.request(`/db/${ws.slug}/_bulk_docs`, {
          method: 'POST',
          json: { docs: [{ ...doc, title: 'Fix login (renamed)' }] },
        });
      }
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['ENG-1', 'ENG-2', 'ENG-3', 'ENG-4', 'ENG-5', 'ENG-6']);
  });

  it('refuses a bad limit, sort or cursor field by field', async () => {
    const path = `/api/v1/workspaces/${ws.slug}/issues`;
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=251', 'limit'],
      ['limit=many', 'limit'],
      ['sort=chaos', 'sort'],
      ['cursor=not-a-cursor', 'cursor'],
    ]) {
      const res = await get<{ code: string; errors: { path: string }[] }>(`${path}?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0]?.path, query).toBe(field);
    }
    const first = await get<Page>(`${path}?limit=1&sort=title`);
    const other = await get<{ errors: { message: string }[] }>(
      `${path}?sort=created&cursor=${first.body.nextCursor}`,
    );
    expect(other.status).toBe(422);
    expect(other.body.errors[0]?.message).toBe('This cursor is for another sort');
  });

  it('reads an issue by its key, its comments, and the workspace’s other lists', async () => {
    const issue = await get<ApiIssue>(`/api/v1/workspaces/${ws.slug}/issues/eng-3`);
    expect(issue.status).toBe(200);
    expect(issue.body).toMatchObject({ key: 'ENG-3', title: 'Ship search' });
    expect((await get(`/api/v1/workspaces/${ws.slug}/issues/ENG-99`)).status).toBe(404);
    expect((await get(`/api/v1/workspaces/${ws.slug}/issues/nonsense`)).status).toBe(404);

    const comments = await get<{ data: { body: string }[] }>(
      `/api/v1/workspaces/${ws.slug}/issues/ENG-1/comments`,
    );
    expect(comments.body.data.map((c) => c.body)).toEqual(['Seen on Safari too']);

    const projects = await get<{ data: { key: string; states: unknown[] }[] }>(
      `/api/v1/workspaces/${ws.slug}/projects`,
    );
    expect(projects.body.data).toEqual([
      expect.objectContaining({ key: 'ENG', states: expect.any(Array) }),
    ]);
    expect((await get(`/api/v1/workspaces/${ws.slug}/projects/eng`)).status).toBe(200);
    const members = await get<{ data: { userId: string; role: string }[] }>(
      `/api/v1/workspaces/${ws.slug}/members`,
    );
    expect(members.body.data).toEqual([
      expect.objectContaining({ userId: ws.userId, role: 'owner' }),
    ]);
    for (const list of ['labels', 'cycles', 'milestones'])
      expect((await get(`/api/v1/workspaces/${ws.slug}/${list}`)).status, list).toBe(200);
  });

  it('answers NOT_FOUND to someone who is not a member, for every list', async () => {
    for (const path of ['issues', 'issues/ENG-1', 'projects', 'members', 'labels']) {
      const res = await get<{ code: string }>(
        `/api/v1/workspaces/${ws.slug}/${path}`,
        strangerToken,
      );
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});
