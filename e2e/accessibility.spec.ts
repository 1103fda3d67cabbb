import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';

/** axe (WCAG 2.1 A/AA) on every screen the foundation builds, in light and dark. */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe (${colorScheme})`, async ({ browser }) => {
    // A walk through every screen with an axe run on each: 40–56 s alone, over the default 60 s
    // once the machine is busy.
    test.slow();
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const keel = new KeelPage(page);

    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await keel.expectAccessible();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await keel.expectAccessible();

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await keel.expectAccessible();
    const account = newAccount('axe');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/new$/);
    await expect(page.getByLabel('Workspace name')).toBeVisible();
    await keel.expectAccessible();

    const slug = newSlug('axe');
    await keel.createWorkspace('Axe', slug);
    await page.goto(`/${slug}/issues`);
    await expect(page.getByText(/No issues yet/)).toBeVisible();
    await keel.expectAccessible();

    // The empty list offers what to do next.
    await page.getByRole('main').getByRole('button', { name: 'New issue' }).click();
    await expect(keel.newIssueDialog()).toBeVisible();
    await keel.expectAccessible();
    await keel.newIssueDialog().getByLabel('Title').fill('Accessible issue');
    await keel.newIssueDialog().getByRole('button', { name: 'Create issue' }).click();
    await expect(keel.issueRow('Accessible issue')).toBeVisible();
    await keel.expectAccessible();

    await page.goto(`/${slug}/my-issues`);
    await expect(page.getByRole('heading', { name: 'No issues assigned to you' })).toBeVisible();
    await expect(page.getByText(/Assign yourself from an issue's Assignee field/)).toBeVisible();
    await keel.expectAccessible();
    await page.getByRole('link', { name: 'Go to All issues' }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));

    await page.goto(`/${slug}/issue/ENG-1`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Accessible issue');
    await page.getByRole('button', { name: 'Favourite issue ENG-1' }).click();
    await keel.expectAccessible();

    // A saved view: the save dialog, then the view with unsaved changes, and the sidebar's
    // Favourites and Views.
    await page.goto(`/${slug}/issues?priority=0`);
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Unprioritised');
    await keel.expectAccessible();
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unprioritised' })).toBeVisible();
    await page.goto(page.url().replace('priority=0', 'priority=0%2C1'));
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await keel.expectAccessible();

    // A project's page: its plan's form, progress, and milestones' empty state and form.
    await page.goto(`/${slug}/projects/ENG`);
    await expect(page.getByRole('region', { name: 'Milestones' })).toContainText('Add the first');
    await keel.expectAccessible();

    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await keel.expectAccessible();

    await page.goto('/no/such/page');
    await expect(
      page.getByText("This page doesn't exist, or you don't have access to it."),
    ).toBeVisible();
    await keel.expectAccessible();
    await context.close();
  });
}
