import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { fillPhase } from './support/replica-hold.ts';

test('a second window of the same user sees each change without reloading', async ({ browser }) => {
  const account = newAccount('two');
  const first = await browser.newContext();
  const a = new KeelPage(await first.newPage());
  await a.signUp(account);
  const slug = newSlug('live');
  await a.createWorkspace('Live', slug);
  await a.page.goto(`/${slug}/issues`);
  await a.createIssue('Watch me sync');

  const second = await browser.newContext();
  const b = new KeelPage(await second.newPage());
  const workers: string[] = [];
  b.page.on('worker', (worker) => workers.push(worker.url()));
  await b.signIn(account);
  await b.page.goto(`/${slug}/issue/ENG-1`);
  await expect(b.page.getByRole('textbox', { name: 'Title' })).toHaveValue('Watch me sync');
  // The empty replica of this window was filled off the page's thread, and a filled one is
  // opened without a worker.
  const bootstraps = () => workers.filter((url) => url.includes('replica-bootstrap-worker'));
  expect(bootstraps().length).toBeGreaterThanOrEqual(1);
  const filled = bootstraps().length;
  // The title shows before the fill has written every document behind it (a reload before then
  // resumes the fill in a worker, as it should): wait for the fill's end first.
  await expect.poll(() => fillPhase(b.page, slug), { timeout: 30_000 }).toBe('done');
  await b.page.reload();
  await expect(b.page.getByRole('textbox', { name: 'Title' })).toHaveValue('Watch me sync');
  expect(bootstraps()).toHaveLength(filled);

  await a.page.goto(`/${slug}/issue/ENG-1`);
  const title = a.page.getByRole('textbox', { name: 'Title' });
  await title.fill('Synced within a second');
  await title.press('Enter');
  await expect(b.page.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Synced within a second',
    { timeout: 3_000 },
  );

  await new IssuePageModel(a.page).choose('State', 'Done');
  await expect(b.page.getByRole('combobox', { name: 'State' })).toHaveValue('Done', {
    timeout: 3_000,
  });
  await first.close();
  await second.close();
});

test('offline: create and edit, see the count of waiting changes, then sync on reconnect', async ({
  browser,
}) => {
  const account = newAccount('off');
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  await keel.signUp(account);
  const slug = newSlug('offline');
  // Issue numbers for offline use come from the server; on a busy one they come late. Synced
  // promises that the device can work offline, numbers included.
  await context.route('**/numbers', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await keel.createWorkspace('Offline', slug);
  await keel.page.goto(`/${slug}/issues`);
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 15_000 });

  await context.setOffline(true);
  await keel.createIssue('Written on a plane');
  await keel.createIssue('Also written offline');
  await expect(keel.issueRow('Written on a plane')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText(
    /^Offline — [1-9]\d* changes? saved on this device$/,
  );

  await context.setOffline(false);
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 20_000 });

  // Another browser of the same user gets both issues from the server.
  const other = await browser.newContext();
  const b = new KeelPage(await other.newPage());
  await b.signIn(account);
  await b.page.goto(`/${slug}/issues`);
  await expect(b.issueRow('Written on a plane')).toBeVisible();
  await expect(b.issueRow('Also written offline')).toBeVisible();
  await context.close();
  await other.close();
});

test('closing the tab and reopening with no network shows everything from the device', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  await keel.signUp(newAccount('reopen'));
  const slug = newSlug('reopen');
  await keel.createWorkspace('Reopen', slug);
  await keel.page.goto(`/${slug}/issues`);
  await keel.createIssue('Still here tomorrow');
  await expect(keel.syncIndicator()).toHaveText('Synced');
  // The service worker must be in control before the network goes away.
  await keel.page.reload();
  await keel.page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await keel.page.close();

  await context.setOffline(true);
  const page = await context.newPage();
  await page.goto(`/${slug}/issues`);
  await expect(new KeelPage(page).issueRow('Still here tomorrow')).toBeVisible();
  await context.close();
});

test('the database stopping while the app is open loses nothing; changes sync when it returns', async ({
  browser,
}) => {
  const account = newAccount('dbdown');
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  await keel.signUp(account);
  const slug = newSlug('dbdown');
  await keel.createWorkspace('Outage', slug);
  await keel.page.goto(`/${slug}/issues`);
  await keel.createIssue('Before the outage');
  await expect(keel.syncIndicator()).toHaveText('Synced');

  // Freeze this test server's embedded database process (SIGSTOP) so every request to it hangs.
  const pids = execFileSync('pgrep', ['-f', `embedded-db-child.ts ${process.env.E2E_DATA_DIR}`])
    .toString()
    .trim()
    .split('\n')
    .map(Number);
  expect(pids.length).toBe(1);
  try {
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    await keel.createIssue('During the outage');
    await expect(keel.issueRow('During the outage')).toBeVisible();
    await keel.page.goto(`/${slug}/issue/ENG-2`);
    await expect(keel.page.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'During the outage',
    );
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }

  const other = await browser.newContext();
  const b = new KeelPage(await other.newPage());
  await b.signIn(account);
  await b.page.goto(`/${slug}/issues`);
  await expect(b.issueRow('During the outage')).toBeVisible({ timeout: 30_000 });
  await context.close();
  await other.close();
});
