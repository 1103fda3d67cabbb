import { expect, type Page } from '@playwright/test';

/**
 * For the removal scenario (SPEC §4: removal ends access at once): what a removed member's
 * device shows and keeps, after a real removal (see e2e/removed-workspace.spec.ts):
 *
 *   await removed.context.setOffline(true);  // optional: type something that cannot sync
 *   await removeMember(owner, removed.account.name);  // e2e/support/team.ts
 *   await removed.context.setOffline(false);
 *   await removed.page.reload();
 *   await expectRemovalNotice(removed.page, 'Acme', 1);
 *   expect(await replicaNames(removed.page)).not.toContainEqual(expect.stringContaining(slug));
 *   await expectKeptOnAccount(removed.page, 'ENG-3', 'Title: Written before removal');
 */
export function removalNotice(page: Page, workspaceName: string) {
  return page.getByText(
    `You no longer have access to ${workspaceName}. Its offline copy was removed from this device.`,
    { exact: false },
  );
}

export async function expectRemovalNotice(page: Page, workspaceName: string, keptChanges = 0) {
  const notice = removalNotice(page, workspaceName);
  await expect(notice).toBeVisible({ timeout: 20_000 });
  if (keptChanges > 0) await expect(notice).toContainText(`${keptChanges} change`);
}

/** The IndexedDB databases Keel keeps workspaces in on this device: replicas and their snapshots. */
export async function replicaNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) => name.startsWith('_pouch_keel-') || name.startsWith('keel-snapshots-')),
  );
}

/** An unsynced change rescued from the removed workspace, listed on /account. */
export async function expectKeptOnAccount(page: Page, subject: string, text: string) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Rejected changes' });
  const entry = section.getByRole('listitem').filter({ hasText: subject });
  await expect(entry.getByText(/^You no longer have access to /)).toBeVisible();
  await expect(entry.getByLabel(`Text of the change to ${subject}`)).toContainText(text);
}
