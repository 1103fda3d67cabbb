import { expect, test, type Page } from '@playwright/test';
import { InboxPageModel } from './support/inbox-page.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * Issue 21, "Inbox that a team can trust", with two real people in two browsers: nothing from
 * before someone joined, automatic subscriptions that say so, unsubscribing that sticks, and
 * archive. The rules in every combination are unit-tested (derive-notifications.test.ts,
 * packages/domain/src/subscriptions.test.ts, read-state.test.ts).
 */

// Two browsers, two sign-ups, and every change crossing from one replica to the other.
test.describe.configure({ timeout: 240_000 });

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

/** Type a comment that @mentions `name`, picked from the suggestions, and post it. */
async function mention(page: Page, text: string, name: string, author: string) {
  const issue = new IssuePageModel(page);
  await issue.commentBox().pressSequentially(`${text} @`);
  await issue.commentBox().pressSequentially(name.split(' ')[0]!);
  await page
    .getByRole('listbox', { name: 'Mention a member' })
    .getByRole('option', { name })
    .click();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    page
      .getByRole('article', { name: `Comment by ${author}` })
      .filter({ hasText: text })
      .locator('.mention'),
  ).toHaveText(`@${name}`);
}

const subscribers = (page: Page) => page.locator('.issue-properties__subscribers');

test('nothing from before I joined: assigned an old issue, I hear of the assignment only', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Before you', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Old issue');
  await openIssue(owner.page, owner.slug, 'ENG-1', 'Old issue');
  const issue = new IssuePageModel(owner.page);
  await commentOn(owner.page, 'Said before you came', owner.account.name);
  await issue.choose('State', 'In Progress');
  await issue.expectActivity('changed state from Todo to In Progress');
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');
  await openIssue(owner.page, owner.slug, 'ENG-1', 'Old issue');
  await issue.choose('Assignee', member.account.name);
  await issue.expectActivity(`assigned ${member.account.name}`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // As assignee the member follows ENG-1, whose comment and move came before they joined.
  const inbox = new InboxPageModel(member.page, owner.slug);
  await inbox.open();
  await expect(inbox.row('ENG-1 Old issue', `${owner.account.name} assigned you`)).toBeVisible(
    SYNCED,
  );
  await expect(inbox.rows()).toHaveCount(1);
  await expect(inbox.rows().first()).toHaveAccessibleName(/, 1 new, /);
  await inbox.expectUnread(1);
  // They can still read the history on the issue itself.
  await inbox.rows().first().click();
  await expect(member.page.getByText('Said before you came')).toBeVisible();
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox');
  await member.context.close();
  await owner.context.close();
});

test('commenting, being mentioned and being assigned subscribe, and an activity says so', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Auto subscribe', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Commented on');
  await owner.keel.createIssue('Mentioned on');
  await owner.keel.createIssue('Assigned on');
  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');
  const ana = owner.account.name;
  const bo = member.account.name;
  const ownerIssue = new IssuePageModel(owner.page);

  // ENG-1: the member comments on the owner's issue and is subscribed for it.
  await openIssue(member.page, owner.slug, 'ENG-1', 'Commented on');
  await commentOn(member.page, 'I can take a look', bo);
  await new IssuePageModel(member.page).expectActivity('subscribed by commenting');
  await expect(subscribers(member.page)).toContainText(bo);
  await expect(member.page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // ENG-2: the owner mentions the member; ENG-3: assigns them.
  await openIssue(owner.page, owner.slug, 'ENG-2', 'Mentioned on');
  await mention(owner.page, 'Thoughts,', bo, ana);
  await ownerIssue.expectActivity(`subscribed ${bo} by mentioning them`);
  await expect(subscribers(owner.page)).toContainText(bo);
  await openIssue(owner.page, owner.slug, 'ENG-3', 'Assigned on');
  await ownerIssue.choose('Assignee', bo);
  await ownerIssue.expectActivity(`subscribed ${bo} as the assignee`);

  // Then the owner comments on ENG-1 and ENG-2: the member hears of both.
  await openIssue(owner.page, owner.slug, 'ENG-1', 'Commented on');
  await expect(subscribers(owner.page)).toContainText(bo, SYNCED);
  await commentOn(owner.page, 'Thanks, go ahead', ana);
  await openIssue(owner.page, owner.slug, 'ENG-2', 'Mentioned on');
  await commentOn(owner.page, 'Any news?', ana);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  const inbox = new InboxPageModel(member.page, owner.slug);
  await inbox.open();
  await expect(inbox.row('ENG-1 Commented on', `${ana} commented: Thanks, go ahead`)).toBeVisible(
    SYNCED,
  );
  await expect(inbox.row('ENG-2 Mentioned on', `${ana} commented: Any news?`)).toBeVisible(SYNCED);
  await expect(inbox.row('ENG-2 Mentioned on')).toHaveAccessibleName(/, 2 new, /);
  await expect(inbox.row('ENG-3 Assigned on', `${ana} assigned you`)).toBeVisible();
  await inbox.expectUnread(4);
  await member.context.close();
  await owner.context.close();
});

test('unsubscribing sticks: neither being the assignee nor a later mention brings it back', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Unsubscribe', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Noisy issue');
  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');
  const ana = owner.account.name;
  const bo = member.account.name;
  const ownerIssue = new IssuePageModel(owner.page);
  await openIssue(owner.page, owner.slug, 'ENG-1', 'Noisy issue');
  await ownerIssue.choose('Assignee', bo);
  await ownerIssue.expectActivity(`assigned ${bo}`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // The assignee, who follows the issue, is listed and unsubscribes.
  await openIssue(member.page, owner.slug, 'ENG-1', 'Noisy issue');
  await expect(subscribers(member.page)).toContainText(bo, SYNCED);
  await member.page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(member.page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(subscribers(member.page)).not.toContainText(bo);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // A comment, then a mention (which reaches them: it names them), then another comment.
  await expect(subscribers(owner.page)).not.toContainText(bo, SYNCED);
  await commentOn(owner.page, 'First comment after', ana);
  await mention(owner.page, 'Just so you know,', bo, ana);
  await commentOn(owner.page, 'Second comment after', ana);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  // The mention subscribed nobody: no new activity, and the member is still not on the list.
  await expect(ownerIssue.timeline().getByText('by mentioning them')).toHaveCount(0);
  await expect(subscribers(owner.page)).not.toContainText(bo);

  await expect(member.page.getByText('Second comment after')).toBeVisible(SYNCED);
  const inbox = new InboxPageModel(member.page, owner.slug);
  await inbox.open();
  // Assigned (before unsubscribing) and mentioned: 2; neither comment.
  await expect(inbox.rows()).toHaveCount(1);
  await expect(inbox.rows().first()).toHaveAccessibleName(
    new RegExp(
      `^Unread, ENG-1 Noisy issue, ${ana} mentioned you: Just so you know, @${bo}, 2 new, `,
    ),
  );
  await inbox.expectUnread(2);
  await openIssue(member.page, owner.slug, 'ENG-1', 'Noisy issue');
  await expect(member.page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await member.context.close();
  await owner.context.close();
});

/**
 * A read marker as every device wrote it before issue 21 (userId and lastReadAt only), saved
 * through the /db proxy as the signed-in member.
 */
async function writeOldMarker(page: Page, slug: string, lastReadAt: string) {
  const result = await page.evaluate(
    async ({ slug, lastReadAt }) => {
      const me = (await (await fetch('/api/me')).json()) as { user: { id: string } };
      const now = new Date().toISOString();
      const doc = {
        _id: `readMarker:${me.user.id}`,
        type: 'readMarker',
        userId: me.user.id,
        lastReadAt,
        createdAt: now,
        updatedAt: now,
      };
      const res = await fetch(`/db/${slug}/_bulk_docs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ docs: [doc] }),
      });
      return (await res.json()) as { ok?: boolean }[];
    },
    { slug, lastReadAt },
  );
  expect(result).toMatchObject([{ ok: true }]);
}

test('an old marker keeps working; archive a row, unarchive it, and have it back when something new happens', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Archive', undefined, 'ana');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Keep me');
  await owner.keel.createIssue('Archive me');
  const member = await inviteAndJoin(browser, owner, 'Member', 'bo');
  const bo = member.account.name;
  await openIssue(member.page, owner.slug, 'ENG-1', 'Keep me');
  await commentOn(member.page, 'On the first', bo);
  // Between the two comments: an old marker up to here has read the first and not the second.
  await member.page.waitForTimeout(50);
  const between = new Date().toISOString();
  await member.page.waitForTimeout(50);
  await openIssue(member.page, owner.slug, 'ENG-2', 'Archive me');
  await commentOn(member.page, 'On the second', bo);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  const { page } = owner;
  const inbox = new InboxPageModel(page, owner.slug);
  await writeOldMarker(page, owner.slug, between);
  await inbox.open();
  await expect(inbox.rows()).toHaveCount(2, SYNCED);
  await expect(inbox.sidebarLink()).toHaveAccessibleName('Inbox, 1 unread', SYNCED);
  await expect(inbox.row('ENG-2 Archive me')).toHaveAccessibleName(/^Unread, .*, 1 new, /);
  await expect(inbox.row('ENG-1 Keep me')).toHaveAccessibleName(/^ENG-1 Keep me/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await inbox.rows().first().hover();
    await owner.keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`inbox-rows-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await inbox.archiveButton('ENG-2 Archive me').click();
  await expect(inbox.row('ENG-2 Archive me')).toHaveCount(0);
  await expect(inbox.rows()).toHaveCount(1);
  // The row below moved up and has the focus the button had.
  await expect(inbox.rows().first()).toBeFocused();
  // Archiving read it: nothing is unread. The old marker's lastReadAt is kept as it was.
  await inbox.expectUnread(0);
  await expect(inbox.markAllReadButton()).toBeDisabled();
  await expect
    .poll(async () => {
      const marker = await inbox.serverReadMarker();
      return marker && [Object.keys(marker.archived ?? {}).length, marker.lastReadAt];
    })
    .toEqual([1, between]);

  await inbox.archivedToggle().click();
  await expect(page).toHaveURL(/\?view=archived$/);
  await expect(inbox.row('ENG-2 Archive me', `${bo} commented: On the second`)).toBeVisible();
  await expect(inbox.rows()).toHaveCount(1);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await owner.keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`inbox-archived-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await inbox.archiveButton('ENG-2 Archive me', 'Unarchive').click();
  await expect(page.getByRole('heading', { name: 'Nothing archived' })).toBeVisible();
  await inbox.archivedToggle().click();
  await expect(inbox.rows()).toHaveCount(2);
  // Back, and read: archiving dealt with it.
  await expect(inbox.row('ENG-2 Archive me')).toHaveAccessibleName(/^ENG-2 Archive me/);

  // Archived again, it comes back, unread, when the member comments on it again.
  await inbox.archiveButton('ENG-2 Archive me').click();
  await expect(inbox.rows()).toHaveCount(1);
  await commentOn(member.page, 'One more thing', bo);
  await expect(
    inbox.row('ENG-2 Archive me', `${bo} commented: One more thing`),
  ).toHaveAccessibleName(/^Unread, .*, 1 new, /, SYNCED);
  await expect(inbox.rows()).toHaveCount(2);
  await inbox.expectUnread(1);
  await inbox.markAllRead();
  await expect(inbox.markAllReadButton()).toBeDisabled();
  await member.context.close();
  await owner.context.close();
});
