import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { refuseIdbWrites } from './support/idb-faults.ts';
import { KeelPage } from './support/keel-page.ts';
import { fillPhase } from './support/replica-hold.ts';

/**
 * A change is on screen before the device commits it. When the device then refuses the write
 * (here: IndexedDB aborts the transaction that writes the issue, as it does when storage is
 * full), the change is taken back and the field says why. The browser plays the refusal while
 * `keel.e2e.refuseIssueWrites` is set; the replica, server and sign-in are real.
 */
const REFUSE_FLAG = 'keel.e2e.refuseIssueWrites';

test('a change the device refuses is taken back, with its reason under the field', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  await refuseIdbWrites(keel.page, { flag: REFUSE_FLAG, idPrefix: 'issue:' });
  await keel.signUp(newAccount('refused'));
  const slug = newSlug('refused');
  await keel.createWorkspace('Refused', slug);
  await keel.page.goto(`/${slug}/issues`);
  await keel.createIssue('Cannot be saved');
  await keel.page.goto(`/${slug}/issue/ENG-1`);
  const issue = new IssuePageModel(keel.page);
  await expect(issue.combobox('State')).toHaveValue('Todo');
  // The reload may cut the first fill short; while it resumes, the page's writes go through the
  // fill's worker (replica-bootstrap.ts), where the page's fault does not reach. Once it has
  // ended, they are the page's own again.
  await expect.poll(() => fillPhase(keel.page, slug), { timeout: 30_000 }).toBe('done');

  await keel.page.evaluate((flag) => localStorage.setItem(flag, '1'), REFUSE_FLAG);
  await issue.choose('State', 'Done');
  await expect(keel.page.getByText('The change could not be saved on this device.')).toBeVisible();
  await expect(issue.combobox('State')).toHaveValue('Todo');
  await expect(issue.timeline().getByText('changed state from Todo to Done')).toHaveCount(0);

  // Nothing was kept to be saved later, and a reload shows the device's own version.
  const waiting = await keel.page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('keel.pending.')),
  );
  expect(waiting).toEqual([]);
  await keel.page.evaluate((flag) => localStorage.removeItem(flag), REFUSE_FLAG);
  await keel.page.reload();
  await expect(issue.combobox('State')).toHaveValue('Todo');

  // With room again, the same change goes through.
  await issue.choose('State', 'Done');
  await issue.expectActivity('changed state from Todo to Done');
  await context.close();
});
