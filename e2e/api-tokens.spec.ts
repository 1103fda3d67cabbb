import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';

/** A script's call: the token, no cookie. */
async function asScript(baseUrl: string, token: string) {
  return fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
}

for (const scheme of ['light', 'dark'] as const)
  test(`API tokens: made, shown once, used by a script, revoked (${scheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const keel = new KeelPage(await context.newPage());
    const { page } = keel;
    const account = newAccount('scripter');
    await keel.signUp(account);
    await keel.createWorkspace('Scripts', newSlug('scripts'));
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'API tokens' });
    await expect(section.getByText('No tokens yet.')).toBeVisible();

    await section.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API token' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    // Nothing named: said on the field, nothing made.
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Release script');
    await dialog.getByLabel('Access').selectOption({ label: 'Read and write' });
    await dialog.getByLabel('Expiration').selectOption({ label: '90 days' });
    await keel.expectAccessible();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new token' });
    const field = shown.getByLabel('Token');
    await expect(field).toHaveValue(/^keel_[A-Za-z0-9_-]{43}$/);
    const token = await field.inputValue();
    await keel.expectAccessible();
    // Shown once: Escape does not throw it away before it is copied; Done does.
    await page.keyboard.press('Escape');
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await shown.getByRole('button', { name: 'Done' }).click();

    const expires = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toLocaleDateString('en', {
      dateStyle: 'medium',
    });
    const row = section.getByRole('listitem').filter({ hasText: 'Release script' });
    await expect(row).toContainText(`Read and write · Expires ${expires} · Never used`);
    // The token is not on the page any more: it was shown once.
    await expect(page.getByText(token)).toHaveCount(0);

    const origin = new URL(page.url()).origin;
    const me = await asScript(origin, token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(account.email);
    await page.reload();
    await expect(row).toContainText('Last used just now');
    await keel.expectAccessible();

    await row.getByRole('button', { name: 'Revoke Release script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token?' });
    await expect(confirm).toContainText('Anything using “Release script” stops working at once.');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toHaveCount(0);
    await expect(section.getByText('No tokens yet.')).toBeVisible();
    const refused = await asScript(origin, token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('TOKEN_INVALID');
    await context.close();
  });

test('the API reference lists the routes, from the account page', async ({ page }) => {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('reader'));
  await keel.createWorkspace('Reference', newSlug('reference'));
  await page.goto('/account');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/reference$/);
  await expect(page.getByRole('heading', { name: /Keel API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/workspaces/{ws}/issues/{key}').first()).toBeVisible();
  // Dark when the system is, as the app is.
  await expect(page.locator('html')).not.toHaveClass(/dark-mode/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark-mode/);
  await page.screenshot({ path: test.info().outputPath('reference-dark.png') });
});

test('offline, a token cannot be made, and the dialog keeps what was typed', async ({ page }) => {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('offline-token'));
  await keel.createWorkspace('Offline tokens', newSlug('offline-token'));
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  await page.context().setOffline(true);
  await section.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByLabel('Name').fill('Nightly export');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/You're offline/);
  await expect(dialog.getByLabel('Name')).toHaveValue('Nightly export');
  await page.context().setOffline(false);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('dialog', { name: 'Your new token' })).toBeVisible();
});
