import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { PalettePage } from './support/palette-page.ts';

/** A member's workspace with ENG-1..3, and a comment on ENG-3 whose word is nowhere else. */
async function workspace(page: Page, label: string) {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount(label));
  const slug = newSlug(label);
  await keel.createWorkspace('Palette', slug);
  await page.goto(`/${slug}/issues`);
  for (const title of ['Login page is slow', 'Database migration', 'Release notes'])
    await keel.createIssue(title);
  await page.goto(`/${slug}/issue/ENG-3`);
  const issue = new IssuePageModel(page);
  await issue.comment('Waiting on the flamingo rollout before shipping');
  // Saved: the box is cleared and the comment is listed.
  await expect(issue.commentBox()).toHaveValue('');
  await expect(
    page.getByRole('article', { name: /^Comment by/ }).getByText('Waiting on the flamingo rollout'),
  ).toBeVisible();
  return { keel, palette: new PalettePage(page), slug };
}

test('Ctrl+K runs commands and opens issues by key, title word and comment word', async ({
  page,
}) => {
  test.slow(); // sign-up, three issues and a comment before the palette is used
  const { palette, slug } = await workspace(page, 'palette');
  await page.goto(`/${slug}/my-issues`);
  await expect(page.getByRole('heading', { level: 1, name: 'My issues' })).toBeVisible();

  // Filter the commands and run one with Enter.
  await palette.open();
  await expect(palette.option(/^New issue/)).toBeVisible();
  await expect(palette.option(/^Go to Settings/)).toBeVisible();
  await palette.input().fill('all iss');
  await expect(palette.option('Go to All issues')).toBeVisible();
  await expect(palette.option(/^Go to Settings/)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));

  // An exact key comes first, before any command; Enter opens it.
  await palette.open();
  await palette.input().fill('eng-2');
  await expect(palette.options().first()).toContainText('ENG-2');
  await expect(palette.options().first()).toContainText('Database migration');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-2$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Database migration');

  // A word of a title, typed as a prefix.
  await palette.open();
  await palette.input().pressSequentially('login pa');
  await expect(palette.options().first()).toContainText('Login page is slow');
  await expect(palette.options().first()).toContainText('Todo');

  // A word that is only in a comment: the result says where, with the words around it.
  await palette.input().fill('flamingo');
  const hit = palette.option(/Release notes/);
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('Comment: Waiting on the flamingo rollout');
  await expect(palette.options()).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-3$`));

  // Commands of the issue page: Change state opens the State combobox.
  await palette.open();
  await palette.input().fill('change state');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'State', exact: true })).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'State', exact: true })).toBeVisible();
});

test('/ focuses search; no results says what to try; Esc closes and focus returns', async ({
  page,
}) => {
  test.slow();
  const { palette, slug } = await workspace(page, 'search');
  await page.goto(`/${slug}/issues`);
  await expect(page.getByRole('list', { name: 'Issues' })).toBeVisible();

  await palette.openSearch();
  await expect(page.getByText('Type an issue key, or words from a title')).toBeVisible();
  await palette.input('Search issues').fill('migration');
  await expect(palette.option(/ENG-2 .*Database migration/, 'Search issues')).toBeVisible();
  await expect(palette.options('Search issues')).toHaveCount(1);

  // Unhappy: nothing matches.
  await palette.input('Search issues').fill('zyzzyva');
  await expect(page.getByText('No results for “zyzzyva”')).toBeVisible();
  await expect(page.getByText(/Try an issue key such as ENG-12/)).toBeVisible();
  await expect(palette.options('Search issues')).toHaveCount(0);
  await page.keyboard.press('Enter'); // nothing to open: stays put
  await expect(palette.dialog('Search issues')).toBeVisible();

  // Esc closes and gives focus back to what had it.
  await page.keyboard.press('Escape');
  await expect(palette.dialog('Search issues')).toBeHidden();
  const allIssues = page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', {
    name: 'All issues',
  });
  await allIssues.focus();
  await palette.open();
  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();
  await expect(allIssues).toBeFocused();

  // The sidebar's Search button is the same command.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(palette.input('Search issues')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();

  // Search from the palette switches it to searching issues only.
  await palette.open();
  await palette.input().fill('search');
  await page.keyboard.press('Enter');
  await expect(palette.input('Search issues')).toBeFocused();
  await palette.input('Search issues').fill('release');
  await expect(palette.option(/ENG-3 .*Release notes/, 'Search issues')).toBeVisible();
  await page.keyboard.press('Escape');
});

test('? lists every shortcut by section, from the same registry', async ({ page }) => {
  test.slow();
  const { palette, slug } = await workspace(page, 'keys');
  await page.goto(`/${slug}/issues`);
  await expect(page.getByRole('list', { name: 'Issues' })).toBeVisible();
  await page.keyboard.press('?');
  const overlay = palette.shortcuts();
  await expect(overlay).toBeVisible();
  for (const section of ['General', 'Issue list', 'Issue'])
    await expect(overlay.getByRole('heading', { name: section, exact: true })).toBeVisible();
  const row = (title: string) => overlay.getByRole('listitem').filter({ hasText: title });
  const expected: [string, string][] = [
    ['New issue', 'c'],
    ['Search issues', '/'],
    ['Command palette', 'K'],
    ['Keyboard shortcuts', '?'],
    ['Close dialog or menu', 'Esc'],
    ['Next issue', 'j'],
    ['Previous issue', 'k'],
    ['Open issue', 'Enter'],
    ['Select issue', 'x'],
    ['Change state', 's'],
    ['Change priority', 'p'],
    ['Change assignee', 'a'],
    ['Change labels', 'l'],
  ];
  for (const [title, key] of expected)
    await expect(row(title).locator('kbd').last()).toHaveText(key);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  // `c` still opens New issue (from the registry), and not while typing in its Title field.
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'New issue' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('cs?');
  await expect(dialog.getByLabel('Title')).toHaveValue('cs?');
  await expect(overlay).toBeHidden();
});

async function screens(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  const { keel, palette, slug } = await workspace(page, `axe${colorScheme}`);
  await page.goto(`/${slug}/issues`);
  await expect(page.getByRole('list', { name: 'Issues' })).toBeVisible();

  await palette.open();
  await keel.expectAccessible();
  await page.screenshot({ path: test.info().outputPath(`palette-${colorScheme}.png`) });
  await palette.input().fill('flamingo');
  await expect(palette.option(/Release notes/)).toBeVisible();
  await keel.expectAccessible();
  await page.screenshot({ path: test.info().outputPath(`palette-comment-${colorScheme}.png`) });
  await palette.input().fill('zyzzyva');
  await expect(page.getByText('No results for “zyzzyva”')).toBeVisible();
  await keel.expectAccessible();
  await page.keyboard.press('Escape');

  await palette.openSearch();
  await keel.expectAccessible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('?');
  await expect(palette.shortcuts()).toBeVisible();
  await keel.expectAccessible();
  await page.screenshot({ path: test.info().outputPath(`shortcuts-${colorScheme}.png`) });
  await context.close();
}

for (const colorScheme of ['light', 'dark'] as const)
  test(`palette, search and shortcuts pass axe (${colorScheme})`, async ({ browser }) => {
    test.slow();
    await screens(browser, colorScheme);
  });
