import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 24's cycles (SPEC §10): an admin turns them on for a project, Keel schedules the current
 * and the planned cycles, an issue is put in one from its page (or Shift+C), the sidebar leads
 * to the current cycle's page with its figures and issues; a list's bulk bar moves issues in and
 * out of a cycle, and Shift+C a board card's; a viewer sees it all and changes nothing; a cycle
 * chosen offline syncs later.
 */
const cyclesSection = (page: Page) => page.getByRole('region', { name: 'Cycles' });

async function turnCyclesOn(page: Page, slug: string) {
  await page.goto(`/${slug}/settings/projects?project=ENG`);
  const section = cyclesSection(page);
  await expect(section).toContainText('Work in time-boxed cycles');
  await section.getByRole('combobox', { name: 'Cycles' }).selectOption('On');
  await section.getByRole('combobox', { name: 'Length' }).selectOption({ label: '2 weeks' });
  await section.getByRole('combobox', { name: 'Starts on' }).selectOption({ label: 'Monday' });
  await section.getByRole('button', { name: 'Save cycles' }).click();
  await expect(page.locator('.toast')).toContainText('Cycles saved');
}

test('cycles on: an issue goes in the current cycle, whose page counts it', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await ownerWithWorkspace(browser, 'Cycles');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Ship cycle planning');
  await owner.keel.createIssue('Write the release notes');
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');

  // Before cycles are on, an issue has no Cycle property.
  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  const issuePage = new IssuePageModel(owner.page);
  await expect(issuePage.combobox('State')).toBeVisible();
  await expect(issuePage.combobox('Cycle')).toHaveCount(0);

  await turnCyclesOn(owner.page, owner.slug);
  await owner.keel.expectAccessible();
  const sidebarCycle = owner.page.getByRole('link', { name: /current cycle, Cycle 1$/ });
  await expect(sidebarCycle).toBeVisible();

  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  await issuePage.choose('Cycle', /^Cycle 1 .* · current$/);
  await expect(issuePage.combobox('Cycle')).toHaveValue('Cycle 1');
  await issuePage.expectActivity('added this to Cycle 1');
  // Shift+C opens the same field from the keyboard.
  await owner.page.locator('body').click({ position: { x: 5, y: 5 } });
  await owner.page.keyboard.press('Shift+C');
  await expect(owner.page.getByRole('listbox', { name: 'Cycle' })).toBeVisible();
  await expect(owner.page.getByRole('listbox', { name: 'Cycle' }).getByRole('option')).toHaveCount(
    4,
  ); // No cycle, the current one and two planned
  await owner.page.keyboard.press('Escape');

  // The second issue goes there offline, and syncs later.
  await owner.page.goto(`/${owner.slug}/issue/ENG-2`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await owner.context.setOffline(true);
  await issuePage.choose('Cycle', /^Cycle 1 /);
  await issuePage.choose('State', 'In Progress');
  await owner.context.setOffline(false);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await sidebarCycle.click();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Cycle 1' })).toBeVisible();
  await expect(owner.page.getByText('Current', { exact: true })).toBeVisible();
  const figures = owner.page.locator('.cycle-page__figures');
  await expect(figures).toContainText('Scope2');
  await expect(figures).toContainText('Started1');
  await expect(owner.page.getByRole('progressbar', { name: 'Completed' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  // Its issues as a list grouped by state, with the list's rows.
  const views = new ViewsPage(owner.page);
  await expect(views.groupHeader('Todo 1')).toBeVisible();
  await expect(views.groupHeader('In Progress 1')).toBeVisible();
  await expect(views.row('Ship cycle planning')).toHaveAccessibleName(/^ENG-1 .*Todo/);
  await expect(views.row('Write the release notes')).toHaveAccessibleName(/^ENG-2 .*In Progress/);
  // The burn-up, and its figures as a table: today's row holds both issues, none done yet.
  const burnUp = owner.page.getByRole('figure', { name: 'Burn-up' });
  await expect(burnUp.locator('canvas')).toBeVisible();
  await burnUp.getByText('Figures by day').click();
  const today = burnUp.getByRole('row').last();
  await expect(today.getByRole('cell')).toHaveText(['2', '0']);
  await owner.keel.expectAccessible();
  await owner.page.getByRole('link', { name: 'Next cycle' }).click();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Cycle 2' })).toBeVisible();
  await expect(owner.page.getByText('No issues in this cycle')).toBeVisible();
  await owner.page.getByRole('link', { name: 'Engineering cycles' }).click();
  await expect(owner.page.getByRole('region', { name: 'Upcoming' })).toContainText('Cycle 3');

  // Lists filter and group by cycle, kept in the URL.
  await owner.page.goto(`/${owner.slug}/projects/ENG/issues`);
  await owner.keel.createIssue('Not planned yet');
  await views.addFilter('Cycle', 'Cycle 1');
  await expect(views.chip('Cycle is Cycle 1')).toBeVisible();
  await expect(owner.page).toHaveURL(/cycle=cycle%3A|cycle=cycle:/);
  await expect(views.row('Ship cycle planning')).toBeVisible();
  await expect(views.row('Not planned yet')).toBeHidden();
  await owner.page.goto(`/${owner.slug}/projects/ENG/issues`);
  await views.setGrouping('Cycle');
  await expect(views.groupHeader('ENG · Cycle 1')).toBeVisible();
  await expect(views.groupHeader('No cycle')).toBeVisible();
  // The project's list moves selected issues into a cycle in one step, and out again.
  await views.rowCheckbox('Not planned yet').check();
  await views.rowCheckbox('Ship cycle planning').check();
  const setCycle = views.bulkBar().getByRole('combobox', { name: 'Set cycle' });
  await setCycle.selectOption({ label: 'Cycle 2' });
  await expect(views.groupHeader('ENG · Cycle 2 2')).toBeVisible();
  await expect(views.groupHeader('ENG · Cycle 1 1')).toBeVisible();
  const undoToast = owner.page.locator('.toast').filter({ hasText: 'Changed cycle of 2 issues' });
  const first = await undoToast.elementHandle();
  await setCycle.selectOption({ label: 'No cycle' });
  await expect(views.groupHeader('No cycle 2')).toBeVisible();
  // The toast of the change before is replaced by this one's once it is written.
  await first!.waitForElementState('hidden');
  await undoToast.getByRole('button', { name: 'Undo' }).click();
  await expect(views.groupHeader('ENG · Cycle 2 2')).toBeVisible();
  await setCycle.selectOption({ label: 'Cycle 1 (current)' });
  await expect(views.groupHeader('ENG · Cycle 1 3')).toBeVisible();
  await owner.keel.expectAccessible();
  await views.bulkBar().getByRole('button', { name: 'Clear selection' }).click();

  // On the board, Shift+C moves the focused card's issue to another cycle.
  await owner.page.goto(`/${owner.slug}/projects/ENG/board`);
  await views.card('Not planned yet').getByRole('link').focus();
  await owner.page.keyboard.press('Shift+C');
  await expect(owner.page.getByRole('listbox', { name: 'Cycle' })).toBeVisible();
  await owner.page.keyboard.type('Cycle 2');
  await owner.page.keyboard.press('Enter');
  await expect(views.card('Not planned yet').getByRole('link')).toBeFocused();
  // Saved (its Undo is offered) before the page is left.
  await expect(owner.page.locator('.toast')).toContainText('ENG-3');
  await owner.page.goto(`/${owner.slug}/issue/ENG-3`);
  await expect(issuePage.combobox('Cycle')).toHaveValue('Cycle 2');

  // A viewer sees the cycle, the page and the settings, and can change none of them.
  await viewer.page.goto(`/${owner.slug}/issue/ENG-1`);
  const theirs = new IssuePageModel(viewer.page);
  await expect(theirs.combobox('Cycle')).toHaveValue('Cycle 1', SYNCED);
  await expect(theirs.combobox('Cycle')).toBeDisabled();
  await viewer.page.goto(`/${owner.slug}/settings/projects?project=ENG`);
  await expect(cyclesSection(viewer.page)).toContainText('2 weeks, starting on Monday');
  await expect(cyclesSection(viewer.page).getByRole('button')).toHaveCount(0);
  await viewer.page.goto(`/${owner.slug}/projects/ENG/cycles/1`);
  await expect(viewer.page.locator('.cycle-page__figures')).toContainText('Scope2');
  await viewer.keel.expectAccessible();
  await owner.context.close();
  await viewer.context.close();
});

test('the cycle pages in dark, and a project without cycles says how to turn them on', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithWorkspace(browser, 'Dark cycles', 'dark');
  await owner.page.goto(`/${owner.slug}/projects/ENG/cycles`);
  await expect(owner.page.getByText('No cycles yet')).toBeVisible();
  await expect(owner.page.getByText(/Turn cycles on for this project/)).toBeVisible();
  await turnCyclesOn(owner.page, owner.slug);
  await owner.page.goto(`/${owner.slug}/projects/ENG/cycles`);
  await expect(owner.page.getByRole('region', { name: 'Current' })).toContainText('Cycle 1');
  await owner.keel.expectAccessible();
  await owner.page.goto(`/${owner.slug}/projects/ENG/cycles/1`);
  await expect(owner.page.getByText('No issues in this cycle')).toBeVisible();
  await owner.keel.expectAccessible();
  await owner.page.goto(`/${owner.slug}/projects/ENG/cycles/99`);
  await expect(owner.page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await owner.context.close();
});
