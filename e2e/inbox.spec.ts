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

test('Mark all as read is disabled while nothing is unread', async ({ browser }) => {
  const { context, keel, inbox } = await start(browser, 'reader');
  await inbox.open();
  await expect(inbox.emptyState()).toBeVisible();
  // Issue 21: an empty inbox has nothing to mark (it used to write a marker anyway).
  await expect(inbox.markAllReadButton()).toBeDisabled();
  await expect(keel.page.getByText('All read', { exact: true })).toBeHidden();
  expect(await inbox.serverReadMarker()).toBeNull();
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

  // j, k and e have no row to act on: nothing moves, nothing breaks.
  await page.locator('body').click({ position: { x: 600, y: 400 } });
  for (const key of ['j', 'k', 'e']) await page.keyboard.press(key);
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox$`));

  // The Archived view and back, from the keyboard.
  await inbox.archivedToggle().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox\\?view=archived$`));
  await expect(page.getByRole('heading', { name: 'Nothing archived' })).toBeVisible();
  await expect(inbox.archivedToggle()).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(inbox.emptyState()).toBeVisible();
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the inbox passes axe (${colorScheme})`, async ({ browser }) => {
    const { context, keel, inbox } = await start(browser, `axe${colorScheme}`, colorScheme);
    await inbox.open();
    await expect(inbox.emptyState()).toBeVisible();
    await keel.expectAccessible();
    await keel.page.screenshot({ path: test.info().outputPath(`inbox-empty-${colorScheme}.png`) });
    await inbox.archivedToggle().click();
    await expect(keel.page.getByRole('heading', { name: 'Nothing archived' })).toBeVisible();
    await keel.expectAccessible();
    await context.close();
  });
}

test('what another member does lands in my inbox, one row per issue; opening one reads only it', async ({
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

  // A's sidebar counts every notification as it arrives; the inbox has one row per issue,
  // saying its newest event and how many are new, the issue with the newest first.
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 4 unread', SYNCED);
  await inbox.expectUnread(4);
  const who = b.account.name;
  await expect(inbox.rows()).toHaveCount(2);
  await expect(inbox.unreadRows()).toHaveCount(2);
  const eng2 = `ENG-2 Write the docs, ${who} moved to Done`;
  const eng1 = `ENG-1 Fix the login, ${who} mentioned you: Can you look @${a.account.name}`;
  await expect(inbox.rows().nth(0)).toHaveAccessibleName(
    new RegExp(`^Unread, ${escape(eng2)}, 2 new, [^,]+$`),
  );
  await expect(inbox.rows().nth(1)).toHaveAccessibleName(
    new RegExp(`^Unread, ${escape(eng1)}, 2 new, [^,]+$`),
  );
  await expect(inbox.rows().nth(0)).toContainText('2 new');
  for (const colorScheme of ['light', 'dark'] as const) {
    await a.page.emulateMedia({ colorScheme });
    await a.keel.expectAccessible();
    await a.page.screenshot({ path: test.info().outputPath(`inbox-unread-${colorScheme}.png`) });
  }
  await a.page.emulateMedia({ colorScheme: 'light' });

  // Opening ENG-2's row shows its issue, with both of what happened there, and reads those two
  // only: ENG-1's, older, stay unread (issue 21; a cut-off time used to read them too).
  await inbox.row(eng2).click();
  await expect(a.page).toHaveURL(new RegExp(`/${a.slug}/issue/ENG-2$`));
  await expect(a.page.getByText('First draft is up')).toBeVisible();
  await new IssuePageModel(a.page).expectActivity('changed state from Todo to Done');
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 2 unread');
  await inbox.sidebarLink().click();
  await expect(inbox.unreadRows()).toHaveCount(1);
  await expect(inbox.rows().first()).toHaveAccessibleName(new RegExp(`^${escape(eng2)}, [^,]+$`));
  await expect(inbox.rows().nth(1)).toHaveAccessibleName(
    new RegExp(`^Unread, ${escape(eng1)}, 2 new, `),
  );
  await inbox.expectUnread(2);
  // Saved one by one on A's marker, through the /db proxy and its write rules.
  await expect
    .poll(async () => Object.keys((await inbox.serverReadMarker())?.read ?? {}).length)
    .toBe(2);

  const before = Date.now();
  await inbox.markAllRead();
  await inbox.expectUnread(0);
  await expect(inbox.unreadRows()).toHaveCount(0);
  await expect(inbox.rows()).toHaveCount(2);
  await expect(inbox.markAllReadButton()).toBeDisabled();
  // Mark all as read moves lastReadAt, and drops the entries it now covers.
  await expect
    .poll(async () => {
      const marker = await inbox.serverReadMarker();
      return marker && Date.parse(marker.lastReadAt) >= before - 1_000 && !marker.read;
    })
    .toBe(true);
  // Opened straight at the inbox, the page reads the device first: it may say so, but it must
  // never claim the inbox is empty on the way to showing the two.
  await a.page.addInitScript(() => {
    const seen = window as unknown as { __claimedEmpty?: boolean };
    seen.__claimedEmpty = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Nothing in your inbox yet'))
        seen.__claimedEmpty = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await a.page.reload();
  await expect(inbox.rows()).toHaveCount(2);
  expect(await a.page.evaluate(() => (window as { __claimedEmpty?: boolean }).__claimedEmpty)).toBe(
    false,
  );
  await expect(inbox.unreadRows()).toHaveCount(0);
  await expect(a.page.getByText('All read', { exact: true })).toBeVisible();
  await inbox.expectUnread(0);
  await b.context.close();
  await a.context.close();
});
