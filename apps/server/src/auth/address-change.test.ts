import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, linkSub } from '../idp/accounts.ts';
import { createWorkspace } from '../workspaces/create-workspace.ts';
import { BrowserSession, newAccount, signIn, signUp } from '../testing/browser-session.ts';
import { createWorkspaceAs } from '../testing/workspace-fixture.ts';
import { freePort, startTestServer } from '../testing/test-server.ts';

/**
 * The embedded provider's issuer is Keel's own address, so it changes with PORT or PUBLIC_URL.
 * Its accounts must keep their workspaces all the same: start Keel on one address, then on
 * another with the same data directory.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-moved-'));
  dirs.push(dir);
  return dir;
}

async function workspacesOf(browser: BrowserSession): Promise<string[]> {
  const res = await browser.request('/api/me');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { workspaces: { slug: string }[] };
  return body.workspaces.map((w) => w.slug);
}

describe('identity when Keel moves to another address', () => {
  it('an account made on one port finds its workspace on another port', async () => {
    const dir = dataDir();
    const account = newAccount('mover');
    const first = await startTestServer({ dataDir: dir });
    let userId: string;
    try {
      const browser = new BrowserSession(first.url);
      await signUp(browser, account);
      userId = (await createWorkspaceAs(browser, 'moved')).userId;
    } finally {
      await first.close();
    }

    const second = await startTestServer({ dataDir: dir });
    try {
      expect(second.url).not.toBe(first.url);
      const browser = new BrowserSession(second.url);
      const done = await signIn(browser, account);
      await done.res.body?.cancel();
      expect(await workspacesOf(browser)).toEqual(['moved']);
      const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
      expect(me.user.id).toBe(userId);
    } finally {
      await second.close();
    }
  });

  it('behind a new PUBLIC_URL, too', async () => {
    const dir = dataDir();
    const account = newAccount('renamed');
    const first = await startTestServer({ dataDir: dir });
    try {
      const browser = new BrowserSession(first.url);
      await signUp(browser, account);
      await createWorkspaceAs(browser, 'renamed');
    } finally {
      await first.close();
    }
    // PUBLIC_URL names the port the server listens on, as behind a proxy it names the domain.
    const port = await freePort();
    const renamed = await startTestServer({
      dataDir: dir,
      port,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    try {
      const browser = new BrowserSession(renamed.url);
      (await signIn(browser, account)).res.body?.cancel();
      expect(await workspacesOf(browser)).toEqual(['renamed']);
    } finally {
      await renamed.close();
    }
  });

  it('a user keyed under the old address-based issuer keeps their workspace after upgrading', async () => {
    const dir = dataDir();
    const account = {
      name: 'Old Timer',
      email: 'old-timer@example.com',
      password: 'old timer pw!',
    };
    // What an earlier Keel left in the app database: the user keyed by the issuer of its
    // address at the time (http://localhost:8080/idp), owner of a workspace.
    const before = await startTestServer({ dataDir: dir });
    try {
      const created = (await createAccount(before.store, account))!;
      await linkSub(before.store, created);
      const legacy = await before.store.upsertUser({
        issuer: 'http://localhost:8080/idp',
        subject: created.sub,
        email: created.email,
        name: created.name,
        avatarUrl: null,
      });
      await createWorkspace(before.store, legacy, { name: 'Legacy', slug: 'legacy' });
    } finally {
      await before.close();
    }

    const after = await startTestServer({ dataDir: dir });
    try {
      const browser = new BrowserSession(after.url);
      (await signIn(browser, account)).res.body?.cancel();
      expect(await workspacesOf(browser)).toEqual(['legacy']);
    } finally {
      await after.close();
    }
  });

  it('an account an earlier Keel split over two addresses signs in as the user made first', async () => {
    const dir = dataDir();
    const account = { name: 'Split', email: 'split@example.com', password: 'split account pw' };
    const before = await startTestServer({ dataDir: dir });
    try {
      const created = (await createAccount(before.store, account))!;
      await linkSub(before.store, created);
      const profile = {
        subject: created.sub,
        email: created.email,
        name: 'Split',
        avatarUrl: null,
      };
      const original = await before.store.upsertUser({
        ...profile,
        issuer: 'http://localhost:8080/idp',
      });
      await createWorkspace(before.store, original, { name: 'Work', slug: 'work' });
      // Keel moved to port 3000; the same person came back as a new user with nothing.
      const stray = await before.store.upsertUser({
        ...profile,
        issuer: 'http://localhost:3000/idp',
      });
      await before.store.put({ ...stray, createdAt: new Date(Date.now() + 60_000).toISOString() });
    } finally {
      await before.close();
    }
    const after = await startTestServer({ dataDir: dir });
    try {
      const browser = new BrowserSession(after.url);
      (await signIn(browser, account)).res.body?.cancel();
      expect(await workspacesOf(browser)).toEqual(['work']);
    } finally {
      await after.close();
    }
  });
});
