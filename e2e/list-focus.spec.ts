import { expect, test } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { ownerWithWorkspace } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * List rows are drawn in place (keyed by their position), so a filter keystroke reuses them.
 * When the issues on screen move under a focused row (a change from another tab, a sync), focus
 * must still follow the issue it was on, not stay on the place.
 */
test('focus stays on its issue when a change elsewhere moves the rows', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Focus');
  const { page, keel } = owner;
  await page.goto(`/${owner.slug}/issues`);
  await keel.createIssue('First');
  await keel.createIssue('Second');
  await keel.createIssue('Third');
  const views = new ViewsPage(page);

  // Grouped by state (the default): all three are under Todo. Focus the third row with j.
  await page.locator('body').click({ position: { x: 700, y: 600 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const title = ['First', 'Second', 'Third'].find((t) => focused?.includes(` ${t},`));
  expect(title).toBeDefined();
  await expect(views.row(title!)).toBeFocused();

  // Another tab moves one of the other issues to In Progress: the rows under Todo shift.
  const other = ['First', 'Second', 'Third'].find((t) => t !== title)!;
  const tab = await page.context().newPage();
  await tab.goto(`/${owner.slug}/issues`);
  await tab.getByRole('link', { name: new RegExp(` ${other},`) }).click();
  await new IssuePageModel(tab).choose('State', 'In Progress');
  await expect(new IssuePageModel(tab).combobox('State')).toHaveValue('In Progress');

  await expect(views.row(other)).toHaveAccessibleName(/In Progress/);
  await expect(views.row(title!)).toBeFocused();
  await tab.close();
  await owner.context.close();
});
