import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';
import { PalettePage } from './support/palette-page.ts';

/** A member whose browser lets the page read the clipboard, with ENG-1, ENG-2, … */
async function workspaceWithIssues(browser: Browser, titles: string[]) {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('copy'));
  const slug = newSlug('copy');
  await keel.createWorkspace('Copying', slug);
  await page.goto(`/${slug}/issues`);
  for (const title of titles) await keel.createIssue(title);
  const origin = new URL(page.url()).origin;
  const link = (key: string) => `${origin}/${slug}/issue/${key}`;
  return { context, page, keel, slug, link, palette: new PalettePage(page) };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const clearClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.writeText('-'));

/** Run a palette command by typing part of its name and pressing Enter. */
async function runFromPalette(palette: PalettePage, typed: string, option: string | RegExp) {
  await palette.open();
  await palette.input().fill(typed);
  await expect(palette.options().first()).toHaveAccessibleName(option);
  await palette.page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeHidden();
}

test('the issue page copies its link and branch name: buttons, shortcuts and palette', async ({
  browser,
}) => {
  const { context, page, slug, link, palette } = await workspaceWithIssues(browser, [
    'Fix the login redirect (Safari)!',
  ]);
  const branch = 'eng-1-fix-the-login-redirect-safari';
  await page.goto(`/${slug}/issue/ENG-1`);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => clipboard(page)).toBe(link('ENG-1'));
  await expect(
    page.locator('.toast').filter({ hasText: 'Copied the link to ENG-1' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Copy branch name' }).click();
  await expect.poll(() => clipboard(page)).toBe(branch);

  // Ctrl/Cmd+Shift+, and Ctrl/Cmd+Shift+. — also from a text field, as Linear does.
  await clearClipboard(page);
  await page.getByRole('heading', { name: 'Activity' }).click();
  await page.keyboard.press('Control+Shift+Comma');
  await expect.poll(() => clipboard(page)).toBe(link('ENG-1'));
  await page.getByRole('textbox', { name: 'Title' }).focus();
  await page.keyboard.press('Control+Shift+Period');
  await expect.poll(() => clipboard(page)).toBe(branch);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Fix the login redirect (Safari)!',
  );

  await clearClipboard(page);
  await runFromPalette(palette, 'copy link', /^Copy link/);
  await expect.poll(() => clipboard(page)).toBe(link('ENG-1'));
  await runFromPalette(palette, 'branch', /^Copy branch name/);
  await expect.poll(() => clipboard(page)).toBe(branch);

  // The `?` overlay lists both with their keys.
  await page.getByRole('heading', { name: 'Activity' }).click();
  await page.keyboard.press('?');
  const overlay = palette.shortcuts();
  const row = (title: string) => overlay.getByRole('listitem').filter({ hasText: title });
  await expect(row('Copy link').locator('kbd')).toHaveText(['Ctrl', 'Shift', ',']);
  await expect(row('Copy branch name').locator('kbd')).toHaveText(['Ctrl', 'Shift', '.']);
  await page.keyboard.press('Escape');
  await context.close();
});
