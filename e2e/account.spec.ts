import { expect, test } from '@playwright/test';
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
