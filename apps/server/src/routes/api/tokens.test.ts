import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, errorMessage, LIMITS } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.now();
let server: TestServer;
let alice: BrowserSession;
let bob: BrowserSession;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = new BrowserSession(server.url);
  bob = new BrowserSession(server.url);
  await signUp(alice, newAccount('alice'));
  await signUp(bob, newAccount('bob'));
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
interface Created {
  token: string;
  apiToken: { id: string; name: string; scope: string; lastUsedAt: string | null };
}

async function create(who: BrowserSession, body: Record<string, unknown> = {}): Promise<Created> {
  const res = await who.request('/api/tokens', {
    method: 'POST',
    json: { name: 'CI', scope: 'write', expiresAt: null, ...body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

/** A script's request: the token, no cookie, no Origin. */
function withToken(token: string, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${token}` },
  });
}

async function listed(who: BrowserSession) {
  const res = await who.request('/api/tokens');
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: Created['apiToken'][] }).tokens;
}

describe('personal API tokens', () => {
  it('are shown once, stored hashed, and act as their person on /api/v1', async () => {
    const { token, apiToken } = await create(alice, { name: '  Deploy script  ' });
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(apiToken).toMatchObject({ name: 'Deploy script', scope: 'write', lastUsedAt: null });
    // Listed without the token itself; the app database holds only its hash.
    const tokens = await listed(alice);
    expect(tokens.map((t) => t.id)).toContain(apiToken.id);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const stored = await server.store.withPrefix<Record<string, unknown>>('apitoken:');
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token.slice(5));

    const me = await withToken(token, '/api/v1/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: expect.stringContaining('alice') });
    expect(me.headers.get('ratelimit-limit')).toBe(String(LIMITS.apiRequestsPerTokenPerMinute));
    expect(me.headers.get('ratelimit-remaining')).toBe(
      String(LIMITS.apiRequestsPerTokenPerMinute - 1),
    );
    expect(Number(me.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    // Its last use is shown to its owner.
    await expect
      .poll(async () => (await listed(alice)).find((t) => t.id === apiToken.id)?.lastUsedAt)
      .toBe(new Date(clock).toISOString());
    // Another person does not see it.
    expect((await listed(bob)).map((t) => t.id)).not.toContain(apiToken.id);
  });

  it('is refused when malformed, unknown, revoked or expired, with TOKEN_INVALID', async () => {
    const { token, apiToken } = await create(alice, {
      expiresAt: new Date(clock + DAY).toISOString(),
    });
    const refused = async (header: string) => {
      const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
      const body = (await res.json()) as Problem;
      expect(body.code).toBe('TOKEN_INVALID');
      expect(body.title).toBe(errorMessage('TOKEN_INVALID'));
    };
    await refused('Bearer keel_short');
    await refused(`Bearer keel_${'A'.repeat(43)}`);
    await refused(`Basic ${Buffer.from('a:b').toString('base64')}`);
    await refused('Bearer');

    // Expired a day later (the server's clock moves on), for it and for nothing else.
    clock += 2 * DAY;
    await refused(`Bearer ${token}`);
    clock -= 2 * DAY;
    expect((await withToken(token, '/api/v1/me')).status).toBe(200);

    // Revoked by its owner, only by its owner.
    expect((await bob.request(`/api/tokens/${apiToken.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await alice.request(`/api/tokens/${apiToken.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    await refused(`Bearer ${token}`);
    expect((await listed(alice)).map((t) => t.id)).not.toContain(apiToken.id);
    expect((await alice.request(`/api/tokens/${apiToken.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('a read-only token cannot write, and a token cannot make tokens', async () => {
    const { token } = await create(alice, { scope: 'read' });
    const write = await withToken(token, '/api/v1/workspaces', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as Problem).code).toBe('SCOPE_REQUIRED');
    expect((await withToken(token, '/api/v1/workspaces')).status).toBe(200);

    const { token: writer } = await create(alice);
    for (const path of ['/api/tokens', '/api/me']) {
      const res = await withToken(writer, path, {
        method: path === '/api/tokens' ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json' },
        body:
          path === '/api/tokens'
            ? JSON.stringify({ name: 'x', scope: 'write', expiresAt: null })
            : undefined,
      });
      expect(res.status, path).toBe(path === '/api/tokens' ? 403 : 401);
    }
    // With a cookie and a token, the token is what counts: a bad one is refused.
    const both = await alice.request('/api/v1/me', { headers: { authorization: 'Bearer nope' } });
    expect(both.status).toBe(401);
  });

  it('checks every field, the expiry and the count, with a message on each', async () => {
    const problem = async (body: unknown) => {
      const res = await bob.request('/api/tokens', { method: 'POST', json: body });
      expect(res.status).toBe(422);
      return ((await res.json()) as Problem).errors;
    };
    expect(await problem({ name: ' ', scope: 'write', expiresAt: null })).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
    expect(await problem({ name: 'x'.repeat(81), scope: 'write', expiresAt: null })).toEqual([
      { path: 'name', message: 'Name must be 80 characters or fewer' },
    ]);
    expect((await problem({ name: 'x', scope: 'admin', expiresAt: null }))[0]?.path).toBe('scope');
    expect(
      await problem({ name: 'x', scope: 'read', expiresAt: new Date(clock - DAY).toISOString() }),
    ).toEqual([{ path: 'expiresAt', message: 'Choose a date in the future' }]);
    expect(
      await problem({
        name: 'x',
        scope: 'read',
        expiresAt: new Date(clock + 400 * DAY).toISOString(),
      }),
    ).toEqual([{ path: 'expiresAt', message: 'A token can last at most a year' }]);
    expect((await problem({ name: 'x', scope: 'read', expiresAt: 'soon' }))[0]?.path).toBe(
      'expiresAt',
    );

    const have = (await listed(bob)).length;
    for (let i = have; i < LIMITS.apiTokensPerPerson; i++) await create(bob, { name: `T${i}` });
    expect(await problem({ name: 'one too many', scope: 'read', expiresAt: null })).toEqual([
      {
        path: 'name',
        message: 'You have 20 tokens, the most a person can have. Revoke one first.',
      },
    ]);
  });

  it('holds each token to its rate limit, said in RateLimit headers', async () => {
    const { token } = await create(alice, { scope: 'read' });
    const { token: other } = await create(alice, { scope: 'read' });
    // 1,000 a minute, ten at a time.
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.apiRequestsPerTokenPerMinute / 10; i++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async () => (await withToken(token, '/api/v1/me')).status),
        )),
      );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const limited = await withToken(token, '/api/v1/me');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as Problem).code).toBe('RATE_LIMITED');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same person has its own.
    expect((await withToken(other, '/api/v1/me')).status).toBe(200);
    clock += 61_000;
    expect((await withToken(token, '/api/v1/me')).status).toBe(200);
  });
});
