import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { idbWrites, refuseIdbWrites } from './support/idb-faults.ts';
import { KeelPage } from './support/keel-page.ts';
import { fillPhase } from './support/replica-hold.ts';

/**
 * The store snapshot (apps/web/src/data/store-snapshot.ts) is a cache in an IndexedDB
 * database beside the replica. When the device is out of room, writing it fails; that must cost nothing but the
 * fast path: the store stays on screen, work goes on, and the next open reads the documents.
 *
 * A full disk is played by the browser itself: while `keel.e2e.storageFull` is set, IndexedDB
 * aborts every transaction that writes a snapshot record, as it does when the quota is exceeded.
 * Everything else (replica, server, database, sign-in) is real.
 */
const FULL_FLAG = 'keel.e2e.storageFull';

/** Open each of this device's snapshot databases (apps/web/src/data/snapshot-db.ts). */
const eachSnapshotDb = (page: Page, mode: 'list' | 'drop') =>
  page.evaluate(async (mode) => {
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => n.startsWith('keel-snapshots-'));
    const found: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
      });
      if (db.objectStoreNames.contains('snapshots')) {
        const tx = db.transaction('snapshots', mode === 'drop' ? 'readwrite' : 'readonly');
        const store = tx.objectStore('snapshots');
        if (mode === 'drop') store.clear();
        else
          store.getAllKeys().onsuccess = (event) =>
            found.push(...(event.target as IDBRequest<IDBValidKey[]>).result.map(String));
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('snapshot store failed'));
        });
      }
      db.close();
    }
    return found.sort();
  }, mode);

/** The snapshot records stored for the workspace, read straight from IndexedDB. */
const storedSnapshots = (page: Page) => eachSnapshotDb(page, 'list');

/** Remove the snapshot records (a cache: nothing else is lost). */
const dropSnapshots = (page: Page) => eachSnapshotDb(page, 'drop');

test('a snapshot that cannot be written (storage full) loses nothing, and the next open reads the documents', async ({
  page,
}) => {
  await refuseIdbWrites(page, { flag: FULL_FLAG, idPrefix: 'keel-snapshot-' });
  // An uncaught failure (an unhandled rejection included) is a failure of this test.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('full'));
  const slug = newSlug('full');
  await keel.createWorkspace('Full disk', slug);
  // The first sync saved a snapshot while there was room; this device is one that has none.
  await expect.poll(() => fillPhase(page, slug)).toBe('done');
  await expect.poll(() => storedSnapshots(page)).toContain('keel-snapshot-history');
  await dropSnapshots(page);
  await page.evaluate((flag) => localStorage.setItem(flag, '1'), FULL_FLAG);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Kept while the disk is full');
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 15_000 });

  // The session tries to save its snapshot a few seconds after a change, and is refused.
  await expect
    .poll(async () => (await idbWrites(page)).refused, { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await storedSnapshots(page)).toEqual([]);
  // Nothing was dropped from the screen, nothing alarming was said, and work goes on.
  await expect(keel.issueRow('Kept while the disk is full')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  await keel.createIssue('Written after the failed snapshot');
  await expect(keel.issueRow('Written after the failed snapshot')).toBeVisible();
  await expect(keel.issueRow('Kept while the disk is full')).toBeVisible();
  await keel.expectAccessible();

  // Opened again with no snapshot on the device: the slow path reads every document.
  await page.reload();
  await expect(keel.issueRow('Kept while the disk is full')).toBeVisible();
  await expect(keel.issueRow('Written after the failed snapshot')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 15_000 });

  // Room again: the next snapshot is written, so the refusals above were real attempts.
  await page.evaluate((flag) => localStorage.removeItem(flag), FULL_FLAG);
  await keel.createIssue('Written with room again');
  await expect
    .poll(() => storedSnapshots(page), { timeout: 15_000 })
    .toContain('keel-snapshot-main');
  await page.reload();
  for (const title of [
    'Kept while the disk is full',
    'Written after the failed snapshot',
    'Written with room again',
  ])
    await expect(keel.issueRow(title)).toBeVisible();
  expect(pageErrors).toEqual([]);
});
