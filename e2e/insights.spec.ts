import { expect, test } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { ownerWithWorkspace } from './support/team.ts';

/**
 * Issue 24's insights: a project's cumulative flow and its lead and cycle times, drawn from the
 * device's copy. An owner makes four issues, starts two and finishes one, opens Insights from the
 * project's tabs, sees both charts drawn and the same figures as tables, switches the range and
 * the measure, and the page passes axe in light and in dark.
 */
test('a project’s insights: flow, lead and cycle time, as charts and tables', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithWorkspace(browser, 'Insights');
  const { page, slug } = owner;
  await page.goto(`/${slug}/issues`);
  for (const title of ['Plan', 'Build', 'Ship', 'Celebrate']) await owner.keel.createIssue(title);
  const issue = new IssuePageModel(page);
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.choose('State', 'In Progress');
  await issue.choose('State', 'Done');
  await page.goto(`/${slug}/issue/ENG-2`);
  await issue.choose('State', 'In Progress');

  // From the project's list, its Insights tab.
  await page.goto(`/${slug}/projects/ENG/issues`);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/ENG/insights$`));
  const flow = page.getByRole('figure', { name: 'Cumulative flow' });
  const times = page.getByRole('figure', { name: 'Lead time' });
  await expect(page.locator('.insight canvas')).toHaveCount(2);
  await expect(flow.locator('canvas')).toHaveCount(1);
  await expect(times.locator('canvas')).toHaveCount(1);

  // The flow's table: today's row (the first, newest first) has one completed, one started.
  await flow.getByText('Show as table').click();
  const table = flow.getByRole('table');
  const header = table.getByRole('row').first().getByRole('columnheader');
  await expect(header).toHaveText([
    'Day',
    'Backlog',
    'Unstarted',
    'Started',
    'Completed',
    'Canceled',
  ]);
  const todayRow = table.getByRole('row').nth(1).getByRole('cell');
  await expect(todayRow.nth(2)).toHaveText('1');
  await expect(todayRow.nth(3)).toHaveText('1');
  await expect(todayRow.nth(4)).toHaveText('0');
  const counts = (await todayRow.allTextContents()).map(Number);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(4);

  // Lead time: the one issue done, in the first bucket; cycle time counts it too.
  await expect(times.locator('.insight__figures')).toContainText('Issues1');
  await times.getByText('Show as table').click();
  await expect(times.getByRole('row', { name: /Under a day/ }).getByRole('cell')).toHaveText('1');
  await times.getByRole('button', { name: 'Cycle time' }).click();
  await expect(page.getByRole('figure', { name: 'Cycle time' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cycle time' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The range switch: real buttons, one pressed; the charts follow.
  const range = page.getByRole('group', { name: 'Range' });
  await expect(range.getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await range.getByRole('button', { name: '30 days' }).click();
  await expect(range.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(range.getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(flow).toContainText('in the last 30 days');
  await expect(page.locator('.insight canvas')).toHaveCount(2);

  await owner.keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('.insight canvas')).toHaveCount(2);
  await owner.keel.expectAccessible();

  // A saved view's insights: only the issues it shows (started ones), by its own tab.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/${slug}/issues?state=in-progress`);
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('In flight');
  await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'In flight' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(page).toHaveURL(/\/views\/[A-Za-z0-9]+\/insights\?state=in-progress/);
  await expect(page.getByRole('heading', { level: 1, name: 'In flight' })).toBeVisible();
  const viewFlow = page.getByRole('figure', { name: 'Cumulative flow' });
  await expect(viewFlow.locator('canvas')).toHaveCount(1);
  // None of the view's issues is done: its lead time says so instead of drawing nothing.
  await expect(page.getByRole('figure', { name: 'Lead time' })).toContainText(
    'No completed issues in the last 90 days',
  );
  await viewFlow.getByText('Show as table').click();
  const viewToday = viewFlow.getByRole('table').getByRole('row').nth(1).getByRole('cell');
  await expect(viewToday).toHaveText(['0', '0', '1', '0', '0']);
  await owner.keel.expectAccessible();
  await owner.context.close();
});
