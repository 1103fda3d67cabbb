import { expect, test } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 24's estimate scales (SPEC §10): an admin sizes a project in T-shirt sizes; its issues
 * are estimated XS–XL, an estimate given before keeps its value, and group headers and board
 * columns add up the points. A viewer reads the scale and cannot change it; with estimates off,
 * the issue page offers none.
 */
test('a project’s estimate scale, its issues’ sizes and their sums', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await ownerWithWorkspace(browser, 'Estimates');
  const { page, slug } = owner;
  await page.goto(`/${slug}/issues`);
  await owner.keel.createIssue('Small thing');
  await owner.keel.createIssue('Big thing');
  await owner.keel.createIssue('Old estimate');
  // Estimated in Fibonacci first: 13 has no T-shirt size.
  await page.goto(`/${slug}/issue/ENG-3`);
  await page.getByLabel('Estimate', { exact: true }).selectOption('13 points');
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // T-shirt sizes for the project.
  await page.goto(`/${slug}/settings/projects?project=ENG`);
  const section = page.getByRole('region', { name: 'Estimates' });
  await section.getByLabel('Estimate scale').selectOption('T-shirt (XS, S, M, L, XL)');
  await expect(page.locator('.toast')).toContainText('Estimates for Engineering: T-shirt');

  await page.goto(`/${slug}/issue/ENG-1`);
  const estimate = page.getByLabel('Estimate', { exact: true });
  await expect(estimate.locator('option')).toHaveText(['No estimate', 'XS', 'S', 'M', 'L', 'XL']);
  await estimate.selectOption('S');
  // Saved on the device (its activity shown) before the next page is loaded.
  const issue = new IssuePageModel(page);
  await issue.expectActivity('set the estimate to S');
  await page.goto(`/${slug}/issue/ENG-2`);
  await estimate.selectOption('XL');
  await issue.expectActivity('set the estimate to XL');
  // The estimate given in Fibonacci stays, and stays listed.
  await page.goto(`/${slug}/issue/ENG-3`);
  await expect(estimate).toHaveValue('13');
  await expect(estimate.locator('option:checked')).toHaveText('13 points');

  // Sums: 2 + 8 + 13 in the Todo group and the Todo column.
  await page.goto(`/${slug}/projects/ENG/issues`);
  const views = new ViewsPage(page);
  await expect(views.groupHeader('Todo 3')).toContainText('23 points');
  await page.goto(`/${slug}/projects/ENG/board`);
  await expect(
    page.getByRole('heading', { level: 2, name: /^Todo/ }).filter({ hasText: '23 points' }),
  ).toBeVisible();

  // A viewer reads the scale; nobody is offered estimates once they are off.
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  await viewer.page.goto(`/${slug}/settings/projects?project=ENG`);
  await expect(viewer.page.getByRole('region', { name: 'Estimates' })).toContainText(
    'T-shirt (XS, S, M, L, XL).',
  );
  await expect(viewer.page.getByLabel('Estimate scale')).toHaveCount(0);
  await page.goto(`/${slug}/settings/projects?project=ENG`);
  await section.getByLabel('Estimate scale').selectOption('No estimates');
  await expect(page.locator('.toast')).toContainText('Estimates for Engineering: No estimates');
  await page.goto(`/${slug}/issue/ENG-1`);
  // ENG-1 keeps its S until someone takes it off; a new issue has no Estimate field.
  await expect(estimate).toHaveValue('2');
  await estimate.selectOption('No estimate');
  await expect(estimate).toHaveCount(0);
  await viewer.context.close();
  await owner.context.close();
});
