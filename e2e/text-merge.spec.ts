import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import {
  openIssue as openDeviceIssue,
  reconnect,
  twoDevicesWithIssues,
  type Device,
} from './support/sync-trust.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * Issue 21's promise: Alice edits ENG-1's title, description and priority offline; Bob, online,
 * edits the same three; Alice reconnects. Edits to different parts of the description both
 * survive; the title and priority, changed on both sides, keep Bob's later edit, and Alice's
 * values stay on the issue as conflict entries with Restore and Copy, on both screens.
 */
const TITLE = 'Fix the login crash';
const DESCRIPTION = 'Steps:\n1. Open the app\n2. Sign in\n3. See the crash';

async function openIssue(page: Page, slug: string) {
  await page.goto(`/${slug}/issue/ENG-1`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE, SYNCED);
}

async function rename(page: Page, title: string) {
  const box = page.getByRole('textbox', { name: 'Title' });
  await box.fill(title);
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText(`to “${title}”`);
}

test('concurrent edits of one issue merge text, and what was overridden stays with Restore and Copy', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await ownerWithWorkspace(browser, 'Merge', undefined, 'alice');
  await alice.page.goto(`/${alice.slug}/issues`);
  await alice.keel.createIssue(TITLE);
  const aliceIssue = new IssuePageModel(alice.page);
  await openIssue(alice.page, alice.slug);
  await aliceIssue.setDescription(DESCRIPTION);
  await expect(alice.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  const bob = await inviteAndJoin(browser, alice, 'Member', 'bob');
  const bobIssue = new IssuePageModel(bob.page);
  await openIssue(bob.page, alice.slug);
  await openIssue(alice.page, alice.slug);
  await expect(bob.page.getByText('See the crash')).toBeVisible(SYNCED);

  // Alice, offline.
  await alice.context.setOffline(true);
  await rename(alice.page, 'Fix the signup crash');
  await aliceIssue.setDescription(DESCRIPTION.replace('Open the app', 'Open the app on Safari'));
  await aliceIssue.choose('Priority', 'High');
  await expect(alice.keel.syncIndicator()).toHaveText(/^Offline — \d+ changes? saved/);

  // Bob, online and later.
  await rename(bob.page, 'Fix the logout crash');
  await bobIssue.setDescription(`${DESCRIPTION}\n\nExpected: no crash`);
  await bobIssue.choose('Priority', 'Urgent');
  await expect(bob.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await alice.context.setOffline(false);
  await expect(alice.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  for (const person of [alice, bob]) {
    const { page } = person;
    // Both parts of the description survived, on both screens.
    await expect(page.getByText('Open the app on Safari')).toBeVisible(SYNCED);
    await expect(page.getByText('Expected: no crash')).toBeVisible(SYNCED);
    // The later title and priority won; Alice's are conflict entries, saying whose and what.
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Fix the logout crash',
      SYNCED,
    );
    await expect(new IssuePageModel(page).combobox('Priority')).toHaveValue('Urgent');
    const title = titleConflict(page);
    await expect(title).toBeVisible(SYNCED);
    await expect(title).toContainText('Fix the signup crash');
    await expect(priorityConflict(page)).toContainText(/set the priority to High.*made it Urgent/);
  }

  // Copy puts Alice's lost title on the clipboard.
  await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await titleConflict(alice.page).getByRole('button', { name: 'Copy' }).click();
  await expect
    .poll(() => alice.page.evaluate(() => navigator.clipboard.readText()))
    .toBe('Fix the signup crash');

  // Nothing left in CouchDB's conflicts: both devices settled on one version.
  await expect
    .poll(async () => {
      const res = await alice.page.request.get(
        `/db/${alice.slug}/_changes?include_docs=true&conflicts=true`,
      );
      const body = (await res.json()) as { results: { id: string; doc?: object }[] };
      return body.results.filter((r) => r.doc && '_conflicts' in r.doc).map((r) => r.id);
    }, SYNCED)
    .toEqual([]);

  await alice.keel.expectAccessible();
  await alice.page.emulateMedia({ colorScheme: 'dark' });
  await alice.keel.expectAccessible();

  // Restore brings Alice's title back, as an edit of its own, on Bob's screen too.
  await titleConflict(alice.page).getByRole('button', { name: 'Restore' }).click();
  await expect(alice.page.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Fix the signup crash',
  );
  await expect(titleConflict(alice.page).getByText('Restored')).toBeVisible();
  await expect(bob.page.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Fix the signup crash',
    SYNCED,
  );
  await expect(titleConflict(bob.page).getByText('Restored')).toBeVisible();
  await alice.context.close();
  await bob.context.close();
});

function titleConflict(page: Page) {
  return page
    .getByRole('region', { name: 'Activity' })
    .getByRole('article', { name: /’s title was replaced by .*’s later edit/ });
}

function priorityConflict(page: Page) {
  return page
    .getByRole('region', { name: 'Activity' })
    .getByRole('article', { name: /set the priority to/ });
}

test('a comment edited on two of its author’s devices merges; the same words keep the later, and the other stays', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { slug, a, b } = await twoDevicesWithIssues(browser, 'comment-merge', ['Shared']);
  await openDeviceIssue(a, slug, 'ENG-1', 'Shared');
  await a.issue.comment('Seen on iOS 17 and 18.');
  await expect(a.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await openDeviceIssue(b, slug, 'ENG-1', 'Shared');
  await expect(b.issue.timeline().getByText('Seen on iOS 17 and 18.')).toBeVisible(SYNCED);

  const editComment = async (device: Device, body: string) => {
    const comment = device.issue.timeline().getByRole('article', { name: /^Comment by/ });
    await comment.getByRole('button', { name: 'Edit' }).click();
    await device.page.getByRole('textbox', { name: 'Edit comment' }).fill(body);
    await device.page.getByRole('button', { name: 'Save' }).click();
    await expect(comment.getByText(body)).toBeVisible();
  };

  // Different words: both kept.
  for (const device of [a, b]) await device.context.setOffline(true);
  await editComment(a, 'Seen on iOS 17 and 18 (iPhone 15).');
  await editComment(b, 'Also seen on iOS 17 and 18.');
  for (const device of [a, b]) await reconnect(device);
  for (const device of [a, b])
    await expect(
      device.issue.timeline().getByText('Also seen on iOS 17 and 18 (iPhone 15).'),
    ).toBeVisible(SYNCED);

  // The same words: the later edit stays, the earlier is an entry its author can restore.
  for (const device of [a, b]) await device.context.setOffline(true);
  await editComment(a, 'Only on iOS 18.');
  await editComment(b, 'Only on iPadOS.');
  for (const device of [a, b]) await reconnect(device);
  for (const device of [a, b]) {
    const entry = device.issue
      .timeline()
      .getByRole('article', { name: /’s comment was replaced by a later edit of theirs/ });
    await expect(entry).toContainText('Only on iOS 18.', SYNCED);
    await expect(device.issue.timeline().getByText('Only on iPadOS.')).toBeVisible(SYNCED);
  }
  const entry = a.issue.timeline().getByRole('article', { name: /’s comment was replaced/ });
  await entry.getByRole('button', { name: 'Restore' }).click();
  await expect(entry.getByText('Restored')).toBeVisible();
  await expect(
    b.issue
      .timeline()
      .getByRole('article', { name: /^Comment by/ })
      .getByText('Only on iOS 18.'),
  ).toBeVisible(SYNCED);
  await a.context.close();
  await b.context.close();
});
