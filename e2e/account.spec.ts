import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';

test('sign out ends the session here and at the provider', async ({ page }) => {
  const keel = new KeelPage(page);
  const account = newAccount('bye');
  await keel.signUp(account);
  const slug = newSlug('bye');
  await keel.createWorkspace('Bye', slug);

  await page.goto('/account');
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The embedded provider asks before ending its own session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  // The server no longer knows the session, and the device forgot the identity.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.goto(`/${slug}/issues`);
  await expect(page).toHaveURL(/\/signin/);

  // Signing in again asks for the password.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a wrong password shows a message and keeps the email typed', async ({ page }) => {
  const keel = new KeelPage(page);
  const account = newAccount('typo');
  await keel.signUp(account);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That email and password don’t match an account.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/idp\//);
  expect((await page.request.get('/api/me')).status()).toBe(200);
});

test("clearing this device's offline data deletes the replica and its snapshots, and the workspace downloads again", async ({
  page,
}) => {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('wipe'));
  const slug = newSlug('wipe');
  await keel.createWorkspace('Wipe', slug);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Still on the server');
  await expect(keel.syncIndicator()).toHaveText('Synced');
  const stored = () =>
    page.evaluate(
      async (slug) =>
        (await indexedDB.databases())
          .map((db) => db.name ?? '')
          .filter((name) => name.endsWith(`-${slug}`))
          .map((name) => name.replace(/keel-r2-.*$/, 'keel-r2-…'))
          .sort(),
      slug,
    );
  // The snapshots are saved a few seconds after the last change.
  await expect
    .poll(stored, { timeout: 15_000 })
    .toEqual(['_pouch_keel-r2-…', 'keel-snapshots-keel-r2-…']);

  // A mark in each, to tell the copies there after the wipe from these.
  expect(await marks(page, slug, 'put')).toEqual([true, true]);
  expect(await marks(page, slug, 'read')).toEqual([true, true]);

  await page.goto('/account');
  await page.getByRole('button', { name: "Clear this device's offline data" }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear offline data?' });
  await expect(dialog).toContainText('Changes that have not synced yet will be lost.');
  await dialog.getByRole('button', { name: 'Clear offline data' }).click();
  // The app starts over in the workspace, fetching it again from the server.
  await expect(page).toHaveURL(new RegExp(`/${slug}`));
  await expect(page.getByRole('heading', { name: 'My issues' })).toBeVisible();
  await page.goto(`/${slug}/issues`);
  await expect(keel.issueRow('Still on the server')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced');
  // Fetched again into new databases: neither mark survived the wipe.
  await expect.poll(stored, { timeout: 15_000 }).toContain('keel-snapshots-keel-r2-…');
  expect(await marks(page, slug, 'read')).toEqual([false, false]);
});

/**
 * Put a mark record in the workspace's replica and in its snapshot database, straight through
 * IndexedDB, or say whether each still holds it.
 */
function marks(page: Page, slug: string, action: 'put' | 'read'): Promise<boolean[]> {
  return page.evaluate(
    async ({ slug, action }) => {
      const names = (await indexedDB.databases()).map((db) => db.name ?? '');
      const found: boolean[] = [];
      for (const [prefix, store] of [
        ['_pouch_keel-r2-', 'meta'],
        ['keel-snapshots-keel-r2-', 'snapshots'],
      ] as const) {
        const name = names.find((n) => n.startsWith(prefix) && n.endsWith(`-${slug}`));
        if (!name) {
          found.push(false);
          continue;
        }
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
        });
        const tx = db.transaction(store, action === 'put' ? 'readwrite' : 'readonly');
        const request =
          action === 'put'
            ? tx.objectStore(store).put({ id: 'keel-e2e-mark' })
            : tx.objectStore(store).get('keel-e2e-mark');
        found.push(
          await new Promise<boolean>((resolve) => {
            request.onsuccess = () => resolve(action === 'put' || request.result !== undefined);
            request.onerror = () => resolve(false);
          }),
        );
        db.close();
      }
      return found;
    },
    { slug, action },
  );
}
