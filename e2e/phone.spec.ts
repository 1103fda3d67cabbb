import { expect, test, type Browser } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { PalettePage } from './support/palette-page.ts';
import { PHONE, PhonePage } from './support/phone-page.ts';

// Titles as people write them: long enough to need a second line on a phone.
const TITLES = [
  'Checkout button does nothing on Safari when the cart is empty',
  'Fix login',
  'Onboarding emails arrive twice for people invited by an administrator',
];

/** Someone signs up and makes a workspace on a phone, then waits on All issues for its replica. */
async function onAPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('phone'));
  const slug = newSlug('phone');
  await keel.createWorkspace('Phone team', slug);
  await page.goto(`/${slug}/issues`);
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 30_000 });
  return { context, page, keel, slug, phone: new PhonePage(page, keel) };
}

test.describe('on a phone (390 × 844)', () => {
  // Each screen goes through axe twice (light and dark).
  test.describe.configure({ timeout: 90_000 });

  test('the sidebar waits behind a menu button: Tab reaches it, Escape closes it', async ({
    browser,
  }) => {
    const { context, page, slug, phone } = await onAPhone(browser);
    await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeHidden();
    await phone.expectNoSidewaysScroll();

    await phone.tabToMenuButton();
    await expect(phone.menuButton()).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(phone.drawer()).toBeVisible();
    const nav = phone.drawer().getByRole('navigation', { name: 'Workspace' });
    await expect(nav.getByRole('link', { name: 'All issues' })).toBeVisible();
    await expect(nav.getByText('Synced')).toBeVisible();
    await phone.expectOnScreen(phone.drawer());
    await phone.expectNoSidewaysScroll();
    await phone.expectAccessibleLightAndDark();

    // Escape in the workspace menu closes that menu, not the drawer; the next one the drawer,
    // and focus goes back to the menu button.
    await phone.drawer().getByText('Phone team', { exact: true }).click();
    await expect(phone.drawer().getByRole('link', { name: 'Create workspace' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(phone.drawer().getByRole('link', { name: 'Create workspace' })).toBeHidden();
    await expect(phone.drawer()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(phone.drawer()).toBeHidden();
    await expect(phone.menuButton()).toBeFocused();
    await expect(phone.menuButton()).toHaveAttribute('aria-expanded', 'false');

    // A link in the drawer goes there and closes the drawer.
    await phone.menuButton().click();
    await phone.drawer().getByRole('link', { name: 'My issues' }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/my-issues$`));
    await expect(phone.drawer()).toBeHidden();
    await phone.expectNoSidewaysScroll();
    await context.close();
  });

  test('All issues: each row shows its key, whole title and state, none over another', async ({
    browser,
  }) => {
    const { context, page, keel, phone } = await onAPhone(browser);
    for (const title of TITLES) await keel.createIssue(title);

    const rows = page.getByRole('list', { name: 'Issues' }).locator('li.issue-row');
    await expect(rows).toHaveCount(TITLES.length);
    for (const row of await rows.all()) await phone.expectRowReadable(row);
    await expect(rows.first()).toContainText('Todo');
    await phone.expectRowsStacked(rows);
    await phone.expectNoSidewaysScroll();
    await phone.expectAccessibleLightAndDark();

    // Wider than a phone the rows are one line again; back at phone width, two lines, in place.
    await page.setViewportSize({ width: 1024, height: PHONE.height });
    await expect.poll(async () => (await rows.first().boundingBox())?.height).toBe(36);
    await phone.expectRowsStacked(rows);
    await page.setViewportSize(PHONE);
    for (const row of await rows.all()) await phone.expectRowReadable(row);
    await phone.expectRowsStacked(rows);

    // A window a little wider than a phone (a big phone turned, a narrow tablet) has no room
    // for the sidebar beside the list either: it gets the phone's layout.
    await page.setViewportSize({ width: 700, height: PHONE.height });
    await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeHidden();
    for (const row of await rows.all()) await phone.expectRowReadable(row);
    await context.close();
  });

  test('New issue, the command palette and search open inside the screen', async ({ browser }) => {
    const { context, page, keel, phone } = await onAPhone(browser);

    await phone.newIssueButton().click();
    const dialog = keel.newIssueDialog();
    await expect(dialog).toBeVisible();
    await phone.expectOnScreen(dialog);
    await phone.expectOnScreen(dialog.getByLabel('Project'));
    await phone.expectChoiceReadable(dialog.getByLabel('Project'));
    await phone.expectOnScreen(dialog.getByRole('button', { name: 'Create issue' }));
    await phone.expectNoSidewaysScroll();
    await phone.expectAccessibleLightAndDark();
    await dialog.getByLabel('Title').fill(TITLES[0]!);
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await expect(dialog).toBeHidden();
    await expect(keel.issueRow(TITLES[0]!)).toBeVisible();

    const palette = new PalettePage(page);
    await palette.open();
    await phone.expectOnScreen(palette.dialog());
    await phone.expectNoSidewaysScroll();
    await phone.expectAccessibleLightAndDark();
    await page.keyboard.press('Escape');
    await expect(palette.dialog()).toBeHidden();

    // Search, from the bar's button (a phone has no / key to press).
    await phone.searchButton().click();
    await expect(palette.input('Search issues')).toBeFocused();
    await phone.expectOnScreen(palette.dialog('Search issues'));
    await page.keyboard.press('Escape');
    await expect(phone.searchButton()).toBeFocused();
    await context.close();
  });

  test('the issue page is one column, its properties under it, reachable and usable', async ({
    browser,
  }) => {
    const { context, page, keel, phone } = await onAPhone(browser);
    await keel.createIssue('Fix login');
    await keel.issueRow('Fix login').click();
    const issue = new IssuePageModel(page);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Fix login');

    const article = await page.getByRole('article').boundingBox();
    const properties = await page.getByRole('complementary', { name: 'Properties' }).boundingBox();
    expect(properties!.y).toBeGreaterThanOrEqual(article!.y + article!.height - 1);
    expect(article!.x + article!.width).toBeLessThanOrEqual(PHONE.width);
    expect(properties!.x + properties!.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['State', 'Priority', 'Assignee', 'Labels']) {
      const box = issue.combobox(name);
      await box.scrollIntoViewIfNeeded();
      await phone.expectOnScreen(box);
    }
    await issue.choose('Priority', 'High');
    await expect(issue.combobox('Priority')).toHaveValue(/^(2|High)$/);
    await phone.expectNoSidewaysScroll();
    await phone.expectAccessibleLightAndDark();
    await context.close();
  });

  test('settings: the sections as tabs above a page that fits the screen', async ({ browser }) => {
    const { context, page, slug, phone } = await onAPhone(browser);
    for (const section of ['', '/members', '/data', '/projects', '/labels']) {
      await page.goto(`/${slug}/settings${section}`);
      await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await phone.expectNoSidewaysScroll();
      await phone.expectAccessibleLightAndDark();
    }
    // A new label's name field has the form's width, not what the colours leave of it.
    const name = await page.getByLabel('Label name').boundingBox();
    const form = await page.locator('.label-form').first().boundingBox();
    expect(name!.width).toBeGreaterThanOrEqual(form!.width - 1);
    await context.close();
  });
});
