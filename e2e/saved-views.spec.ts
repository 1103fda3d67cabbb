import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 24's saved views and favourites (SPEC §10): a list's filters saved under a name, shared
 * with the workspace or kept personal (a viewer keeps their own and shares none), changed and
 * saved again by whoever may, and pinned issues, projects and views in each person's sidebar
 * (offline too), which nobody else sees.
 */
const sidebarSection = (page: Page, name: 'Views' | 'Favourites') =>
  page.getByRole('navigation', { name: 'Workspace' }).getByRole('region', { name });
const saveDialog = (page: Page) => page.getByRole('dialog', { name: 'Save view' });

test('saved views, shared and personal, and each person’s favourites', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await ownerWithWorkspace(browser, 'Views');
  const { page, slug } = owner;
  await page.goto(`/${slug}/issues`);
  await owner.keel.createIssue('Ship the beta');
  await owner.keel.createIssue('Write the launch post');
  const issue = new IssuePageModel(page);
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.choose('State', 'Done');
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');

  // The owner filters the list and saves it, shared; a view needs a name.
  await page.goto(`/${slug}/issues`);
  const views = new ViewsPage(page);
  await expect(page.getByRole('button', { name: 'Save view' })).toHaveCount(0);
  await views.addFilter('State', 'Done');
  await page.getByRole('button', { name: 'Save view' }).click();
  await saveDialog(page).getByRole('button', { name: 'Save view' }).click();
  await expect(saveDialog(page).getByText('View name is required')).toBeVisible();
  await saveDialog(page).getByLabel('Name').fill('Shipped');
  await saveDialog(page).getByLabel('Share with the workspace').check();
  await saveDialog(page).getByRole('button', { name: 'Save view' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/views/[A-Za-z0-9]+\\?state=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Shipped' })).toBeVisible();
  await expect(views.row('Ship the beta')).toBeVisible();
  await expect(views.row('Write the launch post')).toBeHidden();
  await expect(sidebarSection(page, 'Views').getByRole('link')).toHaveText(['Shipped (shared)']);

  // Grouped differently, it has unsaved changes until saved; a reload keeps what was saved.
  await views.setGrouping('Priority');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.toast')).toContainText('View Shipped saved');
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await page.goto(`/${slug}/issues`);
  await sidebarSection(page, 'Views')
    .getByRole('link', { name: /Shipped/ })
    .click();
  await expect(views.groupHeader('No priority 1')).toBeVisible();
  await owner.keel.expectAccessible();

  // A member opens it from their sidebar; they may change the list, not the view.
  const memberViews = new ViewsPage(member.page);
  await member.page.goto(`/${slug}/issues`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await sidebarSection(member.page, 'Views')
    .getByRole('link', { name: /Shipped/ })
    .click();
  await expect(memberViews.row('Ship the beta')).toBeVisible();
  await expect(member.page.getByRole('button', { name: 'Edit view', exact: true })).toHaveCount(0);
  await memberViews.setGrouping('No grouping');
  await expect(member.page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await member.page.getByRole('button', { name: 'Reset' }).click();
  await expect(memberViews.groupHeader('No priority 1')).toBeVisible();

  // A viewer keeps a personal view, and cannot share it; nobody else sees it.
  const viewerViews = new ViewsPage(viewer.page);
  await viewer.page.goto(`/${slug}/issues`);
  await viewerViews.addFilter('State', 'Todo');
  await viewer.page.getByRole('button', { name: 'Save view' }).click();
  await expect(saveDialog(viewer.page).getByLabel('Share with the workspace')).toHaveCount(0);
  await saveDialog(viewer.page).getByLabel('Name').fill('To read');
  await saveDialog(viewer.page).getByRole('button', { name: 'Save view' }).click();
  await expect(viewer.page.getByRole('heading', { level: 1, name: 'To read' })).toBeVisible();
  await expect(sidebarSection(viewer.page, 'Views').getByRole('link')).toHaveText([
    'Shipped (shared)',
    'To read',
  ]);
  await expect(viewer.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // Favourites: the member pins an issue and the view, and the project while offline.
  await member.page.goto(`/${slug}/issue/ENG-2`);
  await member.page.getByRole('button', { name: 'Favourite issue ENG-2' }).click();
  await expect(member.page.getByRole('button', { name: 'Favourite issue ENG-2' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await sidebarSection(member.page, 'Views')
    .getByRole('link', { name: /Shipped/ })
    .click();
  await member.page.getByRole('button', { name: 'Favourite view Shipped' }).click();
  await member.page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Engineering' })
    .click();
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await member.context.setOffline(true);
  await member.page.getByRole('button', { name: 'Favourite project Engineering' }).click();
  const memberFavourites = sidebarSection(member.page, 'Favourites').getByRole('link');
  await expect(memberFavourites).toHaveText([
    'Issue: ENG-2 Write the launch post',
    'View: Shipped',
    'Project: Engineering',
  ]);
  // Alt+↑ moves a favourite up.
  await memberFavourites.filter({ hasText: 'Engineering' }).focus();
  await member.page.keyboard.press('Alt+ArrowUp');
  await expect(memberFavourites).toHaveText([
    'Issue: ENG-2 Write the launch post',
    'Project: Engineering',
    'View: Shipped',
  ]);
  // Said to screen readers, with focus kept on the link that moved.
  await expect(sidebarSection(member.page, 'Favourites').getByRole('status')).toHaveText(
    'Moved Engineering to position 2 of 3.',
  );
  await expect(memberFavourites.filter({ hasText: 'Engineering' })).toBeFocused();
  await member.context.setOffline(false);
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await member.page.reload();
  await expect(memberFavourites).toHaveCount(3);
  // Unpinned from its page, it leaves the sidebar; another person's sidebar never had it.
  await member.page.goto(`/${slug}/issue/ENG-2`);
  await member.page.getByRole('button', { name: 'Favourite issue ENG-2' }).click();
  await expect(memberFavourites).toHaveCount(2);
  await expect(sidebarSection(page, 'Favourites')).toHaveCount(0);

  // The owner deletes the shared view: it leaves the member's sidebar and their favourites'
  // links.
  await page.getByRole('button', { name: 'Delete view', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(page.locator('.toast')).toContainText('View Shipped deleted');
  await expect(sidebarSection(member.page, 'Views')).toHaveCount(0, SYNCED);
  await expect(memberFavourites).toHaveText(['Project: Engineering'], SYNCED);
  // The pin of the deleted view stays until unpinned (it counts toward the hundred).
  const favouritesSection = sidebarSection(member.page, 'Favourites');
  await expect(favouritesSection).toContainText('View no longer available');
  await favouritesSection.getByRole('button', { name: 'Unpin view no longer available' }).click();
  await expect(favouritesSection).not.toContainText('View no longer available');
  await viewer.context.close();
  await member.context.close();
  await owner.context.close();
});
