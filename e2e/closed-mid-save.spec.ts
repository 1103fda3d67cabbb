import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { holdReplica, releaseReplica } from './support/replica-hold.ts';

/**
 * A change is on screen before IndexedDB commits it (pending-journal.ts). These tests close the
 * page in between. To make "in between" last, another page of the same origin holds a write
 * transaction on the replica's real IndexedDB database, as a busy second tab can: the app's
 * write waits behind it, so the page is closed with its change shown and not committed.
 */

test('a change shown before the device saved it survives the page closing at once', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  const account = newAccount('closer');
  await keel.signUp(account);
  const slug = newSlug('closer');
  await keel.createWorkspace('Closer', slug);
  await keel.page.goto(`/${slug}/issues`);
  await keel.createIssue('Ship the journal');
  await keel.page.goto(`/${slug}/issue/ENG-1`);
  const issue = new IssuePageModel(keel.page);
  await expect(issue.combobox('State')).toHaveValue('Todo');
  await expect(keel.syncIndicator()).toHaveText('Synced');

  const holder = await context.newPage();
  await holder.goto('/favicon.svg');
  await holdReplica(holder, slug);

  await issue.choose('State', 'Done');
  // On screen although the device has not committed it: its write waits behind the holder.
  await expect(issue.combobox('State')).toHaveValue('Done');
  await issue.expectActivity('changed state from Todo to Done');
  const waiting = await keel.page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('keel.pending.')),
  );
  expect(waiting).toHaveLength(1);
  await keel.page.close();
  await releaseReplica(holder);

  // The next page saves what the closed one had shown, once.
  const next = new KeelPage(await context.newPage());
  await next.page.goto(`/${slug}/issue/ENG-1`);
  const reopened = new IssuePageModel(next.page);
  await expect(reopened.combobox('State')).toHaveValue('Done');
  await reopened.expectActivity('changed state from Todo to Done');
  await expect(next.syncIndicator()).toHaveText('Synced');
  await expect(reopened.timeline().getByText('changed state from Todo to Done')).toHaveCount(1);
  expect(
    await next.page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('keel.pending.')),
    ),
  ).toEqual([]);

  // And it reached the server: a fresh device sees it.
  const other = await browser.newContext();
  const fresh = new KeelPage(await other.newPage());
  await fresh.signIn(account);
  await fresh.page.goto(`/${slug}/issue/ENG-1`);
  await expect(new IssuePageModel(fresh.page).combobox('State')).toHaveValue('Done');
  await context.close();
  await other.close();
});
