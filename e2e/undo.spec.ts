import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 21's undo: Ctrl/Cmd+Z, and the Undo button on the toast after each change, take back
 * the person's last change on this device, as a change of its own (synced, with its activity),
 * offline too, and refused with the reason when the role no longer allows it.
 */
const undoKey = (page: Page) => page.keyboard.press('Control+z');
const toast = (page: Page) => page.locator('.toast').last();

async function start(page: Page, titles: string[]) {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('undo'));
  const slug = newSlug('undo');
  await keel.createWorkspace('Undo', slug);
  await page.goto(`/${slug}/issues`);
  for (const title of titles) await keel.createIssue(title);
  return { keel, slug };
}

/** The issue's priority on the server, through the proxy the browser uses. */
async function serverIssue(page: Page, slug: string, title: string) {
  const res = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  const body = (await res.json()) as {
    results: { doc?: { type?: string; title?: string; priority?: number; parentId?: string } }[];
  };
  return body.results.find((r) => r.doc?.type === 'issue' && r.doc.title === title)?.doc;
}

test('a field edit is undone from its toast and with Ctrl+Z, offline too, with its activity', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { keel, slug } = await start(page, ['Undo me']);
  const issue = new IssuePageModel(page);
  await page.goto(`/${slug}/issue/ENG-1`);

  await issue.choose('Priority', 'High');
  await expect(toast(page)).toContainText('Changed priority of ENG-1');
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(issue.combobox('Priority')).toHaveValue('No priority');
  await issue.expectActivity('changed priority from High to No priority');

  // Ctrl+Z in the title field is the field's own undo, not the app's.
  const title = page.getByRole('textbox', { name: 'Title' });
  await issue.choose('Priority', 'Urgent');
  await title.click();
  await undoKey(page);
  await expect(issue.combobox('Priority')).toHaveValue('Urgent');

  // Offline: the undo is saved on the device and syncs later.
  await page.context().setOffline(true);
  await issue.choose('State', 'In Progress');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await undoKey(page);
  await expect(issue.combobox('State')).toHaveValue('Todo');
  await undoKey(page);
  await expect(issue.combobox('Priority')).toHaveValue('No priority');
  await page.context().setOffline(false);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect.poll(async () => (await serverIssue(page, slug, 'Undo me'))?.priority).toBe(0);

  await keel.expectAccessible();
  await undoKey(page);
  await undoKey(page);
  await undoKey(page);
  await expect(toast(page)).toContainText('Nothing to undo.');
});

test('a bulk edit, a board move, a deleted issue and a deleted comment are undone whole', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { keel, slug } = await start(page, ['Parent', 'First', 'Second']);
  const views = new ViewsPage(page);
  const issue = new IssuePageModel(page);

  // Bulk: every issue of the change goes back at once.
  await views.rowCheckbox('First').check();
  await views.rowCheckbox('Second').check();
  await views.bulkBar().getByRole('combobox', { name: 'Set priority' }).selectOption({
    label: 'Low',
  });
  await expect(toast(page)).toContainText('Changed priority of 2 issues');
  await page.keyboard.press('Escape');
  await undoKey(page);
  await expect(toast(page)).toContainText('Undone');
  // One local write, but live replication may push its documents in separate batches.
  await expect
    .poll(async () => [
      (await serverIssue(page, slug, 'First'))?.priority,
      (await serverIssue(page, slug, 'Second'))?.priority,
    ])
    .toEqual([0, 0]);

  // Board: the card goes back to its column.
  await page.goto(`/${slug}/projects/ENG/board`);
  await views.dragCardTo('First', 'In Progress');
  await expect(views.column('In Progress').getByText('First')).toBeVisible();
  await expect(toast(page)).toContainText('Moved ENG-2 to In Progress');
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(views.column('Todo').getByText('First')).toBeVisible();
  await expect(views.column('In Progress').getByText('First')).toBeHidden();

  // A comment, deleted and back.
  await page.goto(`/${slug}/issue/ENG-2`);
  await issue.comment('Keep this thought');
  const comment = issue.timeline().getByRole('article', { name: /^Comment by/ });
  await comment.getByRole('button', { name: 'Delete' }).click();
  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await expect(issue.timeline().getByText('Keep this thought')).toBeHidden();
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(issue.timeline().getByText('Keep this thought')).toBeVisible();

  // An issue with a sub-issue, deleted and back with its number and its sub-issue.
  await page.getByRole('combobox', { name: 'Parent issue' }).click();
  await page.getByRole('option', { name: /ENG-1/ }).click();
  await expect(page.getByRole('combobox', { name: 'Parent issue' })).toHaveValue(/ENG-1/);
  await page.goto(`/${slug}/issue/ENG-1`);
  await page.getByRole('button', { name: 'Delete issue' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete issue' }).click();
  await expect(toast(page)).toContainText('Deleted ENG-1');
  await undoKey(page);
  await expect(toast(page)).toContainText('Undone: deleted ENG-1');
  await page.goto(`/${slug}/issue/ENG-1`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Parent');
  await issue.expectActivity('restored the issue');
  await expect(page.getByRole('region', { name: 'Sub-issues' })).toContainText('First');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect
    .poll(async () => (await serverIssue(page, slug, 'First'))?.parentId)
    .toMatch(/^issue:/);
});

test('an undo the role no longer allows is refused with the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await ownerWithWorkspace(browser, 'Roles', undefined, 'owner');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Shared');
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');
  await member.page.goto(`/${owner.slug}/issue/ENG-1`);
  await new IssuePageModel(member.page).choose('Priority', 'High');
  await expect(toast(member.page)).toContainText('Changed priority of ENG-1');
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await owner.members.open();
  await owner.members.setRole(member.account.name, 'Viewer');
  // The member's screen follows the new role: the properties are read only.
  await expect(member.page.getByRole('combobox', { name: 'Priority' })).toBeDisabled(SYNCED);
  await member.page.locator('body').click({ position: { x: 5, y: 5 } });
  await undoKey(member.page);
  await expect(toast(member.page)).toContainText(/Couldn’t undo: .*permission/);
  await expect
    .poll(async () => (await serverIssue(owner.page, owner.slug, 'Shared'))?.priority)
    .toBe(2);
  await owner.context.close();
  await member.context.close();
});
