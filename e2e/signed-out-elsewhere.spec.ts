import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';
import { SYNCED } from './support/team.ts';

/**
 * The session ends in another tab while this one is open on a workspace. The next request of
 * this tab's sync is refused (401): the tab goes to sign-in without a reload, and what was typed
 * in it meanwhile stays on the device and reaches the server once the person signs in again.
 */
test('signed out in another tab: this tab is sent to sign-in, and its change syncs after signing in again', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const keel = new KeelPage(page);
  const account = newAccount('elsewhere');
  await keel.signUp(account);
  const slug = newSlug('elsewhere');
  await keel.createWorkspace('Elsewhere', slug);
  await page.goto(`/${slug}/issues`);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await page.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));

  const other = await context.newPage();
  await other.goto('/account');
  await other.getByRole('button', { name: 'Sign out' }).click();
  // The embedded provider asks before ending its own session.
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/signin/);
  await other.close();

  // Typed after the session ended: saved on the device; its push is refused.
  await keel.createIssue('Typed after signing out elsewhere');
  await expect(page).toHaveURL(/\/signin/, SYNCED);
  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(
    true,
  );

  await keel.signIn(account);
  await page.goto(`/${slug}/issues`);
  await expect(keel.issueRow('Typed after signing out elsewhere')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  const changes = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  expect(changes.status()).toBe(200);
  expect(await changes.text()).toContain('Typed after signing out elsewhere');
});
