import { expect, test } from '@playwright/test';
import { replicaNames } from './support/removal.ts';
import { inviteAndJoin, ownerWithWorkspace, removeMember, SYNCED } from './support/team.ts';

/**
 * SPEC §4: removal ends access at once. The removed member's app is open on the workspace and
 * is never reloaded: the server cuts their live replication, the next request of it is refused
 * (404), and the app checks again which workspaces are theirs, says so and leaves.
 */
test('a member removed while the app is open is told and sent away without a reload', async ({
  browser,
}) => {
  // Two browsers and two sign-ups on a shared 2-core machine.
  test.setTimeout(240_000);
  const owner = await ownerWithWorkspace(browser, 'Orbit');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Seen by both');
  const member = await inviteAndJoin(browser, owner, 'Member', 'removed-live');
  const { page, keel } = member;
  await expect(keel.issueRow('Seen by both')).toBeVisible(SYNCED);
  // A marker on the window: a reload would lose it, so it proves the app was never reloaded.
  await page.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));

  await removeMember(owner, member.account.name);

  await expect(page.getByText(/You no longer have access to Orbit\./)).toBeVisible(SYNCED);
  await expect(page).not.toHaveURL(new RegExp(`/${owner.slug}/`));
  await expect(keel.issueRow('Seen by both')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(
    true,
  );
  // Its copy goes from the device too.
  await expect
    .poll(() => replicaNames(page), SYNCED)
    .not.toContainEqual(expect.stringContaining(owner.slug));
  await page.screenshot({ path: test.info().outputPath('removed-while-open.png') });
  // And the server refuses them the workspace from now on.
  expect((await page.request.get(`/db/${owner.slug}/`)).status()).toBe(404);

  await member.context.close();
  await owner.context.close();
});
