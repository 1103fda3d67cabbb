import { expect, test, type Browser } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { InboxPageModel } from './support/inbox-page.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';

// A real notification needs a second member acting, and members join only through invitations
// (built on another branch). Who gets notified of what is covered with two and more users in
// apps/web/src/features/inbox/derive-notifications.test.ts; here, the parts one member can
// exercise, through the real server, database and sign-in.

async function start(browser: Browser, label: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ colorScheme });
  const keel = new KeelPage(await context.newPage());
  const account = newAccount(label);
  await keel.signUp(account);
  const slug = newSlug(label);
  await keel.createWorkspace('Inbox', slug);
  return { context, keel, account, slug, inbox: new InboxPageModel(keel.page, slug) };
}

test('an empty inbox says what will arrive, and my own actions never land in it', async ({
  browser,
}) => {
  test.slow(); // several edits, each waiting for its activity line
  const { context, keel, account, slug, inbox } = await start(browser, 'solo');
  const { page } = keel;
  await inbox.open();
  await expect(inbox.emptyState()).toBeVisible();
  await expect(page.getByText(/assigns you an issue, @mentions you/)).toBeVisible();
  await inbox.expectUnread(0);

  // Everything that would notify someone else: I create, assign to myself, move, comment and
  // mention myself.
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Mine all mine');
  await page.goto(`/${slug}/issue/ENG-1`);
  const issue = new IssuePageModel(page);
  await issue.choose('Assignee', account.name);
  await issue.expectActivity(`assigned ${account.name}`);
  await issue.choose('State', 'Done');
  await issue.expectActivity('changed state from Todo to Done');
  await issue.commentBox().pressSequentially('Note to self @');
  await issue.commentBox().pressSequentially(account.name.slice(0, 3));
  await expect(
    page.getByRole('listbox', { name: 'Mention a member' }).getByRole('option').first(),
  ).toBeVisible();
  await issue.commentBox().press('Enter');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page.getByRole('article', { name: `Comment by ${account.name}` });
  await expect(comment.locator('.mention')).toHaveText(`@${account.name}`);

  await inbox.sidebarLink().click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox$`));
  await expect(inbox.emptyState()).toBeVisible();
  await expect(inbox.rows()).toHaveCount(0);
  await inbox.expectUnread(0);
  // Still nothing after the device reads everything again from its replica.
  await page.reload();
  await expect(inbox.emptyState()).toBeVisible();
  await inbox.expectUnread(0);
  await context.close();
});

test('Mark all as read is saved, synced to the server and still there after a reload', async ({
  browser,
}) => {
  const { context, keel, inbox } = await start(browser, 'reader');
  const { page } = keel;
  await inbox.open();
  await expect(page.getByText('All read', { exact: true })).toBeHidden();
  expect(await inbox.serverReadMarker()).toBeNull();

  const before = Date.now();
  await inbox.markAllRead();
  // Through the /db proxy and its write rules to the real database.
  await expect
    .poll(async () => (await inbox.serverReadMarker())?.lastReadAt ?? null)
    .not.toBeNull();
  const marker = await inbox.serverReadMarker();
  expect(Date.parse(marker!.lastReadAt)).toBeGreaterThanOrEqual(before - 1_000);

  await page.reload();
  await expect(page.getByText('All read', { exact: true })).toBeVisible();
  await inbox.expectUnread(0);
  await context.close();
});

test('the inbox works from the keyboard', async ({ browser }) => {
  const { context, keel, inbox, slug } = await start(browser, 'keys');
  const { page } = keel;
  await page.goto(`/${slug}/my-issues`);
  await inbox.sidebarLink().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox$`));
  await expect(inbox.emptyState()).toBeVisible();

  // j and k have no row to move to: nothing moves, nothing breaks.
  await page.locator('body').click({ position: { x: 600, y: 400 } });
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox$`));

  await inbox.markAllReadButton().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('All read', { exact: true })).toBeVisible();
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the inbox passes axe (${colorScheme})`, async ({ browser }) => {
    const { context, keel, inbox } = await start(browser, `axe${colorScheme}`, colorScheme);
    await inbox.open();
    await expect(inbox.emptyState()).toBeVisible();
    await keel.expectAccessible();
    await inbox.markAllRead();
    await keel.expectAccessible();
    await keel.page.screenshot({ path: test.info().outputPath(`inbox-empty-${colorScheme}.png`) });
    await context.close();
  });
}
