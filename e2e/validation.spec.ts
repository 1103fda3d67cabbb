import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';

test.describe('field messages before anything is saved', () => {
  test('an empty or 256-character title is refused and the typed text is kept', async ({
    page,
  }) => {
    const keel = new KeelPage(page);
    await keel.signUp(newAccount('val'));
    const slug = newSlug('val');
    await keel.createWorkspace('Validation', slug);
    await page.goto(`/${slug}/issues`);

    await keel.openNewIssue();
    const dialog = keel.newIssueDialog();
    await dialog.getByLabel('Description').fill('Steps to reproduce: none yet');
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Description')).toHaveValue('Steps to reproduce: none yet');

    const long = 'x'.repeat(256);
    await dialog.getByLabel('Title').fill(long);
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await expect(dialog.getByText('Title must be at most 255 characters')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(long);

    // Nothing was saved: the list is still empty behind the dialog.
    await page.keyboard.press('Escape');
    await expect(page.getByText(/No issues yet/)).toBeVisible();
  });

  test('the workspace form explains a bad URL key and a taken one', async ({ page }) => {
    const keel = new KeelPage(page);
    await keel.signUp(newAccount('slug'));
    const slug = newSlug('taken');
    await keel.createWorkspace('First', slug);

    await page.goto('/new');
    await page.getByLabel('Workspace name').fill('Second');
    await page.getByLabel('URL key').fill('settings');
    await page.getByRole('button', { name: /create workspace/i }).click();
    await expect(page.getByText('URL key "settings" is reserved')).toBeVisible();

    await page.getByLabel('URL key').fill(slug);
    await page.getByRole('button', { name: /create workspace/i }).click();
    await expect(page.getByText('That URL key is taken. Try another.').first()).toBeVisible();
    await expect(page.getByLabel('Workspace name')).toHaveValue('Second');
  });

  test('a workspace the user is not in is "not found"', async ({ page }) => {
    const keel = new KeelPage(page);
    await keel.signUp(newAccount('nf'));
    await page.goto('/someone-elses-workspace/issues');
    await expect(
      page.getByText("This page doesn't exist, or you don't have access to it."),
    ).toBeVisible();
  });
});
