import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';
import { PalettePage } from './support/palette-page.ts';
import { RowMenus } from './support/row-menus.ts';
import { ViewsPage } from './support/views-page.ts';

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

test('on a list the palette acts on the focused issue, or on the selected ones', async ({
  browser,
}) => {
  test.slow(); // three issues, then deletions and an undo
  const { context, page, keel, slug, link, palette } = await workspaceWithIssues(browser, [
    'Alpha',
    'Beta',
    'Gamma',
  ]);
  const views = new ViewsPage(page);
  await page.goto(`/${slug}/issues`);
  await views.row('Beta').focus();

  await runFromPalette(palette, 'copy link', /^Copy link/);
  await expect.poll(() => clipboard(page)).toBe(link('ENG-2'));
  await expect(views.row('Beta')).toBeFocused();
  await runFromPalette(palette, 'branch', /^Copy branch name/);
  await expect.poll(() => clipboard(page)).toBe('eng-2-beta');
  await clearClipboard(page);
  await page.keyboard.press('Control+Shift+Comma');
  await expect.poll(() => clipboard(page)).toBe(link('ENG-2'));
  // The focused row's state, from the palette.
  await runFromPalette(palette, 'change state', /^Change state/);
  await expect(new RowMenus(page).combobox('state')).toBeFocused();
  await page.keyboard.press('Escape');

  // Two selected: their links, one per line in the order shown; then both deleted at once.
  await views.rowCheckbox('Alpha').check();
  await views.rowCheckbox('Gamma').check();
  await expect(views.bulkBar()).toContainText('2 selected');
  await runFromPalette(palette, 'copy link', /^Copy link/);
  await expect
    .poll(async () => (await clipboard(page)).split('\n').sort())
    .toEqual([link('ENG-1'), link('ENG-3')]);
  await runFromPalette(palette, 'delete', /^Delete issue/);
  const dialog = page.getByRole('dialog', { name: 'Delete 2 issues?' });
  await expect(dialog).toContainText('ENG-1 Alpha');
  await expect(dialog).toContainText('ENG-3 Gamma');
  await keel.expectAccessible();
  await dialog.getByRole('button', { name: 'Delete 2 issues' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));
  await expect(views.row('Alpha')).toHaveCount(0);
  await expect(views.row('Gamma')).toHaveCount(0);
  await expect(views.bulkBar()).toBeHidden();
  const toast = page.locator('.toast').filter({ hasText: 'Deleted 2 issues' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(views.row('Alpha')).toBeVisible();
  await expect(views.row('Gamma')).toBeVisible();
  // Back as they were, not selected again.
  await expect(views.bulkBar()).toBeHidden();

  // The focused one, with nothing selected.
  await views.row('Beta').focus();
  await runFromPalette(palette, 'delete', /^Delete issue/);
  const one = page.getByRole('dialog', { name: 'Delete ENG-2?' });
  await one.getByRole('button', { name: 'Delete issue' }).click();
  await expect(views.row('Beta')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));
  await context.close();
});

test('on a board the palette acts on the focused card', async ({ browser }) => {
  const { context, page, slug, link, palette } = await workspaceWithIssues(browser, [
    'Card one',
    'Card two',
  ]);
  const views = new ViewsPage(page);
  await page.goto(`/${slug}/projects/ENG/board`);
  await views.card('Card two').getByRole('link').focus();

  await runFromPalette(palette, 'copy link', /^Copy link/);
  await expect.poll(() => clipboard(page)).toBe(link('ENG-2'));
  await page.keyboard.press('Control+Shift+Period');
  await expect.poll(() => clipboard(page)).toBe('eng-2-card-two');
  await runFromPalette(palette, 'change prio', /^Change priority/);
  await expect(new RowMenus(page).combobox('priority')).toBeFocused();
  await page.keyboard.press('Escape');

  await runFromPalette(palette, 'delete', /^Delete issue/);
  await page
    .getByRole('dialog', { name: 'Delete ENG-2?' })
    .getByRole('button', { name: 'Delete issue' })
    .click();
  await expect(views.card('Card two')).toHaveCount(0);
  await expect(views.card('Card one')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/ENG/board$`));
  await context.close();
});

for (const scheme of ['light', 'dark'] as const)
  test(`the palette's issue commands and the delete dialog on a list pass axe (${scheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const keel = new KeelPage(page);
    await keel.signUp(newAccount('axe'));
    const slug = newSlug('axe');
    await keel.createWorkspace('Axe', slug);
    await page.goto(`/${slug}/issues`);
    for (const title of ['Alpha', 'Beta', 'Gamma']) await keel.createIssue(title);
    const views = new ViewsPage(page);
    const palette = new PalettePage(page);
    await views.row('Beta').focus();
    await palette.open();
    await palette.input().fill('copy');
    await expect(palette.option(/^Copy branch name/)).toBeVisible();
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`palette-copy-${scheme}.png`) });
    await page.keyboard.press('Escape');

    for (const title of ['Alpha', 'Beta', 'Gamma']) await views.rowCheckbox(title).check();
    await runFromPalette(palette, 'delete', /^Delete issue/);
    const dialog = page.getByRole('dialog', { name: 'Delete 3 issues?' });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await expect(dialog).toBeVisible();
      await keel.expectAccessible();
      await page.screenshot({ path: test.info().outputPath(`delete-${width}-${scheme}.png`) });
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('heading', { name: 'All issues' }).click();
    await page.keyboard.press('?');
    await expect(palette.shortcuts().getByText('Copy branch name')).toBeVisible();
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`shortcuts-${scheme}.png`) });
    await context.close();
  });
