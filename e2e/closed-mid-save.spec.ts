import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';

/**
 * A change is on screen before IndexedDB commits it (pending-journal.ts). These tests close the
 * page in between. To make "in between" last, another page of the same origin holds a write
 * transaction on the replica's real IndexedDB database, as a busy second tab can: the app's
 * write waits behind it, so the page is closed with its change shown and not committed.
 */

/** Hold a read-write transaction over the replica of `slug` until `releaseReplica`. */
async function holdReplica(page: Page, slug: string) {
  await page.evaluate(async (slug) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find((n) => n.startsWith('_pouch_keel-r2-') && n.endsWith(`-${slug}`));
    if (!name) throw new Error(`No replica of ${slug} in ${names.join(', ')}`);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = Array.from({ length: db.objectStoreNames.length }, (_, i) =>
      db.objectStoreNames.item(i)!,
    );
    const tx = db.transaction(stores, 'readwrite');
    const store = tx.objectStore(stores[0]!);
    const w = window as unknown as { keelHold: boolean };
    w.keelHold = true;
    // A transaction stays open while it has requests: keep asking until told to stop. Then let
    // go of the database too, as the app may need to upgrade it when it opens next.
    const again = () => {
      if (w.keelHold) store.get('keel-e2e-hold').onsuccess = again;
      else db.close();
    };
    again();
  }, slug);
}

async function releaseReplica(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { keelHold: boolean }).keelHold = false;
  });
}

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
