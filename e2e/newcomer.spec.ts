import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';

test('a newcomer signs up, creates a workspace and tracks an issue', async ({ page }) => {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('ada'));
  await expect(page).toHaveURL(/\/new$/);

  const slug = newSlug('acme');
  await keel.createWorkspace('Acme', slug);
  // The first project, ENG, is there with the default workflow.
  await expect(page.getByRole('navigation').getByText('Engineering')).toBeVisible();

  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Ship the first release');
  await expect(keel.issueRow('Ship the first release')).toBeVisible();
  await expect(page.getByText('ENG-1', { exact: true })).toBeVisible();

  await page.goto(`/${slug}/issue/ENG-1`);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('Ship the first release');
  await title.fill('Ship the first public release');
  await title.press('Enter');
  await new IssuePageModel(page).choose('State', 'In Progress');
  await expect(page.getByText(/changed state from Todo to In Progress/i)).toBeVisible();
  await expect(
    page
      .getByText(/changed the title/i)
      .or(page.getByText(/renamed/i))
      .first(),
  ).toBeVisible();

  // Reload: everything is still there (from the device, then confirmed by the server).
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Ship the first public release',
  );
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('In Progress');
});

test('pressing c opens the new issue dialog', async ({ page }) => {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('key'));
  const slug = newSlug('keys');
  await keel.createWorkspace('Keys', slug);
  await page.goto(`/${slug}/issues`);
  await page.locator('body').press('c');
  await expect(keel.newIssueDialog()).toBeVisible();
  await expect(keel.newIssueDialog().getByLabel('Title')).toBeFocused();
});
