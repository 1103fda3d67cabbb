import { expect, test, type Locator } from '@playwright/test';
import { openIssue, reconnect, twoDevicesWithIssues, type Device } from './support/sync-trust.ts';

/**
 * Two devices of one person edit the same issue while offline. Different fields merge field by
 * field; the same field keeps the later edit, and the other stays in the activity. Both devices
 * end with the same issue, and the server holds no leftover conflict.
 */
async function rename(device: Device, title: string) {
  const box = device.page.getByRole('textbox', { name: 'Title' });
  await box.fill(title);
  await box.press('Enter');
  await device.issue.expectActivity(`to “${title}”`);
}

async function expectIssue(device: Device, title: string, priority: string) {
  await expect(device.page.getByRole('textbox', { name: 'Title' })).toHaveValue(title, {
    timeout: 20_000,
  });
  await expect(device.issue.combobox('Priority')).toHaveValue(priority);
}

function activity(device: Device, text: string): Locator {
  return device.issue.timeline().getByText(text);
}

test('concurrent offline edits of one issue merge field by field, the later edit winning a shared field', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { slug, a, b } = await twoDevicesWithIssues(browser, 'merge', ['Shared']);
  await openIssue(a, slug, 'ENG-1', 'Shared');
  await openIssue(b, slug, 'ENG-1', 'Shared');

  // Different fields.
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await rename(a, 'Renamed on A');
  await b.issue.choose('Priority', 'High');
  await expect(b.issue.combobox('Priority')).toHaveValue('High');
  await reconnect(a);
  await reconnect(b);
  await expectIssue(b, 'Renamed on A', 'High');
  await expectIssue(a, 'Renamed on A', 'High');

  // The same field: B renames after A, so B's title wins on both devices.
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await rename(a, 'Title from A');
  await rename(b, 'Title from B');
  await reconnect(a);
  await reconnect(b);
  await expectIssue(b, 'Title from B', 'High');
  await expectIssue(a, 'Title from B', 'High');
  // Nothing silently dropped: A's losing title is in the activity on both devices.
  for (const device of [a, b]) {
    await expect(activity(device, 'to “Title from A”')).toBeVisible({ timeout: 20_000 });
    await expect(activity(device, 'to “Title from B”')).toBeVisible({ timeout: 20_000 });
  }

  // Both devices and the server settle on one version: no conflict left behind.
  await expect
    .poll(
      async () => {
        const res = await a.page.request.get(
          `/db/${slug}/_changes?include_docs=true&conflicts=true`,
        );
        const body = (await res.json()) as {
          results: { id: string; doc?: { title?: string; _conflicts?: string[] } }[];
        };
        const issue = body.results.find((r) => r.id.startsWith('issue:'))?.doc;
        return { title: issue?.title, conflicts: issue?._conflicts ?? [] };
      },
      { timeout: 20_000 },
    )
    .toEqual({ title: 'Title from B', conflicts: [] });
  await a.page.reload();
  await expectIssue(a, 'Title from B', 'High');
  await b.page.reload();
  await expectIssue(b, 'Title from B', 'High');
  await a.context.close();
  await b.context.close();
});
