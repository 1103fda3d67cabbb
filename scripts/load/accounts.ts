/**
 * Seeding through the real server, as people would: accounts created on the embedded sign-in
 * provider's pages, workspaces made through the API, members added by invitation.
 */
import type { HttpClient } from './http-client.ts';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function loadAccount(kind: string, index: number): Account {
  return {
    name: `${kind.replace(/-/g, ' ')} ${index}`,
    email: `${kind}-${index}@keel.test`,
    password: 'load-test-password',
  };
}

/** Sign up on the embedded provider; `browser` holds the Keel session afterwards. */
export async function signUp(browser: HttpClient, account: Account) {
  const start = await browser.follow('/auth/login?returnTo=%2F', { timeoutMs: 60_000 });
  const uid = /\/idp\/interaction\/([^/"]+)\/signup/.exec(start.reply.text)?.[1];
  if (!uid) throw new Error(`No sign-up link at ${start.path}: ${start.reply.text.slice(0, 200)}`);
  const done = await browser.follow(`/idp/interaction/${uid}/signup`, {
    method: 'POST',
    form: { name: account.name, email: account.email, password: account.password },
    timeoutMs: 60_000,
  });
  if (!browser.cookies.has('keel_session'))
    throw new Error(`Sign-up of ${account.email} ended at ${done.path} without a session`);
}

export interface SeededWorkspace {
  slug: string;
  projectId: string;
}

export async function createWorkspace(owner: HttpClient, slug: string): Promise<SeededWorkspace> {
  const body = await owner.json<{ project: { id: string } }>('POST', '/api/workspaces', {
    json: { name: `Load ${slug}`, slug },
    timeoutMs: 60_000,
  });
  return { slug, projectId: body.project.id };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request that waits out the write limit (429 + Retry-After) instead of failing. */
async function patiently<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      const match = / → 429/.exec(err instanceof Error ? err.message : '');
      if (!match) throw err;
      await sleep(5_000);
    }
  }
}

/** The owner invites `member` to `slug` and the member accepts. */
export async function addMember(
  owner: HttpClient,
  member: HttpClient,
  slug: string,
  email: string,
) {
  const { token } = await patiently(() =>
    owner.json<{ token: string }>('POST', `/api/workspaces/${slug}/invitations`, {
      json: { email, role: 'member' },
      timeoutMs: 60_000,
    }),
  );
  await patiently(() =>
    member.json('POST', `/api/invitations/${token}/accept`, { timeoutMs: 60_000 }),
  );
}

/** The signed-in user's id. */
export async function myUserId(browser: HttpClient): Promise<string> {
  const me = await browser.json<{ user: { id: string } }>('GET', '/api/me', { timeoutMs: 60_000 });
  return me.user.id;
}

/** A block of issue numbers reserved for `browser`'s user (the proxy accepts no others). */
export async function reserveNumbers(
  browser: HttpClient,
  ws: SeededWorkspace,
): Promise<{ start: number; end: number }> {
  return browser.json('POST', `/api/workspaces/${ws.slug}/projects/${ws.projectId}/numbers`, {
    json: {},
    timeoutMs: 60_000,
  });
}

/** Run `fn` over `items` with at most `limit` at a time. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index]!, index);
      }
    }),
  );
}
