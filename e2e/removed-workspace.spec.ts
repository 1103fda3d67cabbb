import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { expectKeptOnAccount, expectRemovalNotice, replicaNames } from './support/removal.ts';
import { openDevice } from './support/sync-trust.ts';

/**
 * The browser's side of removal (SPEC §4). Until the members API can remove someone, the server
 * is made to answer as it does for a removed member — /api/me without the workspace and 404
 * from /db/:ws, the same 404 a workspace one is not in gets — by rewriting only those answers.
 * Everything else is real: the replica in IndexedDB, the unsynced change, the account page.
 */
test('a workspace the person lost access to is removed from the device on the next load; unsynced changes are kept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const device = await openDevice(browser, newAccount('removed'), { signUp: true });
  const { page, context, keel } = device;
  const slug = newSlug('gone');
  await keel.createWorkspace('Acme', slug);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Synced before');
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 20_000 });
  await context.setOffline(true);
  await keel.createIssue('Typed before removal');
  await expect(keel.syncIndicator()).toHaveText(/^Offline — /);
  expect((await replicaNames(page)).some((n) => n.endsWith(`-${slug}`))).toBe(true);

  // The removal, as the server will answer it.
  await context.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as { workspaces: { slug: string }[] };
    await route.fulfill({
      response,
      json: { ...me, workspaces: me.workspaces.filter((w) => w.slug !== slug) },
    });
  });
  await context.route(`**/db/${slug}/**`, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/problem+json',
      json: { status: 404, code: 'NOT_FOUND', title: 'Not found' },
    }),
  );
  await context.setOffline(false);
  await page.reload();

  await expectRemovalNotice(page, 'Acme', 1);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/doesn.t exist|not found/i);
  await expect.poll(() => replicaNames(page)).not.toContainEqual(expect.stringContaining(slug));
  await expectKeptOnAccount(page, 'ENG-2', 'Title: Typed before removal');

  // Told once: the next load has nothing left to remove.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rejected changes' })).toBeVisible();
  await expect(page.getByText(/You no longer have access to Acme\. Its offline/)).toHaveCount(0);
  await context.close();
});
