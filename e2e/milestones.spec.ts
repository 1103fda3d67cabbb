import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * Issue 24's milestones and project plan (SPEC §10): an admin sets the project's status and dates
 * (a target before the start is refused under its field), adds milestones (an empty name is
 * refused), orders them, puts issues in one (offline too) and sees each one's progress; deleting
 * a milestone takes its issues out of it; a viewer sees it all and changes nothing.
 */
const milestones = (page: Page) => page.getByRole('region', { name: 'Milestones' });
const plan = (page: Page) => page.getByRole('form', { name: 'Project plan' });

test('a project’s plan and milestones, with each milestone’s progress', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await ownerWithWorkspace(browser, 'Milestones');
  const { page, slug } = owner;
  await page.goto(`/${slug}/issues`);
  await owner.keel.createIssue('Ship the beta');
  await owner.keel.createIssue('Write the launch post');
  await owner.keel.createIssue('Third');
  // With no milestones, Shift+M on an issue says where they are made.
  await page.goto(`/${slug}/issue/ENG-1`);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+M');
  await expect(page.locator('.toast')).toContainText(
    'This project has no milestones yet. Add them on the project’s page.',
  );
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');

  // The projects page leads to the project's page.
  await page.goto(`/${slug}/projects`);
  await page.getByRole('link', { name: /Engineering ENG/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/ENG$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  await expect(milestones(page)).toContainText('Add the first below');

  // Status and dates: a target before the start is refused where it was typed.
  await plan(page).getByLabel('Status').selectOption('Paused');
  await plan(page).getByLabel('Start date').fill('2027-03-01');
  await plan(page).getByLabel('Target date').fill('2027-02-01');
  await plan(page).getByRole('button', { name: 'Save plan' }).click();
  await expect(plan(page).getByText('The target date is on or after the start date')).toBeVisible();
  // Moving the start fixes it as well as moving the target would.
  await plan(page).getByLabel('Start date').fill('2027-01-04');
  await expect(plan(page).getByText('The target date is on or after')).toHaveCount(0);
  await plan(page).getByLabel('Target date').fill('2027-06-30');
  await plan(page).getByRole('button', { name: 'Save plan' }).click();
  await expect(page.locator('.toast')).toContainText('Plan saved for Engineering');
  await expect(page.locator('.project-status')).toHaveText('Paused');

  // Milestones: a name is required; two added, then the second moved first.
  const section = milestones(page);
  await section.getByRole('button', { name: 'Add milestone' }).click();
  await expect(section.getByText('Milestone name is required')).toBeVisible();
  await section.getByLabel('Milestone name').fill('Private beta');
  await section.getByLabel('Target date').fill('2027-04-15');
  await section.getByRole('button', { name: 'Add milestone' }).click();
  await expect(section.locator('.milestone-row')).toHaveCount(1);
  await section.getByLabel('Milestone name').fill('Design review');
  await section.getByRole('button', { name: 'Add milestone' }).click();
  await expect(section.locator('.milestone-row__name')).toHaveText([
    'Private beta',
    'Design review',
  ]);
  await section.getByRole('button', { name: 'Move Design review up' }).click();
  await expect(section.locator('.milestone-row__name')).toHaveText([
    'Design review',
    'Private beta',
  ]);
  await owner.keel.expectAccessible();

  // Issues go in a milestone from their page: one online, one offline that syncs later.
  const issue = new IssuePageModel(page);
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.choose('Milestone', 'Private beta');
  await issue.expectActivity('added this to milestone “Private beta”');
  await issue.choose('State', 'Done');
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await owner.context.setOffline(true);
  await issue.choose('Milestone', 'Private beta');
  await owner.context.setOffline(false);
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await page.goto(`/${slug}/projects/ENG`);
  await expect(
    section.getByRole('progressbar', { name: 'Private beta completed' }),
  ).toHaveAttribute('aria-valuenow', '50');
  await expect(section.locator('.milestone-row').nth(1)).toContainText('1 of 2 done · 50%');

  // The list filters and groups by milestone.
  await page.getByRole('link', { name: 'List' }).click();
  const views = new ViewsPage(page);
  await views.setGrouping('Milestone');
  await expect(views.groupHeader('ENG · Private beta 2')).toBeVisible();
  await expect(views.groupHeader('No milestone 1')).toBeVisible();
  // The bulk bar puts the selection in a milestone of the project.
  await views.rowCheckbox('Third').check();
  await views
    .bulkBar()
    .getByRole('combobox', { name: 'Set milestone' })
    .selectOption('Design review');
  await expect(views.groupHeader('ENG · Design review 1')).toBeVisible();
  await expect(views.groupHeader('No milestone')).toBeHidden();
  await page.keyboard.press('Escape');
  await views.addFilter('Milestone', 'Private beta');
  await expect(views.chip('Milestone is Private beta')).toBeVisible();
  await expect(page).toHaveURL(/milestone=milestone(%3A|:)/);
  await expect(views.row('Ship the beta')).toBeVisible();
  await expect(views.row('Write the launch post')).toBeVisible();
  await expect(views.row('Third')).toBeHidden(); // in Design review now
  await page.goto(`/${slug}/projects/ENG`);

  // A viewer sees the plan and the progress, and can change neither.
  await viewer.page.goto(`/${slug}/projects/ENG`);
  await expect(milestones(viewer.page)).toContainText('1 of 2 done · 50%');
  await expect(milestones(viewer.page).getByRole('button')).toHaveCount(0);
  await expect(plan(viewer.page)).toHaveCount(0);
  await expect(viewer.page.locator('.project-page__facts')).toContainText(
    'Jan 4, 2027 → Jun 30, 2027',
  );
  await viewer.page.goto(`/${slug}/issue/ENG-2`);
  await expect(new IssuePageModel(viewer.page).combobox('Milestone')).toBeDisabled();
  await expect(new IssuePageModel(viewer.page).combobox('Milestone')).toHaveValue('Private beta');

  // Deleting a milestone takes its issues out of it.
  await section.getByRole('button', { name: 'Delete milestone Private beta' }).click();
  await expect(page.getByRole('dialog')).toContainText('Its 2 issues stay in the project');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete milestone' }).click();
  await expect(section.locator('.milestone-row__name')).toHaveText(['Design review']);
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(issue.combobox('Milestone')).toHaveValue('No milestone');
  await issue.expectActivity('removed this from a deleted milestone');
  await viewer.context.close();
  await owner.context.close();
});
