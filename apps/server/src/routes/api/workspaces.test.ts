import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let owner: BrowserSession;
beforeAll(async () => {
  server = await startTestServer();
  owner = new BrowserSession(server.url);
  await signUp(owner, newAccount('owner'));
});
afterAll(async () => {
  await server?.close();
});

interface Problem {
  code: string;
  title: string;
  status: number;
  errors: { path: string; message: string }[];
}

describe('POST /api/workspaces', () => {
  it('creates the workspace with its owner and first project, and /api/me lists it', async () => {
    const res = await owner.request('/api/workspaces', {
      method: 'POST',
      json: { name: '  Acme  ', slug: 'acme' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      workspace: { slug: string; name: string; role: string };
      project: { id: string; key: string };
    };
    expect(body.workspace).toMatchObject({ slug: 'acme', name: 'Acme', role: 'owner' });
    expect(body.project.key).toBe('ENG');
    const me = (await (await owner.request('/api/me')).json()) as {
      workspaces: { slug: string; role: string }[];
    };
    expect(me.workspaces).toEqual([expect.objectContaining({ slug: 'acme', role: 'owner' })]);

    const info = await owner.request('/db/acme/');
    expect(info.status).toBe(200);
    const project = (await (
      await owner.request(`/db/acme/${encodeURIComponent(body.project.id)}`)
    ).json()) as {
      key: string;
      states: { name: string; category: string }[];
    };
    expect(project.states.map((s) => s.name)).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'In Review',
      'Done',
      'Canceled',
    ]);
  });

  it('refuses a taken URL key with SLUG_TAKEN on the slug field', async () => {
    await owner.request('/api/workspaces', {
      method: 'POST',
      json: { name: 'Taken', slug: 'taken-key' },
    });
    const res = await owner.request('/api/workspaces', {
      method: 'POST',
      json: { name: 'Again', slug: 'taken-key' },
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Problem;
    expect(body.code).toBe('SLUG_TAKEN');
    expect(body.title).toBe('That URL key is taken. Try another.');
    expect(body.errors[0]?.path).toBe('slug');
  });

  it.each([
    [{ name: '', slug: 'ok-key' }, 'name', 'Workspace name is required'],
    [
      { name: 'x'.repeat(65), slug: 'ok-key' },
      'name',
      'Workspace name must be at most 64 characters',
    ],
    [{ name: 'Fine', slug: 'settings' }, 'slug', 'URL key "settings" is reserved'],
    [{ name: 'Fine', slug: '-bad' }, 'slug', 'URL key must start and end with a letter or digit'],
    [
      { name: 'Fine', slug: 'Upper' },
      'slug',
      'URL key may only use lowercase letters, digits and hyphens',
    ],
    [
      { name: 'Bad\u0000name', slug: 'nul-key' },
      'name',
      'Workspace name contains characters that are not allowed',
    ],
  ])('refuses %j with a field message', async (json, path, message) => {
    const res = await owner.request('/api/workspaces', { method: 'POST', json });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = (await res.json()) as Problem;
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toContainEqual({ path, message });
  });

  it('answers malformed JSON with VALIDATION_FAILED, not a 500', async () => {
    const res = await owner.request('/api/workspaces', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Problem).code).toBe('VALIDATION_FAILED');
  });

  it('needs a session: 401 problem+json', async () => {
    const anonymous = new BrowserSession(server.url);
    const res = await anonymous.request('/api/workspaces', {
      method: 'POST',
      json: { name: 'X', slug: 'xyz' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Problem).code).toBe('AUTH_REQUIRED');
  });
});

describe('POST /api/workspaces/:ws/projects/:projectId/numbers', () => {
  it('hands out non-overlapping blocks of 20, even when asked concurrently', async () => {
    const created = (await (
      await owner.request('/api/workspaces', {
        method: 'POST',
        json: { name: 'Numbers', slug: 'numbers' },
      })
    ).json()) as { project: { id: string } };
    const path = `/api/workspaces/numbers/projects/${encodeURIComponent(created.project.id)}/numbers`;
    const blocks = await Promise.all(
      Array.from(
        { length: 5 },
        async () =>
          (await (await owner.request(path, { method: 'POST', json: {} })).json()) as {
            start: number;
            end: number;
          },
      ),
    );
    const numbers = blocks.flatMap((b) =>
      Array.from({ length: b.end - b.start + 1 }, (_, i) => b.start + i),
    );
    expect(blocks.every((b) => b.end - b.start + 1 === 20)).toBe(true);
    expect(new Set(numbers).size).toBe(100);
    expect(Math.min(...numbers)).toBe(1);
  });

  it('answers a repeated request id with the same block, so a lost answer skips no numbers', async () => {
    const created = (await (
      await owner.request('/api/workspaces', {
        method: 'POST',
        json: { name: 'Once', slug: 'once' },
      })
    ).json()) as { project: { id: string } };
    const path = `/api/workspaces/once/projects/${encodeURIComponent(created.project.id)}/numbers`;
    const first = await (
      await owner.request(path, { method: 'POST', json: { requestId: 'device-a-0001' } })
    ).json();
    const again = await (
      await owner.request(path, { method: 'POST', json: { requestId: 'device-a-0001' } })
    ).json();
    const next = await (
      await owner.request(path, { method: 'POST', json: { requestId: 'device-a-0002' } })
    ).json();
    expect(again).toEqual(first);
    expect(first).toMatchObject({ start: 1, end: 20 });
    expect(next).toMatchObject({ start: 21, end: 40 });
    const bad = await owner.request(path, { method: 'POST', json: { requestId: '../../x' } });
    expect(bad.status).toBe(422);
  });

  it('is not found for someone outside the workspace', async () => {
    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    const res = await stranger.request('/api/workspaces/numbers/projects/project:abc/numbers', {
      method: 'POST',
      json: {},
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Problem).code).toBe('NOT_FOUND');
  });
});
