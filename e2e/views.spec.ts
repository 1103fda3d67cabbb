import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';
import { ViewsPage } from './support/views-page.ts';

async function workspaceWithIssues(page: Page, label: string, titles: string[]) {
  const keel = new KeelPage(page);
  await keel.signUp(newAccount(label));
  const slug = newSlug(label);
  await keel.createWorkspace(label, slug);
  await page.goto(`/${slug}/issues`);
  for (const title of titles) await keel.createIssue(title);
  return { keel, views: new ViewsPage(page), slug };
}

test('filters and grouping live in the URL: reload and a shared link keep them', async ({
  page,
  context,
}) => {
  const { keel, views, slug } = await workspaceWithIssues(page, 'filters', [
    'Alpha crash on save',
    'Beta polish',
    'Gamma crash on load',
  ]);

  await views.filterText().fill('crash');
  await expect(views.row('Beta polish')).toBeHidden();
  await views.addFilter('State', 'Todo');
  // Keys pressed in the open filter menu are the menu's: no shortcut fires behind it.
  await page.getByRole('button', { name: '+ Filter' }).click();
  const menu = page.getByRole('group', { name: 'Filters' });
  const todo = menu.getByRole('group', { name: 'State' }).getByLabel('Todo', { exact: true });
  await todo.focus();
  for (const key of ['x', 'c', 'j', 's']) await page.keyboard.press(key);
  await expect(todo).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Issues' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await views.setGrouping('Priority');
  await expect(page).toHaveURL(/q=crash/);
  await expect(page).toHaveURL(/state=todo/);
  await expect(page).toHaveURL(/group=priority/);
  await expect(views.chip('State is Todo')).toBeVisible();
  await expect(views.groupHeader('No priority')).toBeVisible();
  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300); // past the 80 ms colour transitions
  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'light' });

  await page.reload();
  await expect(views.filterText()).toHaveValue('crash');
  await expect(views.chip('State is Todo')).toBeVisible();
  await expect(views.groupHeader('No priority')).toBeVisible();
  await expect(views.row('Alpha crash on save')).toBeVisible();
  await expect(views.row('Gamma crash on load')).toBeVisible();
  await expect(views.row('Beta polish')).toBeHidden();

  const shared = await context.newPage();
  await shared.goto(page.url());
  const other = new ViewsPage(shared);
  await expect(other.filterText()).toHaveValue('crash');
  await expect(other.row('Gamma crash on load')).toBeVisible();
  await expect(other.row('Beta polish')).toBeHidden();
  await shared.close();

  // A filter that matches nothing says so and offers a way back.
  await views.filterText().fill('no such words');
  await expect(page.getByRole('heading', { name: 'No issues match these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(views.row('Beta polish')).toBeVisible();
  await expect(views.filterText()).toHaveValue('');
  await expect(page).not.toHaveURL(/q=|state=/);
  await expect(page).toHaveURL(/group=priority/);

  // Removing one chip removes just that filter.
  await views.addFilter('State', 'Done');
  await expect(page.getByRole('heading', { name: 'No issues match these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter: State is Done' }).click();
  await expect(views.row('Beta polish')).toBeVisible();

  // A hand-edited link with nonsense in it falls back to the default view instead of failing.
  await page.goto(`/${slug}/issues?group=colour&priority=9&sort=random`);
  await expect(views.groupHeader('Todo')).toBeVisible();
  await expect(views.row('Beta polish')).toBeVisible();
});

test('keyboard: j/k move, x selects, Esc clears, Enter opens; shift-click selects a range', async ({
  page,
}) => {
  const { views } = await workspaceWithIssues(page, 'keys', ['First', 'Second', 'Third']);
  // Newest first in manual order: Third, Second, First.
  await page.keyboard.press('j');
  await expect(views.row('Third')).toBeFocused();
  await page.keyboard.press('j');
  await expect(views.row('Second')).toBeFocused();
  await page.keyboard.press('x');
  await expect(views.bulkBar()).toContainText('1 selected');
  await page.keyboard.press('k');
  await expect(views.row('Third')).toBeFocused();
  await page.keyboard.press('x');
  await expect(views.bulkBar()).toContainText('2 selected');
  await page.keyboard.press('Escape');
  await expect(views.bulkBar()).toBeHidden();

  await page
    .getByRole('checkbox', { name: /^Select .*/ })
    .first()
    .click();
  await page
    .getByRole('checkbox', { name: /^Select .*/ })
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await expect(views.bulkBar()).toContainText('3 selected');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(views.bulkBar()).toBeHidden();

  // The focused row stays where it was (Third): j goes on from there.
  await page.keyboard.press('j');
  await expect(views.row('Second')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/issue\/ENG-\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Second');
});

test('bulk edit: priority of 3 issues in one step, one activity each, others untouched', async ({
  page,
}) => {
  const { keel, views } = await workspaceWithIssues(page, 'bulk', ['One', 'Two', 'Three', 'Four']);
  for (const title of ['One', 'Two', 'Three']) await views.rowCheckbox(title).check();
  await expect(views.bulkBar()).toContainText('3 selected');
  await keel.expectAccessible();
  await views
    .bulkBar()
    .getByRole('combobox', { name: 'Set priority' })
    .selectOption({ label: 'High' });
  for (const title of ['One', 'Two', 'Three'])
    await expect(views.row(title)).toHaveAccessibleName(/, High/);
  await expect(views.row('Four')).toHaveAccessibleName(/, No priority/);

  // Grouping by priority shows the change as groups too.
  await views.setGrouping('Priority');
  await expect(views.groupHeader('High 3')).toBeVisible();

  await views.row('Two').click();
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue(/^(2|High)$/);
  await expect(
    page
      .getByText(/priority/i)
      .filter({ hasText: /High/ })
      .first(),
  ).toBeVisible();
});

test('board: drag a card to another column changes its state; keyboard drag too', async ({
  browser,
}) => {
  // Wide enough for all six default columns, so the mouse can reach every one.
  const context = await browser.newContext({ viewport: { width: 1920, height: 900 } });
  const page = await context.newPage();
  const { keel, views, slug } = await workspaceWithIssues(page, 'board', [
    'Drag me to done',
    'Move me with keys',
  ]);
  await page.goto(`/${slug}/projects/ENG/board`);
  await expect(views.column('Todo')).toContainText('Drag me to done');
  await expect(views.column('Done')).toContainText('No issues in Done');
  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'dark' });
  // Buttons animate their colours for 80 ms; check the settled dark scheme, not the crossfade.
  await page.waitForTimeout(300);
  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'light' });

  await views.dragCardTo('Drag me to done', 'Done');
  await expect(views.column('Done')).toContainText('Drag me to done');
  await expect(views.column('Todo')).not.toContainText('Drag me to done');

  // Keyboard: Space picks up, arrows move across columns, Space drops.
  const handle = views.card('Move me with keys').getByRole('button', { name: /^Move / });
  await handle.focus();
  // Each key waits for dnd-kit to measure and move, as it does for a person.
  for (const key of ['Space', 'ArrowRight', 'ArrowRight', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect(views.column('In Review')).toContainText('Move me with keys');

  // The issue page shows the new state and one state change in its activity.
  await views.card('Drag me to done').getByRole('link').click();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue(/^done$/i);
  await expect(page.getByText(/to Done/)).toHaveCount(1);

  // After a reload the board keeps both moves.
  await page.goto(`/${slug}/projects/ENG/board`);
  await expect(views.column('Done')).toContainText('Drag me to done');
  await expect(views.column('In Review')).toContainText('Move me with keys');

  // The list's keys on the board: j/k walk the cards column by column, p opens the focused
  // card's menu, Enter opens it.
  await page.getByRole('heading', { name: 'Backlog' }).click();
  await page.keyboard.press('j');
  await expect(views.card('Move me with keys').getByRole('link')).toBeFocused();
  await page.keyboard.press('j');
  await expect(views.card('Drag me to done').getByRole('link')).toBeFocused();
  await page.keyboard.press('k');
  await expect(views.card('Move me with keys').getByRole('link')).toBeFocused();
  await page.keyboard.press('p');
  await expect(page.getByRole('listbox', { name: 'Priority' })).toBeVisible();
  await page.keyboard.type('urgent');
  await page.keyboard.press('Enter');
  await expect(views.card('Move me with keys').getByRole('link')).toBeFocused();
  await expect(
    views.card('Move me with keys').getByRole('button', { name: /priority.*Urgent/i }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Move me with keys');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await context.close();
});

test('a row opens its issue in place on a click, and in a new tab on Ctrl+click', async ({
  page,
  context,
}) => {
  const { views, slug } = await workspaceWithIssues(page, 'rowlink', ['Open me']);

  // Ctrl+click is the browser's: a new tab with the issue, this tab still on the list.
  const opened = context.waitForEvent('page');
  await views.row('Open me').click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  await expect(tab.getByRole('textbox', { name: 'Title' })).toHaveValue('Open me');
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));

  // A plain click opens it here, as one history entry: Back returns to the list.
  await views.row('Open me').click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Open me');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));
  await expect(views.row('Open me')).toBeVisible();
});

test('another project is another list: a selection neither follows nor comes back', async ({
  page,
}) => {
  const { keel, views, slug } = await workspaceWithIssues(page, 'switch', ['Engine work']);
  await keel.createProject(slug, 'Operations', 'OPS');

  await page.goto(`/${slug}/projects/ENG/issues`);
  await views.rowCheckbox('Engine work').check();
  await expect(views.bulkBar()).toContainText('1 selected');
  // Client-side, as the sidebar does: the route keeps its element when only the key changes.
  const sidebar = page.getByRole('navigation', { name: 'Workspace' });
  await sidebar.getByRole('link', { name: 'Operations' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/OPS/issues$`));
  await expect(views.bulkBar()).toBeHidden();
  await keel.createIssue('Ops work');
  await expect(views.row('Ops work')).toBeVisible();
  await sidebar.getByRole('link', { name: 'Engineering' }).click();
  await expect(views.row('Engine work')).toBeVisible();
  await expect(views.rowCheckbox('Engine work')).not.toBeChecked();
  await expect(views.bulkBar()).toBeHidden();
});
