import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { fillPhase } from './support/replica-hold.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 24's relations (SPEC §10): an issue blocks, is blocked by, relates to or duplicates
 * another; both issues show it, each with an activity; a pair is related once per kind; a
 * duplicate is canceled; a viewer sees them and changes nothing; made offline, a relation
 * syncs later.
 */
const relations = (page: Page) => page.getByRole('region', { name: 'Relations' });

async function relate(page: Page, how: string, key: string) {
  await relations(page).getByRole('button', { name: 'Add relation' }).click();
  await relations(page).getByRole('combobox', { name: 'This issue' }).selectOption({ label: how });
  const issue = relations(page).getByRole('combobox', { name: 'Related issue' });
  await issue.click();
  await issue.fill(key);
  await page
    .getByRole('listbox', { name: 'Related issue' })
    .getByRole('option', { name: new RegExp(`^${key} `) })
    .click();
}

/** The workspace's relations as the server holds them, through the proxy the browser uses. */
async function serverRelations(page: Page, slug: string) {
  const res = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  const body = (await res.json()) as { results: { deleted?: boolean; doc?: { type?: string } }[] };
  return body.results.filter((r) => !r.deleted && r.doc?.type === 'relation').map((r) => r.doc);
}

test('a relation shows on both issues, for another member too, and goes when removed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithWorkspace(browser, 'Relations');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Login fails on Safari');
  await owner.keel.createIssue('Auth service is down');
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');

  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  await expect(relations(owner.page)).toContainText('No related issues.');
  await relate(owner.page, 'blocked by', 'ENG-2');
  const row = relations(owner.page).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Blocked by');
  await expect(row).toContainText('ENG-2');
  await expect(row).toContainText('Auth service is down');
  await new IssuePageModel(owner.page).expectActivity('marked this as blocked by ENG-2');
  await owner.keel.expectAccessible();

  // The list and the board mark the blocked issue, and only it.
  await owner.page.goto(`/${owner.slug}/issues`);
  await expect(
    owner.page.getByRole('link', { name: /^ENG-1 Login fails on Safari, blocked,/ }),
  ).toBeVisible();
  await expect(
    owner.page.getByRole('link', { name: /^ENG-2 Auth service is down, Todo/ }),
  ).toBeVisible();
  // Filtered by relation, in the URL: blocked is ENG-1, blocking is ENG-2.
  const views = new ViewsPage(owner.page);
  await views.addFilter('Relation', 'Blocked');
  await expect(views.chip('Relation is Blocked')).toBeVisible();
  await expect(owner.page).toHaveURL(/relation=blocked/);
  await expect(owner.page.getByRole('link', { name: /^ENG-1 / })).toBeVisible();
  await expect(owner.page.getByRole('link', { name: /^ENG-2 / })).toBeHidden();
  await owner.page.goto(`/${owner.slug}/issues?relation=blocking`);
  await expect(owner.page.getByRole('link', { name: /^ENG-2 / })).toBeVisible();
  await expect(owner.page.getByRole('link', { name: /^ENG-1 / })).toBeHidden();
  await owner.page.goto(`/${owner.slug}/projects/ENG/board`);
  await expect(
    owner.page.getByRole('link', { name: 'ENG-1 Login fails on Safari, blocked' }),
  ).toBeVisible();
  await expect(owner.page.getByRole('link', { name: 'ENG-2 Auth service is down' })).toBeVisible();
  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);

  // The same pair and kind again, either way round, is refused with the reason.
  await relate(owner.page, 'blocks', 'ENG-2');
  await expect(relations(owner.page)).toContainText('These issues are related this way already');
  await relations(owner.page).getByRole('button', { name: 'Cancel' }).click();
  // r, or the palette's Add relation…, opens the form on its first choice.
  await owner.page.keyboard.press('r');
  await expect(relations(owner.page).getByRole('combobox', { name: 'This issue' })).toBeFocused();
  await relations(owner.page).getByRole('button', { name: 'Cancel' }).click();

  // The other member sees it from the other side.
  await member.page.goto(`/${owner.slug}/issue/ENG-2`);
  const theirs = relations(member.page).getByRole('listitem');
  await expect(theirs).toContainText('Blocks', SYNCED);
  await expect(theirs).toContainText('ENG-1');
  await new IssuePageModel(member.page).expectActivity('marked this as blocking ENG-1');

  // They remove it; it goes from the owner's screen, with an activity on both.
  await relations(member.page)
    .getByRole('button', { name: 'Remove relation: blocks ENG-1' })
    .click();
  await expect(relations(member.page)).toContainText('No related issues.');
  await expect(relations(owner.page)).toContainText('No related issues.', SYNCED);
  await new IssuePageModel(owner.page).expectActivity('removed the relation: blocked by ENG-2');
  await expect.poll(() => serverRelations(owner.page, owner.slug), SYNCED).toEqual([]);
  await owner.context.close();
  await member.context.close();
});

test('made offline, a relation syncs later; a viewer sees it and cannot change it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithWorkspace(browser, 'Offline relations', 'dark');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Checkout page');
  await owner.keel.createIssue('Checkout page, again');
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');

  await owner.page.goto(`/${owner.slug}/issue/ENG-2`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await owner.context.setOffline(true);
  await relate(owner.page, 'duplicate of', 'ENG-1');
  await expect(relations(owner.page).getByRole('listitem')).toContainText('Duplicate of');
  // A duplicate is canceled, with the state's activity beside the relation's.
  const page = new IssuePageModel(owner.page);
  await expect(page.combobox('State')).toHaveValue('Canceled');
  await page.expectActivity('changed state from Todo to Canceled');
  await page.expectActivity('marked this as a duplicate of ENG-1');
  expect(await serverRelations(viewer.page, owner.slug)).toEqual([]);
  await owner.context.setOffline(false);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect
    .poll(async () => (await serverRelations(viewer.page, owner.slug)).length, SYNCED)
    .toBe(1);
  await owner.keel.expectAccessible();

  await viewer.page.goto(`/${owner.slug}/issue/ENG-1`);
  const seen = relations(viewer.page).getByRole('listitem');
  await expect(seen).toContainText('Duplicated by', SYNCED);
  await expect(seen).toContainText('ENG-2');
  await expect(relations(viewer.page).getByRole('button')).toHaveCount(0);
  await owner.context.close();
  await viewer.context.close();
});

test('Undo takes back adding a duplicate and removing a relation; a done blocker unblocks', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithWorkspace(browser, 'Undo relations');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Export to CSV');
  await owner.keel.createIssue('CSV export');
  const toast = (text: string) => owner.page.locator('.toast').filter({ hasText: text });

  await owner.page.goto(`/${owner.slug}/issue/ENG-2`);
  // The reload may cut the first fill short; let it end here, so that the reloads below each
  // open a filled replica as the list's check expects (first-sync.spec.ts covers reloads
  // during a fill).
  await expect.poll(() => fillPhase(owner.page, owner.slug), { timeout: 30_000 }).toBe('done');
  const page = new IssuePageModel(owner.page);
  await relate(owner.page, 'duplicate of', 'ENG-1');
  await expect(page.combobox('State')).toHaveValue('Canceled');
  await toast('Added relation: duplicate of ENG-1').getByRole('button', { name: 'Undo' }).click();
  await expect(relations(owner.page)).toContainText('No related issues.');
  await expect(page.combobox('State')).toHaveValue('Todo');
  await expect(owner.page.locator('.toast')).toContainText(
    'Undone: added relation: duplicate of ENG-1.',
  );

  await relate(owner.page, 'blocked by', 'ENG-1');
  await relations(owner.page)
    .getByRole('button', { name: 'Remove relation: blocked by ENG-1' })
    .click();
  await expect(relations(owner.page)).toContainText('No related issues.');
  await toast('Removed relation: blocked by ENG-1').getByRole('button', { name: 'Undo' }).click();
  await expect(relations(owner.page).getByRole('listitem')).toContainText('Blocked by');
  await expect
    .poll(async () => (await serverRelations(owner.page, owner.slug)).length, SYNCED)
    .toBe(1);

  // Once the blocking issue is done, the other is no longer marked blocked.
  await owner.page.goto(`/${owner.slug}/issues`);
  await expect(owner.page.getByRole('link', { name: /^ENG-2 CSV export, blocked,/ })).toBeVisible();
  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  await page.choose('State', 'Done');
  await expect(page.combobox('State')).toHaveValue('Done');
  await owner.page.goto(`/${owner.slug}/issues?relation=blocked`);
  await expect(owner.page.getByRole('link', { name: /^ENG-2 / })).toBeHidden();
  await owner.page.goto(`/${owner.slug}/issues`);
  await expect(owner.page.getByRole('link', { name: /^ENG-2 CSV export, Todo/ })).toBeVisible();
  await owner.context.close();
});
