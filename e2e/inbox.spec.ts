import { expect, test, type Browser } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { InboxPageModel } from './support/inbox-page.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

// Who gets notified of what, in every combination, is covered in
// apps/web/src/features/inbox/derive-notifications.test.ts; here, through the real server,
// database and sign-in: one member alone, and two members in two browsers.

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

test('what another member does lands in my inbox; opening one and Mark all as read clear it', async ({
  browser,
}) => {
  // Two browsers, two sign-ups and every edit crossing from one replica to the other.
  test.setTimeout(240_000);
  const a = await ownerWithWorkspace(browser, 'Inbox', undefined, 'ana');
  await a.page.goto(`/${a.slug}/issues`);
  await a.keel.createIssue('Fix the login');
  await a.keel.createIssue('Write the docs');
  const b = await inviteAndJoin(browser, a, 'Member', 'bo');
  const inbox = new InboxPageModel(a.page, a.slug);
  await inbox.open();
  await expect(inbox.emptyState()).toBeVisible();
  await inbox.expectUnread(0);

  // B, in their own browser: assigns ENG-1 to A and mentions A there; on ENG-2, which A
  // created, comments and moves it to Done.
  const issue = new IssuePageModel(b.page);
  await b.page.goto(`/${a.slug}/issue/ENG-1`);
  await expect(b.page.getByRole('textbox', { name: 'Title' })).toHaveValue('Fix the login');
  await issue.choose('Assignee', a.account.name);
  await issue.expectActivity(`assigned ${a.account.name}`);
  await issue.commentBox().pressSequentially('Can you look @');
  await issue.commentBox().pressSequentially(a.account.name.slice(0, 3));
  await expect(
    b.page
      .getByRole('listbox', { name: 'Mention a member' })
      .getByRole('option', { name: a.account.name }),
  ).toBeVisible();
  await issue.commentBox().press('Enter');
  await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    b.page.getByRole('article', { name: `Comment by ${b.account.name}` }).locator('.mention'),
  ).toHaveText(`@${a.account.name}`);

  await b.page.goto(`/${a.slug}/issue/ENG-2`);
  await expect(b.page.getByRole('textbox', { name: 'Title' })).toHaveValue('Write the docs');
  await issue.comment('First draft is up');
  await expect(b.page.getByRole('article', { name: `Comment by ${b.account.name}` })).toBeVisible();
  await issue.choose('State', 'Done');
  await issue.expectActivity('changed state from Todo to Done');
  await expect(b.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // A's sidebar counts them as they arrive; the rows say who did what, newest first.
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 4 unread', SYNCED);
  await inbox.expectUnread(4);
  const who = b.account.name;
  await expect(inbox.rows()).toHaveCount(4);
  await expect(inbox.unreadRows()).toHaveCount(4);
  const sentences = [
    `ENG-2 Write the docs, ${who} moved to Done`,
    `ENG-2 Write the docs, ${who} commented: First draft is up`,
    `ENG-1 Fix the login, ${who} mentioned you: Can you look @${a.account.name}`,
    `ENG-1 Fix the login, ${who} assigned you`,
  ];
  for (const [i, sentence] of sentences.entries())
    await expect(inbox.rows().nth(i)).toHaveAccessibleName(
      new RegExp(`^Unread, ${escape(sentence)}, [^,]+$`),
    );
  for (const colorScheme of ['light', 'dark'] as const) {
    await a.page.emulateMedia({ colorScheme });
    await a.keel.expectAccessible();
    await a.page.screenshot({ path: test.info().outputPath(`inbox-unread-${colorScheme}.png`) });
  }
  await a.page.emulateMedia({ colorScheme: 'light' });

  // Opening the comment marks it and everything older read; the newer state change stays unread.
  await inbox.row(sentences[1]!).click();
  await expect(a.page).toHaveURL(new RegExp(`/${a.slug}/issue/ENG-2$`));
  await expect(a.page.getByText('First draft is up')).toBeVisible();
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 1 unread');
  await inbox.sidebarLink().click();
  await expect(inbox.unreadRows()).toHaveCount(1);
  await expect(inbox.rows().first()).toHaveAccessibleName(
    new RegExp(`^Unread, ${escape(sentences[0]!)}`),
  );
  for (const i of [1, 2, 3])
    await expect(inbox.rows().nth(i)).toHaveAccessibleName(new RegExp(`^${escape(sentences[i]!)}`));
  await inbox.expectUnread(1);

  await inbox.markAllRead();
  await inbox.expectUnread(0);
  await expect(inbox.unreadRows()).toHaveCount(0);
  await expect(inbox.rows()).toHaveCount(4);
  // Opened straight at the inbox, the page reads the device first: it may say so, but it must
  // never claim the inbox is empty on the way to showing the four.
  await a.page.addInitScript(() => {
    const seen = window as unknown as { __claimedEmpty?: boolean };
    seen.__claimedEmpty = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Nothing in your inbox yet'))
        seen.__claimedEmpty = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await a.page.reload();
  await expect(inbox.rows()).toHaveCount(4);
  expect(await a.page.evaluate(() => (window as { __claimedEmpty?: boolean }).__claimedEmpty)).toBe(
    false,
  );
  await expect(inbox.unreadRows()).toHaveCount(0);
  await inbox.expectUnread(0);
  await b.context.close();
  await a.context.close();
});
