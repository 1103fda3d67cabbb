import { expect, test, type Page } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { PalettePage } from './support/palette-page.ts';
import { RowMenus } from './support/row-menus.ts';
import { ViewsPage } from './support/views-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * Issue 3's list editing: state, priority, assignee and labels changed right from a row, with
 * the mouse and with s/p/a/l, through the issue page's own edit path (one activity per change).
 */

// Two browsers for the viewer, two sign-ups and round trips on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** The activity lines of the open issue that read `text`, comments aside. */
function activity(page: Page, text: RegExp) {
  return new IssuePageModel(page).timeline().locator('li.activity__item').filter({ hasText: text });
}

test('edit a row with the mouse and with the keyboard; one activity per change', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Inline');
  const { page, keel, account } = owner;
  await page.goto(`/${owner.slug}/issues`);
  await keel.createIssue('Mouse target');
  await keel.createIssue('Keyboard target');
  const views = new ViewsPage(page);
  const menus = new RowMenus(page);

  // Mouse: each icon is a button that opens the issue page's combobox beside the row.
  await menus.choose('ENG-1', 'state', 'In Progress');
  await expect(menus.combobox('state')).toBeHidden();
  await expect(menus.button('ENG-1', 'state', 'In Progress')).toBeFocused();
  await menus.choose('ENG-1', 'priority', 'High');
  await expect(menus.button('ENG-1', 'priority', 'High')).toBeVisible();
  await menus.choose('ENG-1', 'assignee', account.name);
  await expect(menus.button('ENG-1', 'assignee', account.name)).toBeVisible();
  // Labels: several may be chosen, so the menu stays open; a new name is created right there.
  await menus.button('ENG-1', 'labels').click();
  await menus.combobox('labels').fill('Bug');
  await menus.option('labels', 'Create “Bug”').click();
  await expect(menus.button('ENG-1', 'labels', 'Bug')).toBeVisible();
  await expect(menus.combobox('labels')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menus.combobox('labels')).toBeHidden();
  await expect(menus.button('ENG-1', 'labels', 'Bug')).toBeFocused();
  await expect(views.row('Mouse target')).toHaveAccessibleName(
    `ENG-1 Mouse target, In Progress, High, assigned to ${account.name}, labels Bug`,
  );

  // Esc closes without choosing and gives focus back to the button.
  await menus.button('ENG-1', 'priority').click();
  await page.keyboard.type('low');
  await page.keyboard.press('Escape');
  await expect(menus.combobox('priority')).toBeHidden();
  await expect(menus.button('ENG-1', 'priority', 'High')).toBeFocused();

  // Keyboard: the focused row is still ENG-1 (now under In Progress, below Todo), so k moves up
  // to ENG-2; s/p/a/l open its menus, type-ahead narrows, Enter chooses.
  await page.locator('body').click({ position: { x: 700, y: 600 } });
  await page.keyboard.press('j');
  await expect(views.row('Mouse target')).toBeFocused();
  await page.keyboard.press('k');
  await expect(views.row('Keyboard target')).toBeFocused();
  await page.keyboard.press('s');
  await expect(menus.combobox('state')).toBeFocused();
  await page.keyboard.type('prog');
  await page.keyboard.press('Enter');
  await expect(menus.button('ENG-2', 'state', 'In Progress')).toBeVisible();
  // Focus goes back to the row, so j/k and the next key carry on from it.
  await expect(views.row('Keyboard target')).toBeFocused();
  await page.keyboard.press('p');
  await page.keyboard.type('urg');
  await page.keyboard.press('Enter');
  await expect(menus.button('ENG-2', 'priority', 'Urgent')).toBeVisible();
  await page.keyboard.press('a');
  await page.keyboard.type(account.name.split(' ')[0]!);
  await page.keyboard.press('Enter');
  await expect(menus.button('ENG-2', 'assignee', account.name)).toBeVisible();
  await page.keyboard.press('l');
  await page.keyboard.type('bu');
  await page.keyboard.press('Enter');
  await expect(menus.button('ENG-2', 'labels', 'Bug')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(views.row('Keyboard target')).toBeFocused();
  await expect(views.row('Keyboard target')).toHaveAccessibleName(
    `ENG-2 Keyboard target, In Progress, Urgent, assigned to ${account.name}, labels Bug`,
  );

  // The palette's Change priority reaches the focused row too.
  const palette = new PalettePage(page);
  await palette.open();
  await palette.input().fill('change prio');
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeHidden();
  await expect(menus.combobox('priority')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(views.row('Keyboard target')).toBeFocused();

  // With a selection the same keys edit every selected issue: s opens the bulk bar's state
  // menu, not the row's.
  await page.keyboard.press('x');
  await expect(views.bulkBar()).toContainText('1 selected');
  await page.keyboard.press('s');
  await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveCount(0);
  await expect(views.bulkBar().getByRole('combobox', { name: 'Set state' })).toBeFocused();
  await page.keyboard.press('Escape');
  await views.row('Keyboard target').focus();
  await page.keyboard.press('p');
  await expect(views.bulkBar().getByRole('combobox', { name: 'Set priority' })).toBeFocused();
  await page.keyboard.press('Escape');
  await views.row('Keyboard target').focus();
  await page.keyboard.press('Escape');
  await expect(views.bulkBar()).toBeHidden();

  // `?` lists the property keys on the list too.
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const title of ['Change state', 'Change priority', 'Change assignee', 'Change labels'])
    await expect(shortcuts.getByText(title, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Each change wrote exactly one activity record, as on the issue page. Opened from the list
  // (no reload), so what is checked is what this device wrote.
  for (const [title, priority] of [
    ['Mouse target', 'High'],
    ['Keyboard target', 'Urgent'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'All issues' })
      .click();
    await views.row(title).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue(
      'In Progress',
    );
    await expect(activity(page, /changed state from Todo to In Progress/)).toHaveCount(1);
    await expect(
      activity(page, new RegExp(`changed priority from No priority to ${priority}`)),
    ).toHaveCount(1);
    await expect(activity(page, new RegExp(`assigned ${account.name}`))).toHaveCount(1);
    await expect(activity(page, /added label Bug/)).toHaveCount(1);
    // Nothing else: the four changes are the only records besides "created the issue".
    await expect(
      new IssuePageModel(page)
        .timeline()
        .locator('li.activity__item')
        .filter({ hasNotText: /created the issue/ }),
    ).toHaveCount(4);
  }
  await owner.context.close();
});

test('board cards change state, priority and assignee from the same menus', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Cards');
  const { page, keel, account } = owner;
  await page.goto(`/${owner.slug}/issues`);
  await keel.createIssue('Card to move');
  await page.goto(`/${owner.slug}/projects/ENG/board`);
  const views = new ViewsPage(page);
  const menus = new RowMenus(page);
  await expect(views.column('Todo')).toContainText('Card to move');

  await menus.choose('ENG-1', 'priority', 'Medium');
  await expect(menus.button('ENG-1', 'priority', 'Medium')).toBeFocused();
  await expect(views.card('Card to move')).toContainText('Medium');
  await menus.choose('ENG-1', 'assignee', account.name);
  await expect(menus.button('ENG-1', 'assignee', account.name)).toBeVisible();
  // A new state moves the card to its column; focus follows it there.
  await menus.button('ENG-1', 'state').click();
  await page.keyboard.type('done');
  await page.keyboard.press('Enter');
  await expect(views.column('Done')).toContainText('Card to move');
  await expect(views.column('Todo')).not.toContainText('Card to move');
  await expect(menus.button('ENG-1', 'state', 'Done')).toBeFocused();

  await views.card('Card to move').getByRole('link').click();
  await expect(activity(page, /changed state from Todo to Done/)).toHaveCount(1);
  await expect(activity(page, /changed priority from No priority to Medium/)).toHaveCount(1);
  await expect(activity(page, new RegExp(`assigned ${account.name}`))).toHaveCount(1);
  await owner.context.close();
});

test('a viewer sees the icons but no buttons, and s does nothing', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Readers');
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue('Look, do not touch');
  await expect(new RowMenus(owner.page).button('ENG-1', 'state', 'Todo')).toBeVisible();
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  const { page, keel } = viewer;
  const views = new ViewsPage(page);

  await expect(views.row('Look, do not touch')).toBeVisible(SYNCED);
  await expect(new RowMenus(page).allButtons()).toHaveCount(0);
  await page.keyboard.press('j');
  await expect(views.row('Look, do not touch')).toBeFocused();
  await page.keyboard.press('s');
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await keel.expectAccessible();
  await page.goto(`/${owner.slug}/projects/ENG/board`);
  await expect(views.card('Look, do not touch')).toBeVisible();
  await expect(new RowMenus(page).allButtons()).toHaveCount(0);
  await viewer.context.close();
  await owner.context.close();
});

for (const colorScheme of ['light', 'dark'] as const)
  test(`the list with a row menu open passes axe (${colorScheme})`, async ({ browser }) => {
    const owner = await ownerWithWorkspace(
      browser,
      'Menus',
      colorScheme === 'dark' ? 'dark' : undefined,
    );
    const { page, keel } = owner;
    await page.goto(`/${owner.slug}/issues`);
    await keel.createIssue('Tidy the changelog');
    await keel.createIssue('Ship the importer');
    const menus = new RowMenus(page);
    await keel.expectAccessible();

    await menus.button('ENG-2', 'state').click();
    await expect(menus.option('state', 'In Review')).toBeVisible();
    await page.waitForTimeout(300); // past the 80 ms colour transitions
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`row-menu-state-${colorScheme}.png`) });
    await page.keyboard.press('Escape');

    await menus.button('ENG-1', 'labels').click();
    await menus.combobox('labels').fill('Docs');
    await expect(menus.option('labels', 'Create “Docs”')).toBeVisible();
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`row-menu-labels-${colorScheme}.png`) });
    await page.keyboard.press('Escape');

    await page.goto(`/${owner.slug}/projects/ENG/board`);
    await menus.button('ENG-1', 'priority').click();
    await expect(menus.option('priority', 'Urgent')).toBeVisible();
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`card-menu-${colorScheme}.png`) });
    await owner.context.close();
  });
