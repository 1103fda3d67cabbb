import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { RowMenus } from './support/row-menus.ts';
import { SettingsPage } from './support/settings-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';
import { ViewsPage } from './support/views-page.ts';

/**
 * The parts of the list and board views that views.spec.ts leaves out: every ordering, the
 * filters other than text and state, every grouping, My issues and a project's list with real
 * content, reordering within a board column, and a bulk edit of three fields. Real sign-up,
 * real server and database; each test has its own workspace.
 */

// Sign-up, settings screens and a dozen edits each, on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function start(page: Page, label: string) {
  const keel = new KeelPage(page);
  const account = newAccount(label);
  await keel.signUp(account);
  const slug = newSlug(label);
  await keel.createWorkspace(label, slug);
  return { keel, account, slug, views: new ViewsPage(page), menus: new RowMenus(page) };
}

/** The titles of the list's rows, top to bottom as shown (rows are placed by their index). */
async function rowTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Issues' })
    .locator('li.issue-row')
    .evaluateAll((items) =>
      items
        .map((li) => ({
          index: Number((li as HTMLElement).dataset.index),
          title: li.querySelector('.issue-row__title')?.textContent ?? '',
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.title),
    );
}

/** The card titles of a board column, top to bottom. */
async function cardTitles(views: ViewsPage, state: string): Promise<string[]> {
  return views.column(state).locator('.board-card__title').allInnerTexts();
}

/** A group's header: its title and how many issues it holds ("Todo 2 issues"). */
function groupHeader(page: Page, title: string, count: number) {
  return page.getByRole('heading', {
    level: 2,
    name: new RegExp(`^${escape(title)}\\s*${count} issues?$`),
  });
}

/** Every group header of the list (the sidebar has a level-2 heading of its own). */
function groupHeaders(page: Page) {
  return page.getByRole('list', { name: 'Issues' }).getByRole('heading', { level: 2 });
}

async function setOrdering(page: Page, label: string) {
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('combobox', { name: 'Ordering' }).selectOption({ label });
  await page.keyboard.press('Escape');
}

async function createLabels(page: Page, slug: string, names: string[]) {
  const settings = new SettingsPage(page, slug);
  await settings.openLabels();
  for (const name of names) {
    await settings.createLabel(name);
    await expect(settings.labelRows().filter({ hasText: name })).toBeVisible();
  }
}

/** New issue in a chosen project (the dialog keeps the last project chosen, so always pick). */
async function createIssueIn(keel: KeelPage, title: string, project: string) {
  await keel.openNewIssue();
  const dialog = keel.newIssueDialog();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Project').selectOption({ label: project });
  await dialog.getByRole('button', { name: 'Create issue' }).click();
  await expect(dialog).toBeHidden();
}

/** Type a due date on the open issue page and wait for its activity line. */
async function setDueDate(page: Page, date: string, shown: string) {
  const field = page.getByLabel('Due date');
  await field.fill(date);
  await field.press('Enter');
  await new IssuePageModel(page).expectActivity(`set the due date to ${shown}`);
}

test('every ordering sorts the rows as it says, and is kept in the URL across a reload', async ({
  page,
}) => {
  const { keel, slug, views, menus } = await start(page, 'sorting');
  await page.goto(`/${slug}/issues`);
  // Created in this order: ENG-1 … ENG-4. Mixed case, so Title (A–Z) must ignore case.
  for (const title of ['Delta', 'alpha', 'Charlie', 'bravo']) await keel.createIssue(title);

  // Manual order is newest first until someone reorders: move bravo below Charlie on the
  // board, so Manual and Created differ.
  await page.goto(`/${slug}/projects/ENG/board`);
  await expect
    .poll(() => cardTitles(views, 'Todo'))
    .toEqual(['bravo', 'Charlie', 'alpha', 'Delta']);
  await views.card('bravo').getByRole('button', { name: 'Move ENG-4' }).focus();
  // dnd-kit measures between keys, as it would for a person.
  for (const key of ['Space', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect
    .poll(() => cardTitles(views, 'Todo'))
    .toEqual(['Charlie', 'bravo', 'alpha', 'Delta']);

  // Priorities, then due dates: each edit also makes its issue the most recently updated.
  await page.goto(`/${slug}/issues`);
  await menus.choose('ENG-1', 'priority', 'Urgent');
  await expect(menus.button('ENG-1', 'priority', 'Urgent')).toBeVisible();
  await menus.choose('ENG-3', 'priority', 'High');
  await expect(menus.button('ENG-3', 'priority', 'High')).toBeVisible();
  await menus.choose('ENG-2', 'priority', 'Low');
  await expect(menus.button('ENG-2', 'priority', 'Low')).toBeVisible();
  await page.goto(`/${slug}/issue/ENG-2`);
  await setDueDate(page, '2030-01-05', 'Jan 5, 2030');
  await page.goto(`/${slug}/issue/ENG-1`);
  await setDueDate(page, '2030-01-10', 'Jan 10, 2030');

  await page.goto(`/${slug}/issues`);
  // One run of rows, so the order seen is the ordering's alone.
  await views.setGrouping('No grouping');
  await expect(page).toHaveURL(/group=none/);
  await expect(views.groupHeader('Todo')).toBeHidden();

  const expected: [label: string, param: string, titles: string[]][] = [
    ['Priority', 'priority', ['Delta', 'Charlie', 'alpha', 'bravo']],
    ['Created (newest first)', 'created', ['bravo', 'Charlie', 'alpha', 'Delta']],
    ['Updated (newest first)', 'updated', ['Delta', 'alpha', 'Charlie', 'bravo']],
    // Undated issues come after every dated one, in manual order.
    ['Due date (soonest first)', 'dueDate', ['alpha', 'Delta', 'Charlie', 'bravo']],
    ['Title (A–Z)', 'title', ['alpha', 'bravo', 'Charlie', 'Delta']],
  ];
  for (const [label, param, titles] of expected) {
    await setOrdering(page, label);
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${param}(&|$)`));
    await expect.poll(() => rowTitles(page), { message: label }).toEqual(titles);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${param}(&|$)`));
    await expect.poll(() => rowTitles(page), { message: `${label} after reload` }).toEqual(titles);
  }

  // Manual is the default: it leaves the URL, and the board's order is the list's.
  await setOrdering(page, 'Manual');
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(/group=none/);
  await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'bravo', 'alpha', 'Delta']);
  await page.reload();
  await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'bravo', 'alpha', 'Delta']);
});

/** Four issues over two projects, with priorities, an assignee and labels to filter by. */
async function filterableWorkspace(page: Page, label: string) {
  const ctx = await start(page, label);
  const { keel, slug, account, menus } = ctx;
  await createLabels(page, slug, ['Bug', 'Docs']);
  await keel.createProject(slug, 'Operations', 'OPS');
  await page.goto(`/${slug}/issues`);
  await createIssueIn(keel, 'Crash on save', 'Engineering (ENG)');
  await createIssueIn(keel, 'Typo in guide', 'Engineering (ENG)');
  await createIssueIn(keel, 'Plain chore', 'Engineering (ENG)');
  await createIssueIn(keel, 'Rotate the keys', 'Operations (OPS)');
  await menus.choose('ENG-1', 'priority', 'Urgent');
  await expect(menus.button('ENG-1', 'priority', 'Urgent')).toBeVisible();
  await menus.choose('ENG-1', 'assignee', account.name);
  await expect(menus.button('ENG-1', 'assignee', account.name)).toBeVisible();
  for (const [key, name] of [
    ['ENG-1', 'Bug'],
    ['ENG-2', 'Docs'],
  ] as const) {
    await menus.button(key, 'labels').click();
    await menus.option('labels', name).click();
    await page.keyboard.press('Escape');
    await expect(menus.button(key, 'labels', name)).toBeVisible();
  }
  return ctx;
}

const ALL = ['Crash on save', 'Typo in guide', 'Plain chore', 'Rotate the keys'];

test('priority, assignee, label and project filters narrow the list; chips show; Clear removes them', async ({
  page,
}) => {
  const { slug, views, account } = await filterableWorkspace(page, 'filtering');
  await page.goto(`/${slug}/issues`);
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  const expectShown = async (shown: string[]) => {
    for (const title of ALL)
      if (shown.includes(title)) await expect(views.row(title)).toBeVisible();
      else await expect(views.row(title)).toBeHidden();
  };
  await expectShown(ALL);
  await expect(clear).toBeHidden();

  const cases: [section: string, value: string, chip: string, param: RegExp, shown: string[]][] = [
    ['Priority', 'Urgent', 'Priority is Urgent', /priority=1/, ['Crash on save']],
    ['Assignee', account.name, `Assignee is ${account.name}`, /assignee=/, ['Crash on save']],
    ['Assignee', 'No assignee', 'Assignee is No assignee', /assignee=none/, ALL.slice(1)],
    ['Label', 'Docs', 'Label is Docs', /label=/, ['Typo in guide']],
    ['Project', 'Operations', 'Project is Operations', /project=/, ['Rotate the keys']],
  ];
  for (const [section, value, chip, param, shown] of cases) {
    await views.addFilter(section, value);
    await expect(views.chip(chip)).toBeVisible();
    await expect(chips).toHaveCount(1);
    await expect(page).toHaveURL(param);
    await expectShown(shown);
    await expect(page.getByText(`${shown.length} of 4`, { exact: true })).toBeVisible();
    await clear.click();
    await expect(chips).toHaveCount(0);
    await expect(clear).toBeHidden();
    await expect(page).not.toHaveURL(/\?/);
    await expectShown(ALL);
  }

  // Two fields at once: both must hold (ENG and a label); two values of one field: either.
  await views.addFilter('Project', 'Engineering');
  await views.addFilter('Label', 'Bug');
  await views.addFilter('Label', 'Docs');
  await expect(views.chip('Project is Engineering')).toBeVisible();
  await expect(views.chip('Label is Bug or Docs')).toBeVisible();
  await expectShown(['Crash on save', 'Typo in guide']);
  await views.addFilter('Priority', 'Urgent');
  await expect(chips).toHaveCount(3);
  await expectShown(['Crash on save']);
  await clear.click();
  await expect(chips).toHaveCount(0);
  await expectShown(ALL);
});

test('grouping by assignee, label and project shows a header per value with its count', async ({
  page,
}) => {
  const { slug, views, account } = await filterableWorkspace(page, 'grouping');
  await page.goto(`/${slug}/issues`);

  await views.setGrouping('Assignee');
  await expect(page).toHaveURL(/group=assignee/);
  await expect(groupHeader(page, account.name, 1)).toBeVisible();
  await expect(groupHeader(page, 'No assignee', 3)).toBeVisible();
  await expect(groupHeaders(page)).toHaveCount(2);

  await views.setGrouping('Label');
  await expect(page).toHaveURL(/group=label/);
  await expect(groupHeader(page, 'Bug', 1)).toBeVisible();
  await expect(groupHeader(page, 'Docs', 1)).toBeVisible();
  await expect(groupHeader(page, 'No label', 2)).toBeVisible();
  await expect(groupHeaders(page)).toHaveCount(3);

  await views.setGrouping('Project');
  await expect(page).toHaveURL(/group=project/);
  await expect(groupHeader(page, 'Engineering', 3)).toBeVisible();
  await expect(groupHeader(page, 'Operations', 1)).toBeVisible();
  await expect(groupHeaders(page)).toHaveCount(2);
  // Each row sits under its own project's header: Engineering (created first) comes first.
  await expect
    .poll(() => rowTitles(page))
    .toEqual(['Plain chore', 'Typo in guide', 'Crash on save', 'Rotate the keys']);

  // Kept across a reload, like the filters.
  await page.reload();
  await expect(groupHeader(page, 'Operations', 1)).toBeVisible();
  await expect(groupHeader(page, 'Engineering', 3)).toBeVisible();
});

test('My issues lists what is assigned to me, grouped by state, and nothing assigned to others', async ({
  browser,
}) => {
  // Two browsers: the owner's and a member's, who joins through a real invitation.
  test.setTimeout(240_000);
  const owner = await ownerWithWorkspace(browser, 'Mine', undefined, 'owner');
  const { page, keel, slug, account } = owner;
  await page.goto(`/${slug}/issues`);
  for (const title of ['Mine to do', 'Mine in progress', 'Theirs', 'Nobody owns this'])
    await keel.createIssue(title);
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');

  await page.goto(`/${slug}/issues`);
  const menus = new RowMenus(page);
  await menus.choose('ENG-1', 'assignee', account.name);
  await expect(menus.button('ENG-1', 'assignee', account.name)).toBeVisible();
  await menus.choose('ENG-2', 'assignee', account.name);
  await expect(menus.button('ENG-2', 'assignee', account.name)).toBeVisible();
  await menus.choose('ENG-2', 'state', 'In Progress');
  await expect(menus.button('ENG-2', 'state', 'In Progress')).toBeVisible();
  await menus.choose('ENG-3', 'assignee', member.account.name);
  await expect(menus.button('ENG-3', 'assignee', member.account.name)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'My issues' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/my-issues$`));
  const views = new ViewsPage(page);
  await expect(views.row('Mine to do')).toBeVisible();
  await expect(views.row('Mine in progress')).toBeVisible();
  await expect(views.row('Theirs')).toBeHidden();
  await expect(views.row('Nobody owns this')).toBeHidden();
  // Grouped by state, in workflow order: Todo before In Progress, each with its one issue.
  await expect(groupHeaders(page)).toHaveCount(2);
  await expect(groupHeader(page, 'Todo', 1)).toBeVisible();
  await expect(groupHeader(page, 'In Progress', 1)).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual(['Mine to do', 'Mine in progress']);
  await expect(page.getByRole('heading', { name: 'My issues', level: 1 })).toBeVisible();

  // The member's own My issues, in their browser: only the issue assigned to them.
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await member.page.goto(`/${slug}/my-issues`);
  const theirViews = new ViewsPage(member.page);
  await expect(theirViews.row('Theirs')).toBeVisible(SYNCED);
  await expect(groupHeader(member.page, 'Todo', 1)).toBeVisible();
  await expect(theirViews.row('Mine to do')).toBeHidden();
  await expect(theirViews.row('Mine in progress')).toBeHidden();
  await expect(theirViews.row('Nobody owns this')).toBeHidden();
  await member.context.close();
  await owner.context.close();
});

test("a project's issue list shows only that project's issues and passes axe, light and dark", async ({
  page,
}) => {
  const { keel, slug, views } = await start(page, 'project');
  await keel.createProject(slug, 'Operations', 'OPS');
  await page.goto(`/${slug}/issues`);
  await createIssueIn(keel, 'Engineering work', 'Engineering (ENG)');
  await createIssueIn(keel, 'Rotate the keys', 'Operations (OPS)');
  await createIssueIn(keel, 'Renew the certificate', 'Operations (OPS)');

  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Operations' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/OPS/issues$`));
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  await expect(views.row('OPS-1 Rotate the keys')).toBeVisible();
  await expect(views.row('OPS-2 Renew the certificate')).toBeVisible();
  await expect(views.row('Engineering work')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Issues' }).locator('li.issue-row')).toHaveCount(2);
  // The page already is the project filter: the menu does not offer another.
  await page.getByRole('button', { name: '+ Filter' }).click();
  const menu = page.getByRole('group', { name: 'Filters' });
  await expect(menu.getByRole('group', { name: 'State' })).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Project' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300); // past the 80 ms colour transitions
  await keel.expectAccessible();
  await page.emulateMedia({ colorScheme: 'light' });

  // The Engineering project's list, for contrast, has only its own.
  await page.goto(`/${slug}/projects/ENG/issues`);
  await expect(views.row('Engineering work')).toBeVisible();
  await expect(views.row('Rotate the keys')).toBeHidden();
  await expect(views.row('Renew the certificate')).toBeHidden();
});

test('board: the text filter narrows the cards; a card dragged within its column keeps its place', async ({
  browser,
}) => {
  // Wide enough for all six default columns, as in views.spec.ts.
  const context = await browser.newContext({ viewport: { width: 1920, height: 900 } });
  const page = await context.newPage();
  const { keel, slug, views } = await start(page, 'boardsort');
  await page.goto(`/${slug}/issues`);
  for (const title of ['Write release notes', 'Fix flaky deploy', 'Deploy the docs site'])
    await keel.createIssue(title);
  await page.goto(`/${slug}/projects/ENG/board`);
  // Newest first.
  const initial = ['Deploy the docs site', 'Fix flaky deploy', 'Write release notes'];
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(initial);

  // Text filter: the words are matched in key and title, case-insensitively.
  await views.filterText().fill('deploy');
  await expect(page).toHaveURL(/q=deploy/);
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(initial.slice(0, 2));
  await expect(views.card('Write release notes')).toHaveCount(0);
  await views.filterText().fill('ENG-3');
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(['Deploy the docs site']);
  await views.filterText().fill('');
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(initial);

  // Drag the top card onto the bottom one: it takes that card's place, as a sortable list does.
  const from = await views.card('Deploy the docs site').boundingBox();
  const to = await views.card('Write release notes').boundingBox();
  if (!from || !to) throw new Error('cards not on screen');
  const { mouse } = page;
  await mouse.move(from.x + from.width / 2, from.y + 12);
  await mouse.down();
  await mouse.move(from.x + from.width / 2, from.y + 24, { steps: 4 });
  await mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
  await page.waitForTimeout(200); // the sortable's neighbours slide aside first
  await mouse.up();
  const moved = ['Fix flaky deploy', 'Write release notes', 'Deploy the docs site'];
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(moved);

  // A reorder is not a tracked field: no state change was written.
  await views.card('Deploy the docs site').getByRole('link').click();
  await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('Todo');
  await expect(
    new IssuePageModel(page).timeline().locator('li.activity__item').filter({ hasText: /state/ }),
  ).toHaveCount(0);

  // Saved, not just drawn: a reload, and the list's Manual order, agree.
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await page.goto(`/${slug}/projects/ENG/board`);
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(moved);
  await page.reload();
  await expect.poll(() => cardTitles(views, 'Todo')).toEqual(moved);
  await page.goto(`/${slug}/projects/ENG/issues`);
  await expect.poll(() => rowTitles(page)).toEqual(moved);
  await context.close();
});

test('bulk edit: state, assignee and a label on three issues, one activity per field each', async ({
  page,
}) => {
  const { keel, slug, views, account } = await start(page, 'bulkmany');
  await createLabels(page, slug, ['Bug']);
  await page.goto(`/${slug}/issues`);
  for (const title of ['One', 'Two', 'Three', 'Four']) await keel.createIssue(title);

  // Two by checkbox, one by keyboard (j to the row, x).
  await views.rowCheckbox('One').check();
  await views.rowCheckbox('Three').check();
  await page.locator('body').click({ position: { x: 700, y: 600 } });
  await page.keyboard.press('j'); // Four (newest first)
  await page.keyboard.press('j'); // Three
  await page.keyboard.press('j'); // Two
  await expect(views.row('Two')).toBeFocused();
  await page.keyboard.press('x');
  await expect(views.bulkBar()).toContainText('3 selected');

  const bar = views.bulkBar();
  await bar.getByRole('combobox', { name: 'Set state' }).selectOption({ label: 'In Progress' });
  for (const title of ['One', 'Two', 'Three'])
    await expect(views.row(title)).toHaveAccessibleName(new RegExp(`, In Progress, `));
  // Still selected after the rows moved to their new group.
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('combobox', { name: 'Set assignee' }).selectOption({ label: account.name });
  for (const title of ['One', 'Two', 'Three'])
    await expect(views.row(title)).toHaveAccessibleName(
      new RegExp(`, assigned to ${escape(account.name)}`),
    );
  await bar.getByRole('combobox', { name: 'Add or remove label' }).selectOption({ label: 'Bug' });
  for (const [i, title] of ['One', 'Two', 'Three'].entries())
    await expect(views.row(title)).toHaveAccessibleName(
      `ENG-${i + 1} ${title}, In Progress, No priority, assigned to ${account.name}, labels Bug`,
    );
  await expect(views.row('Four')).toHaveAccessibleName('ENG-4 Four, Todo, No priority');

  // Each selected issue has exactly one line per changed field; Four has none.
  const issue = new IssuePageModel(page);
  const lines = () => issue.timeline().locator('li.activity__item');
  for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
    await page.goto(`/${slug}/issue/ENG-${i + 1}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(lines().filter({ hasText: 'changed state from Todo to In Progress' })).toHaveCount(
      1,
    );
    await expect(lines().filter({ hasText: `assigned ${account.name}` })).toHaveCount(1);
    await expect(lines().filter({ hasText: 'added label Bug' })).toHaveCount(1);
    await expect(lines().filter({ hasNotText: /created the issue/ })).toHaveCount(3);
  }
  await page.goto(`/${slug}/issue/ENG-4`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Four');
  await expect(issue.combobox('State')).toHaveValue('Todo');
  await expect(lines().filter({ hasText: /created the issue/ })).toHaveCount(1);
  await expect(lines()).toHaveCount(1);
});
