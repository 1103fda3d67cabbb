import { expect, test } from '@playwright/test';
import { ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * A device whose clock goes back (a wrong clock put right) still opens its workspace from its
 * own copy: PouchDB opens its database at a version made of the time, which IndexedDB refuses
 * when it is lower than the stored one (data/replica-clock-guard.ts).
 */
test('the workspace opens on a device whose clock went back', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await ownerWithWorkspace(browser, 'Clock');
  const { page, slug, keel } = owner;
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Written before the clock went back');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await owner.context.clock.setFixedTime(Date.now() - 3 * 86_400_000);
  await page.reload();
  await expect(keel.issueRow('Written before the clock went back')).toBeVisible();
  await expect(page.getByText(/couldn't open this workspace/)).toHaveCount(0);
  await owner.context.close();
});
