import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * `/:ws/settings/data` (SPEC §2, §7): export what the workspace holds and import issues from a
 * spreadsheet, through the real server, database and sign-in.
 */
test.describe.configure({ timeout: 180_000 });

async function chooseCsv(page: Page, name: string, csv: string) {
  await page.getByLabel('CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
}

test('import issues from CSV: a file with problems says where and imports nothing; a good one is checked, then imported and synced', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Movers');
  const { page, keel } = owner;
  await page.goto(`/${owner.slug}/settings/data`);
  await expect(page.getByRole('heading', { name: 'Import and export', level: 1 })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300); // past the colour transitions
    await keel.expectAccessible();
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // No file yet.
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('Choose a CSV file')).toBeVisible();

  // Problems: named by row, and nothing is imported.
  await chooseCsv(page, 'broken.csv', 'Title,Priority,Due date\nFine,,\n,Soon,2030-02-30\n');
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(problems).toContainText('Row 3: Title is required');
  await expect(problems).toContainText(
    'Row 3: Priority must be one of No priority, Urgent, High, Medium, Low',
  );
  await expect(problems).toContainText('Row 3: Due date must be a real date (YYYY-MM-DD)');
  await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
  await keel.expectAccessible();

  // A good file: checked first (what will happen), then imported.
  await chooseCsv(
    page,
    'from-elsewhere.csv',
    [
      'Title,Description,State,Priority,Labels,Story points',
      'Crash on save,"Steps:\n1. Save",In Progress,Urgent,"Bug, Frontend",8',
      'Typo in the guide,,,,Docs,',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  const ready = page.getByRole('status').filter({ hasText: 'from-elsewhere.csv' });
  await expect(ready).toContainText('2 issues will be added to Engineering.');
  await expect(ready).toContainText('New labels: Bug, Frontend, Docs.');
  await expect(ready).toContainText('Columns left out: Story points.');
  await keel.expectAccessible();
  await page.screenshot({ path: test.info().outputPath('import-checked.png') });
  await page.getByRole('button', { name: 'Import 2 issues' }).click();
  await expect(page.getByText(/2 issues added to Engineering\. ENG-\d+–ENG-\d+/)).toBeVisible();
  // Ready for the next file: nothing chosen, and the summary gone.
  await expect(page.getByLabel('CSV file')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Check file' })).toBeVisible();

  // The device pulls them like any change: on the list, on top, with their fields.
  await page.getByRole('link', { name: 'Engineering', exact: true }).first().click();
  const views = new ViewsPage(page);
  await expect(views.row('Crash on save')).toBeVisible(SYNCED);
  await expect(views.row('Typo in the guide')).toBeVisible();
  await views.row('Crash on save').click();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('In Progress');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await expect(page.getByRole('combobox', { name: 'Labels' })).toHaveValue('Bug, Frontend');
  await expect(page.getByText('created the issue')).toBeVisible();
  await owner.context.close();
});

test('import from Jira: the check shows what each status, priority and person becomes; the import keeps keys, dates and comments, and adds nothing twice', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Switchers');
  const { page, keel } = owner;
  await page.goto(`/${owner.slug}/settings/data`);
  await page.getByLabel('From').selectOption({ label: 'Jira (CSV)' });
  await expect(page.getByText('Export CSV (all fields)')).toBeVisible();
  await page.getByLabel('Link back to').fill('https://acme.atlassian.net');
  const jira = [
    'Summary,Issue key,Issue id,Status,Priority,Assignee,Created,Labels,Description,Comment',
    'Login broken,PROJ-12,10012,In Progress,Highest,Ada Lovelace,12/Mar/24 3:04 PM,auth,"h3. Steps\n* open *login*","13/Mar/24 9:00 AM;Grace Hopper;Seen it on *Firefox*"',
    'Tidy the docs,PROJ-13,10013,Selected for Development,Low,,01/Feb/24 9:00 AM,,,',
  ].join('\n');
  const choose = () => chooseCsv(page, 'jira.csv', jira);
  await choose();
  await page.getByRole('button', { name: 'Check file' }).click();
  const ready = page.getByRole('status').filter({ hasText: 'jira.csv' });
  await expect(ready).toContainText('2 issues will be added to Engineering.');
  await expect(ready).toContainText('1 comment comes along.');
  await expect(ready).toContainText('assigned to someone who is not mapped to a member');
  const statuses = page.getByRole('group', { name: 'Jira statuses' });
  await expect(statuses.getByLabel('In Progress')).toHaveValue('in-progress');
  await expect(statuses.getByLabel('Selected for Development')).toHaveValue('todo');
  await expect(
    page.getByRole('group', { name: 'Jira priorities' }).getByLabel('Highest'),
  ).toHaveValue('1');
  await expect(
    page.getByRole('group', { name: 'Assignees' }).getByLabel('Ada Lovelace'),
  ).toHaveValue('');
  await statuses.getByLabel('In Progress').selectOption({ label: 'In Review' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300); // past the colour transitions
    await keel.expectAccessible();
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath('import-mapping.png'), fullPage: true });
  await page.getByRole('button', { name: 'Import 2 issues' }).click();
  await expect(page.getByText(/2 issues added to Engineering\. ENG-\d+–ENG-\d+/)).toBeVisible();

  // The same file again: nothing new to add, and no button to add it.
  await choose();
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'jira.csv' })).toContainText(
    'every issue in this file was imported before',
  );
  await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);

  // On the issue: its state as mapped, where it came from, its comment with who wrote it.
  await page.getByRole('link', { name: 'Engineering', exact: true }).first().click();
  const views = new ViewsPage(page);
  await expect(views.row('Login broken')).toBeVisible(SYNCED);
  await views.row('Login broken').click();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('In Review');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await expect(page.getByText('Imported from', { exact: true })).toBeVisible();
  await expect(page.getByText('imported the issue, created in Jira as PROJ-12')).toBeVisible();
  await expect(page.getByRole('link', { name: 'PROJ-12' })).toHaveAttribute(
    'href',
    'https://acme.atlassian.net/browse/PROJ-12',
  );
  await expect(page.getByText('Grace Hopper, in Jira:')).toBeVisible();
  await expect(page.getByText('Seen it on Firefox')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await keel.expectAccessible();
  await owner.context.close();
});

test('export: the workspace as JSON and the issues as CSV, for viewers too; viewers cannot import', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Keepers');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Keep me safe');
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  const { page, keel } = viewer;
  await expect(keel.issueRow('Keep me safe')).toBeVisible(SYNCED);
  await page.goto(`/${owner.slug}/settings/data`);
  await expect(page.getByText('Viewers can export.')).toBeVisible();
  await expect(page.getByLabel('CSV file')).toHaveCount(0);
  await keel.expectAccessible();

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export workspace (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(
    new RegExp(`^keel-${owner.slug}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const exported = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
    workspace: { slug: string };
    documents: { type: string; title?: string }[];
  };
  expect(exported.workspace.slug).toBe(owner.slug);
  expect(exported.documents.filter((d) => d.type === 'issue').map((d) => d.title)).toEqual([
    'Keep me safe',
  ]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export issues (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe(
    'Key,Title,Description,State,Priority,Assignee,Labels,Estimate,Due date,Parent,Created,Updated',
  );
  expect(text).toContain('ENG-1,Keep me safe,,Todo,No priority');

  // Offline, a download would only save an error: the page says why instead of offering it.
  await viewer.context.setOffline(true);
  await expect(page.getByText(/Exporting needs the server/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export issues (CSV)' })).toHaveCount(0);
  await viewer.context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Export issues (CSV)' })).toBeVisible(SYNCED);
  await viewer.context.close();
  await owner.context.close();
});
