import { expect, test, type Page } from '@playwright/test';
import { InboxPageModel } from './support/inbox-page.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * The inbox with two real members in two browsers: subscribing to an issue one neither created
 * nor is assigned to, and walking real notifications with the keyboard. Who gets notified of
 * what in every combination is unit-tested in derive-notifications.test.ts.
 */

// Two browsers, two sign-ups, and every comment crossing from one replica to the other.
test.describe.configure({ timeout: 240_000 });

/** Open an issue by key and wait for its title, so the page is the right one. */
async function openIssue(page: Page, slug: string, key: string, title: string) {
  await page.goto(`/${slug}/issue/${key}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
}

async function commentOn(page: Page, body: string, author: string) {
  await new IssuePageModel(page).comment(body);
  await expect(
    page.getByRole('article', { name: `Comment by ${author}` }).filter({ hasText: body }),
  ).toBeVisible();
}

test('a subscriber is told of comments while subscribed, and not after Unsubscribe', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Subscriptions', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Watch this one');
  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');
  const inbox = new InboxPageModel(member.page, owner.slug);
  const subscribers = (page: Page) => page.locator('.issue-properties__subscribers');

  // The member neither created ENG-1 nor is assigned to it: nothing reaches them yet.
  await openIssue(member.page, owner.slug, 'ENG-1', 'Watch this one');
  // The creator subscribes on creating; the member is not on the list.
  await expect(subscribers(member.page)).toContainText(owner.account.name);
  await expect(subscribers(member.page)).not.toContainText(member.account.name);
  await member.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(member.page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
  await expect(subscribers(member.page)).toContainText(member.account.name);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // The owner sees the subscription arrive, then comments.
  await openIssue(owner.page, owner.slug, 'ENG-1', 'Watch this one');
  await expect(subscribers(owner.page)).toContainText(member.account.name, SYNCED);
  await commentOn(owner.page, 'First look at the logs', owner.account.name);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await inbox.open();
  const first = inbox.row('ENG-1 Watch this one', `${owner.account.name} commented: First look`);
  await expect(first).toBeVisible(SYNCED);
  await expect(first).toHaveAccessibleName(/^Unread, /);
  await inbox.expectUnread(1);

  // Unsubscribed, the next comment does not arrive.
  await openIssue(member.page, owner.slug, 'ENG-1', 'Watch this one');
  await member.page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(member.page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(subscribers(member.page)).not.toContainText(member.account.name);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect(subscribers(owner.page)).not.toContainText(member.account.name, SYNCED);
  await commentOn(owner.page, 'Second look, all fixed', owner.account.name);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // The comment has reached the member's device (their issue page shows it) …
  await expect(member.page.getByText('Second look, all fixed')).toBeVisible(SYNCED);
  // … and their inbox, read from that same device, has no notification of it.
  await inbox.sidebarLink().click();
  await expect(member.page).toHaveURL(new RegExp(`/${owner.slug}/inbox$`));
  await expect(inbox.emptyState().or(inbox.list())).toBeVisible();
  await expect(inbox.row('Second look')).toHaveCount(0);
  await member.context.close();
  await owner.context.close();
});

test('inbox keyboard with real rows: j/k move between issues, Enter opens one, e archives', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Inbox keys', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Fix the login');
  await owner.keel.createIssue('Write the docs');
  await owner.keel.createIssue('Ship it');
  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');

  // Four comments by the member on issues the owner created: one row per issue for the owner,
  // newest first: ENG-3, ENG-1 (two: "Note three" leads), ENG-2.
  const who = member.account.name;
  await openIssue(member.page, owner.slug, 'ENG-1', 'Fix the login');
  await commentOn(member.page, 'Note one', who);
  await openIssue(member.page, owner.slug, 'ENG-2', 'Write the docs');
  await commentOn(member.page, 'Note two', who);
  await openIssue(member.page, owner.slug, 'ENG-1', 'Fix the login');
  await commentOn(member.page, 'Note three', who);
  await openIssue(member.page, owner.slug, 'ENG-3', 'Ship it');
  await commentOn(member.page, 'Note four', who);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  const { page, slug } = owner;
  const inbox = new InboxPageModel(page, slug);
  await inbox.open();
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 4 unread', SYNCED);
  await expect(inbox.rows()).toHaveCount(3);
  const sentences = [
    `ENG-3 Ship it, ${who} commented: Note four, 1 new`,
    `ENG-1 Fix the login, ${who} commented: Note three, 2 new`,
    `ENG-2 Write the docs, ${who} commented: Note two, 1 new`,
  ];
  for (const [i, sentence] of sentences.entries())
    await expect(inbox.rows().nth(i)).toHaveAccessibleName(
      new RegExp(`^Unread, ${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `),
    );
  await inbox.expectUnread(4);

  // From nowhere in particular: j takes the first row, then one step at a time, stopping at
  // either end.
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).click();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(1)).toBeFocused();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(2)).toBeFocused();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(inbox.rows().nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(1)).toBeFocused();

  // Enter opens the focused row's issue (ENG-1) and reads its two notifications, no others.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Fix the login');
  await expect(page.getByText('Note three')).toBeVisible();
  await expect(page.getByText('Note one')).toBeVisible();
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 2 unread');

  // Back in the inbox: e archives the focused row, and focus stays in its place.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${slug}/inbox$`));
  await expect(inbox.unreadRows()).toHaveCount(2);
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).click();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(0)).toHaveAccessibleName(/ENG-3 Ship it/);
  await page.keyboard.press('e');
  await expect(inbox.rows()).toHaveCount(2);
  await expect(inbox.row('ENG-3 Ship it')).toHaveCount(0);
  await expect(inbox.rows().nth(0)).toBeFocused();
  await expect(inbox.rows().nth(0)).toHaveAccessibleName(/^ENG-1 Fix the login/);
  // Archived is dealt with: it no longer counts as unread.
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 1 unread');

  // `?` lists it beside j, k and Enter.
  await page.keyboard.press('?');
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overlay.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
  await expect(
    overlay
      .getByRole('listitem')
      .filter({ hasText: 'Archive or unarchive notification' })
      .locator('kbd')
      .last(),
  ).toHaveText('e');
  await page.keyboard.press('Escape');

  // In the Archived view, e puts it back.
  await inbox.archivedToggle().click();
  await expect(inbox.rows()).toHaveCount(1);
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).click();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(0)).toHaveAccessibleName(/^ENG-3 Ship it/);
  await page.keyboard.press('e');
  await expect(page.getByRole('heading', { name: 'Nothing archived' })).toBeVisible();
  await inbox.archivedToggle().click();
  await expect(inbox.rows()).toHaveCount(3);
  await member.context.close();
  await owner.context.close();
});
