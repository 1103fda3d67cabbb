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
