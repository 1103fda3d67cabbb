import { expect, test, type Locator } from '@playwright/test';
import { expectRemovalNotice } from './support/removal.ts';
import { inviteAndJoin, ownerWithWorkspace, removeMember, SYNCED } from './support/team.ts';

/**
 * SPEC §11's attachments in Chromium through the real server and database: files pasted or
 * dropped into a description or a comment show at once (offline too), upload when the connection
 * returns, and reach the other members; a disguised file is refused and said so.
 */
test.describe.configure({ timeout: 180_000 });

// One transparent pixel.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Paste a file into a text area as the clipboard would hand it over. */
async function paste(area: Locator, file: { name: string; type: string; base64: string }) {
  await area.evaluate((element, f) => {
    const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], f.name, { type: f.type }));
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, file);
}

/** Drop a file onto a text area as a drag from the desktop would. */
async function drop(area: Locator, file: { name: string; type: string; text: string }) {
  await area.evaluate((element, f) => {
    const data = new DataTransfer();
    data.items.add(new File([f.text], f.name, { type: f.type }));
    element.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
  }, file);
}

test('a pasted picture shows in the description at once and for the other members; a file dropped into a comment offline uploads when the connection returns', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Pictures');
  const { page, keel } = owner;
  await page.goto(`/${owner.slug}/issues`);
  await keel.createIssue('Login page looks off');
  await keel.issueRow('Login page looks off').click();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('Here is what I see:');
  await paste(description, { name: 'screen.png', type: 'image/png', base64: PNG });
  await expect(description).toHaveValue(
    new RegExp(
      `^Here is what I see:\\n!\\[screen\\.png\\]\\(/files/${owner.slug}/attachment:[\\w.-]+\\)\\n$`,
    ),
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  const picture = page.locator('.issue-description img[alt="screen.png"]');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await keel.expectAccessible();

  // Another member's device gets the text and fetches the picture from the server.
  const issueUrl = page.url();
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');
  await member.page.goto(issueUrl);
  const theirs = member.page.locator('.issue-description img[alt="screen.png"]');
  await expect(theirs).toBeVisible(SYNCED);
  await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Offline: a dropped file goes into the comment at once and waits on the device, counted.
  await page.goto(issueUrl);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await owner.context.setOffline(true);
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await drop(comment, { name: 'notes.txt', type: 'text/plain', text: 'Steps to reproduce' });
  await expect(comment).toHaveValue(
    new RegExp(`^\\[notes\\.txt \\(18 B\\)\\]\\(/files/${owner.slug}/attachment:[\\w.-]+\\)\\n$`),
  );
  await expect(keel.syncIndicator()).toHaveText('Offline — 1 change saved on this device');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(keel.syncIndicator()).toHaveText('Offline — 2 changes saved on this device');
  await owner.context.setOffline(false);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // The member downloads it as it was sent.
  const link = member.page.getByRole('link', { name: 'notes.txt (18 B)' });
  await expect(link).toBeVisible(SYNCED);
  const [download] = await Promise.all([member.page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('notes.txt');

  // Both are listed under Files; a file is its uploader's (or an admin's) to delete.
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('link', { name: 'screen.png 70 B' })).toBeVisible();
  await expect(files.getByRole('link', { name: 'notes.txt 18 B' })).toBeVisible();
  const theirFiles = member.page.getByRole('region', { name: 'Files' });
  await expect(theirFiles.getByRole('link', { name: 'notes.txt 18 B' })).toBeVisible(SYNCED);
  await expect(theirFiles.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await keel.expectAccessible();
  await files.getByRole('button', { name: 'Delete notes.txt' }).click();
  await files.getByRole('button', { name: 'Delete file' }).click();
  await expect(files.getByRole('link', { name: 'notes.txt 18 B' })).toHaveCount(0);
  await expect(theirFiles.getByRole('link', { name: 'notes.txt 18 B' })).toHaveCount(0, SYNCED);

  // The member is removed: the files their device kept for offline go with the workspace.
  await member.page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await member.page.reload();
  await expect(member.page.locator('.issue-description img[alt="screen.png"]')).toBeVisible(SYNCED);
  const keptFiles = () =>
    member.page.evaluate(async (slug) => {
      const cache = await caches.open('keel-files');
      return (await cache.keys()).filter((r) =>
        new URL(r.url).pathname.startsWith(`/files/${slug}/`),
      ).length;
    }, owner.slug);
  await expect.poll(keptFiles).toBeGreaterThan(0);
  await removeMember(owner, member.account.name);
  await member.page.reload();
  await expectRemovalNotice(member.page, 'Pictures');
  await expect.poll(keptFiles).toBe(0);
  await member.context.close();
  await owner.context.close();
});

test('a file that is not what it claims is refused, and the page says why', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Careful');
  const { page, keel } = owner;
  await page.goto(`/${owner.slug}/issues`);
  await keel.createIssue('Suspicious attachment');
  await keel.issueRow('Suspicious attachment').click();
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await paste(comment, {
    name: 'cat.png',
    type: 'image/png',
    base64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
  });
  await expect(
    page.getByText("“cat.png” was not attached: That kind of file can't be attached."),
  ).toBeVisible(SYNCED);
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await owner.context.close();
});
