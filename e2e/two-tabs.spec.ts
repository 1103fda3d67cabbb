import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';

/**
 * Two tabs of one browser share one replica: two IndexedDB connections writing the same database.
 * PouchDB's indexeddb adapter kept its update sequence per connection, so the second tab's writes
 * reused sequences the first had taken and were refused; Keel patches it to read the stored
 * counter inside each write (patches/pouchdb-adapter-indexeddb+9.0.0.patch).
 */
test('two tabs of one browser take turns changing issues, and every change is saved and synced', async ({
  browser,
}) => {
  // Three browsers, four sign-ins: past 60 s on a slow machine, though every step had passed.
  test.setTimeout(120_000);
  const account = newAccount('tabs');
  const context = await browser.newContext();
  const one = new KeelPage(await context.newPage());
  await one.signUp(account);
  const slug = newSlug('tabs');
  await one.createWorkspace('Tabs', slug);
  await one.page.goto(`/${slug}/issues`);
  await one.createIssue('First tab');
  await one.createIssue('Second tab');
  await expect(one.syncIndicator()).toHaveText('Synced');

  const two = new KeelPage(await context.newPage());
  await one.page.goto(`/${slug}/issue/ENG-1`);
  await two.page.goto(`/${slug}/issue/ENG-2`);
  const first = new IssuePageModel(one.page);
  const second = new IssuePageModel(two.page);
  for (const [state, turn] of [
    ['In Progress', 1],
    ['In Progress', 2],
    ['Done', 1],
    ['Done', 2],
  ] as const) {
    const tab = turn === 1 ? first : second;
    await tab.choose('State', state);
    await expect(tab.combobox('State')).toHaveValue(state);
  }
  for (const keel of [one, two]) await expect(keel.syncIndicator()).toHaveText('Synced');
  // Nothing was refused on the device (it would be taken back, with its reason under the field).
  await expect(first.combobox('State')).toHaveValue('Done');
  await expect(second.combobox('State')).toHaveValue('Done');
  await expect(second.timeline().getByText('changed state from In Progress to Done')).toHaveCount(
    1,
  );

  // And on the server: a fresh device sees both.
  const other = await browser.newContext();
  const fresh = new KeelPage(await other.newPage());
  await fresh.signIn(account);
  await fresh.page.goto(`/${slug}/issue/ENG-1`);
  await expect(new IssuePageModel(fresh.page).combobox('State')).toHaveValue('Done');
  await fresh.page.goto(`/${slug}/issue/ENG-2`);
  await expect(new IssuePageModel(fresh.page).combobox('State')).toHaveValue('Done');
  await context.close();
  await other.close();
});

/**
 * A tab opens from the store snapshot (store-snapshot.ts), which is saved seconds after a change.
 * A change made just before the tab opened must be in the tab's first screen, not arrive a moment
 * later and shift the rows under the pointer.
 */
test('a tab opened just after a change shows it in its first screen', async ({ browser }) => {
  const account = newAccount('tabsnap');
  const context = await browser.newContext();
  const one = new KeelPage(await context.newPage());
  await one.signUp(account);
  const slug = newSlug('tabsnap');
  await one.createWorkspace('Snapshots', slug);
  await one.page.goto(`/${slug}/issues`);
  await one.createIssue('Older');
  // The snapshot is saved three seconds after the store last changed (SNAPSHOT_DELAY_MS), and
  // syncing "Older" changes it for a moment more; let the snapshot hold "Older".
  await one.page.waitForTimeout(6_000);
  const page = await context.newPage();
  // Each set of rows drawn, in order: a MutationObserver runs before the browser paints.
  await page.addInitScript(() => {
    const drawn: string[] = [];
    Object.assign(window, { drawn });
    new MutationObserver(() => {
      const links = document.querySelectorAll('[aria-label="Issues"] a.issue-row__link');
      const now = Array.from(links, (link) => link.getAttribute('aria-label')).join(' | ');
      if (now && drawn.at(-1) !== now) drawn.push(now);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await one.createIssue('Newer');
  await page.goto(`/${slug}/issues`);
  await expect(page.getByRole('link', { name: /Newer/ })).toBeVisible();
  const drawn = await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
  expect(drawn[0]).toMatch(/^ENG-2 Newer,.* \| ENG-1 Older,/);
  await context.close();
});
