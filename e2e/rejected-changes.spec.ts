import { expect, test } from '@playwright/test';
import {
  openIssue,
  reconnect,
  rejectedSection,
  twoDevicesWithIssues,
} from './support/sync-trust.ts';

/**
 * SPEC §4: a change the server refuses is undone on the device, the person is told why, and its
 * content stays under Rejected changes. The refusal here is genuine: each device's edit is
 * valid on its own, but together they would make ENG-1 and ENG-2 each other's parent, which
 * only the server can see.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`a change the server refuses is undone, explained, and kept on /account (${colorScheme})`, async ({
    browser,
  }) => {
    // Two browsers, two sign-ins and two offline round trips on a shared machine.
    test.setTimeout(150_000);
    const { slug, a, b } = await twoDevicesWithIssues(
      browser,
      `rej${colorScheme}`,
      ['Epic', 'Story'],
      colorScheme,
    );
    await openIssue(a, slug, 'ENG-1', 'Epic');
    await openIssue(b, slug, 'ENG-2', 'Story');
    await a.context.setOffline(true);
    await b.context.setOffline(true);

    await a.issue.choose('Parent issue', /ENG-2 Story/);
    await expect(a.issue.combobox('Parent issue')).toHaveValue('ENG-2 Story');
    await b.issue.choose('Parent issue', /ENG-1 Epic/);
    await expect(b.issue.combobox('Parent issue')).toHaveValue('ENG-1 Epic');
    await b.issue.expectActivity('set the parent issue to ENG-1');

    // A's edit reaches the server first; B's would now close a loop.
    await reconnect(a);
    await b.context.setOffline(false);
    await expect(
      b.page.getByText(
        "Your change to ENG-2 wasn't saved: A sub-issue of this issue cannot be its parent. It was undone; your text is kept under Rejected changes.",
      ),
    ).toBeVisible({ timeout: 20_000 });
    // Undone on the device: ENG-2 has no parent again, and its activity does not claim one.
    await expect(b.issue.combobox('Parent issue')).toHaveValue(/^(No parent)?$/);
    await expect(b.issue.timeline().getByText('set the parent issue to ENG-1')).toHaveCount(0);
    await expect(b.keel.syncIndicator()).toHaveText('Synced', { timeout: 20_000 });

    // The server kept A's edit, and B shows it.
    await b.page.goto(`/${slug}/issue/ENG-1`);
    await expect(b.issue.combobox('Parent issue')).toHaveValue('ENG-2 Story');

    // Kept on this device, and only this one, through a reload.
    await b.page.goto('/account');
    await b.page.reload();
    const section = rejectedSection(b.page);
    const entry = section.getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('heading', { name: `ENG-2 in ${slug}` })).toBeVisible();
    await expect(entry.getByText('A sub-issue of this issue cannot be its parent')).toBeVisible();
    await expect(entry.getByLabel('Text of the change to ENG-2')).toHaveText('Parent: ENG-1');
    await b.keel.expectAccessible();
    await b.page.screenshot({ path: test.info().outputPath(`account-${colorScheme}.png`) });

    await b.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await entry.getByRole('button', { name: 'Copy change to ENG-2' }).click();
    expect(await b.page.evaluate(() => navigator.clipboard.readText())).toBe('Parent: ENG-1');

    await a.page.goto('/account');
    await expect(rejectedSection(a.page).getByRole('listitem')).toHaveCount(0);
    await expect(rejectedSection(a.page).getByText(/^None\./)).toBeVisible();
    await a.keel.expectAccessible();

    await entry.getByRole('button', { name: 'Dismiss change to ENG-2' }).click();
    await expect(entry).toHaveCount(0);
    await b.page.reload();
    await expect(rejectedSection(b.page).getByRole('listitem')).toHaveCount(0);
    await a.context.close();
    await b.context.close();
  });
}
