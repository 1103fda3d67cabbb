import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { slowIdbWrites } from './support/idb-faults.ts';
import { KeelPage } from './support/keel-page.ts';
import { SettingsPage } from './support/settings-page.ts';

async function start(page: Page, label: string) {
  const keel = new KeelPage(page);
  const account = newAccount(label);
  await keel.signUp(account);
  const slug = newSlug(label);
  await keel.createWorkspace('Settings', slug);
  return { keel, settings: new SettingsPage(page, slug), slug, account };
}

test.describe('projects', () => {
  test('create with field messages and a taken key, then rename, archive and unarchive', async ({
    page,
  }) => {
    const { keel, settings, slug, account } = await start(page, 'proj');
    await page.goto(`/${slug}/projects`);
    await expect(page.getByRole('link', { name: /Engineering ENG/ })).toBeVisible();
    await keel.expectAccessible();

    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = settings.dialog();
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('Project name is required')).toBeVisible();
    await expect(
      dialog.getByText('Project key must be 2–5 capital letters or digits, starting with a letter'),
    ).toBeVisible();
    await keel.expectAccessible();

    await dialog.getByLabel('Project name').fill('Operations');
    await dialog.getByLabel('Project key').fill('1op');
    await expect(dialog.getByLabel('Project key')).toHaveValue('1OP');
    await expect(dialog.getByText(/starting with a letter/)).toBeVisible();
    await dialog.getByLabel('Project key').fill('eng');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('A project with key ENG already exists.')).toBeVisible();
    await expect(dialog.getByLabel('Project name')).toHaveValue('Operations');

    await dialog.getByLabel('Project name').fill('x'.repeat(81));
    await expect(dialog.getByText('Project name must be at most 80 characters')).toBeVisible();
    await dialog.getByLabel('Project name').fill('Operations');
    await dialog.getByLabel('Project key').fill('OPS');
    await dialog.getByLabel('Description').fill('Keeping the lights on');
    await dialog.getByRole('radio', { name: '#0F9D58' }).check();
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toBeHidden();
    const sidebar = page.getByRole('navigation', { name: 'Workspace' });
    await expect(sidebar.getByRole('link', { name: 'Operations' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Operations OPS/ })).toBeVisible();

    // The new project has the default workflow and takes issues.
    await settings.openProjects('OPS');
    expect(await settings.stateNames()).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'In Review',
      'Done',
      'Canceled',
    ]);

    await page.getByRole('button', { name: 'Edit project' }).click();
    await expect(dialog.getByLabel('Project key')).toHaveAttribute('readonly', '');
    await dialog.getByLabel('Project name').fill('Ops team');
    // A lead and another colour, kept and shown.
    await dialog.getByLabel('Lead').selectOption({ label: account.name });
    await dialog.getByRole('radio', { name: '#EB5757' }).check();
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: /Ops team/ })).toBeVisible();
    await expect(page.getByText(`Lead: ${account.name}`)).toBeVisible();
    await expect
      .poll(async () => {
        const ops = (await settings.serverDocs('project')).find((p) => p.key === 'OPS');
        return [ops?.color, typeof ops?.leadId === 'string'];
      })
      .toEqual(['#EB5757', true]);
    await page.goto(`/${slug}/projects`);
    await expect(
      page.getByRole('link', { name: new RegExp(`Ops team OPS Lead: ${account.name}`) }),
    ).toBeVisible();
    await settings.openProjects('OPS');

    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(/Archived: hidden from the sidebar/)).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Ops team' })).toBeHidden();
    await page.goto(`/${slug}/projects`);
    await expect(page.getByRole('link', { name: /Ops team OPS Archived/ })).toBeVisible();

    await settings.openProjects('OPS');
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await expect(sidebar.getByRole('link', { name: 'Ops team' })).toBeVisible();

    // The server holds the project with its fixed key.
    await expect
      .poll(async () => (await settings.serverDocs('project')).map((p) => p.key).sort())
      .toEqual(['ENG', 'OPS']);
  });
});

test.describe('workflow states', () => {
  test('add, rename, reorder, and refuse what SPEC §4 forbids', async ({ page }) => {
    const { keel, settings } = await start(page, 'flow');
    await settings.openProjects();
    await keel.expectAccessible();

    await settings.addState('QA', 'Started');
    await expect(page.locator('.state-row__name', { hasText: 'QA' })).toBeVisible();
    expect((await settings.stateNames()).at(-1)).toBe('QA');

    // A duplicate or empty name is refused with the domain's message; nothing is added.
    await settings.addState('done', 'Completed');
    await expect(page.getByText('State names must be unique')).toBeVisible();
    await settings.addState('  ', 'Started');
    await expect(page.getByText('State name is required')).toBeVisible();
    expect(await settings.stateNames()).toHaveLength(7);

    await page.getByRole('button', { name: 'Edit QA' }).click();
    await expect(page.getByRole('listitem').getByLabel('State name')).toBeFocused();
    await page.getByRole('listitem').getByLabel('State name').fill('Quality check');
    await page.getByRole('button', { name: 'Save state' }).click();
    await expect(page.getByRole('button', { name: 'Edit Quality check' })).toBeVisible();

    // Reorder with the buttons …
    await page.getByRole('button', { name: 'Move Quality check up' }).click();
    await page.getByRole('button', { name: 'Move Quality check up' }).click();
    await expect
      .poll(() => settings.stateNames())
      .toEqual([
        'Backlog',
        'Todo',
        'In Progress',
        'In Review',
        'Quality check',
        'Done',
        'Canceled',
      ]);

    // … and by keyboard drag on the handle (Space, arrow, Space).
    await page.getByRole('button', { name: 'Drag Quality check to reorder' }).focus();
    // dnd-kit measures between steps; give each key a frame or two.
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect
      .poll(() => settings.stateNames())
      .toEqual([
        'Backlog',
        'Todo',
        'In Progress',
        'Quality check',
        'In Review',
        'Done',
        'Canceled',
      ]);

    // The last Completed state can be neither deleted nor moved to another category.
    await page.getByRole('button', { name: 'Delete Done' }).click();
    await settings.dialog().getByRole('button', { name: 'Delete state' }).click();
    await expect(
      settings.dialog().getByText("Done can't be deleted. Keep at least one Completed state."),
    ).toBeVisible();
    await keel.expectAccessible();
    await settings.dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Done' }).click();
    await page.getByRole('listitem').getByLabel('Category').selectOption({ label: 'Started' });
    await page.getByRole('button', { name: 'Save state' }).click();
    await expect(page.getByText('Keep at least one Completed state')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await settings.stateNames()).toContain('Done');

    // The order reached the server.
    await expect
      .poll(async () => {
        const [project] = await settings.serverDocs('project');
        return (project?.states as { name: string }[]).map((s) => s.name);
      })
      .toEqual([
        'Backlog',
        'Todo',
        'In Progress',
        'Quality check',
        'In Review',
        'Done',
        'Canceled',
      ]);
  });

  test('deleting a state that holds issues asks where they go and moves them in one step', async ({
    page,
  }) => {
    const { keel, settings, slug } = await start(page, 'move');
    await page.goto(`/${slug}/issues`);
    await keel.createIssue('First in todo');
    await keel.createIssue('Second in todo');

    await settings.openProjects();
    await expect(page.getByRole('listitem').filter({ hasText: 'Todo' })).toContainText('2 issues');
    await page.getByRole('button', { name: 'Delete Todo' }).click();
    const dialog = settings.dialog();
    await expect(dialog.getByText(/Todo holds 2 issues/)).toBeVisible();
    await dialog.getByLabel('Move its issues to').selectOption({ label: 'In Progress' });
    await keel.expectAccessible();
    await dialog.getByRole('button', { name: 'Delete and move 2 issues' }).click();
    await expect(dialog).toBeHidden();
    expect(await settings.stateNames()).not.toContain('Todo');
    await expect(page.getByRole('listitem').filter({ hasText: 'In Progress' })).toContainText(
      '2 issues',
    );

    await page.goto(`/${slug}/issue/ENG-1`);
    // Whichever control the issue page uses for State (select or type-ahead input).
    const state = page.getByRole('combobox', { name: 'State' });
    await expect
      .poll(() =>
        state.evaluate((el) =>
          el instanceof HTMLSelectElement
            ? el.selectedOptions[0]?.text
            : (el as HTMLInputElement).value || el.textContent,
        ),
      )
      .toContain('In Progress');
    // The history still names the deleted state, after a reload too.
    await expect(page.getByText('changed state from Todo to In Progress')).toBeVisible();
    await page.reload();
    await expect(page.getByText('changed state from Todo to In Progress')).toBeVisible();

    // On the server: both issues moved, started, and one state activity each.
    await expect
      .poll(async () =>
        (await settings.serverDocs('issue')).map((i) => [i.stateId, Boolean(i.startedAt)]),
      )
      .toEqual([
        ['in-progress', true],
        ['in-progress', true],
      ]);
    await expect
      .poll(async () =>
        (await settings.serverDocs('activity'))
          .filter((a) => a.kind === 'state')
          .map((a) => [a.from, a.to]),
      )
      .toEqual([
        ['todo', 'in-progress'],
        ['todo', 'in-progress'],
      ]);
  });
});

test.describe('labels', () => {
  test('create, refuse a duplicate ignoring case, rename, recolour and delete', async ({
    page,
  }) => {
    const { keel, settings } = await start(page, 'label');
    await settings.openLabels();
    await expect(page.getByText('No labels yet')).toBeVisible();
    await keel.expectAccessible();

    await page.getByRole('button', { name: 'Create label' }).click();
    await expect(page.getByText('Label name is required')).toBeVisible();
    await page.getByLabel('Label name').fill('x'.repeat(41));
    await expect(page.getByText('Label name must be at most 40 characters')).toBeVisible();

    await settings.createLabel('Bug');
    await expect(settings.labelRows().filter({ hasText: 'Bug' })).toBeVisible();
    await settings.createLabel('Design');
    await expect(settings.labelRows()).toHaveCount(2);

    await settings.createLabel('  bUG ');
    await expect(page.getByText('A label named bUG already exists')).toBeVisible();
    await expect(page.getByLabel('Label name')).toHaveValue('  bUG ');
    await expect(settings.labelRows()).toHaveCount(2);
    await keel.expectAccessible();

    await page.getByRole('button', { name: 'Edit label Design' }).click();
    const row = settings
      .labelRows()
      .filter({ has: page.getByRole('button', { name: 'Save label' }) });
    await row.getByLabel('Label name').fill('BUG');
    await row.getByRole('button', { name: 'Save label' }).click();
    await expect(row.getByText('A label named BUG already exists')).toBeVisible();
    await row.getByLabel('Label name').fill('UX');
    await row.getByRole('radio', { name: '#26B5CE' }).check();
    await row.getByRole('button', { name: 'Save label' }).click();
    await expect(page.getByRole('button', { name: 'Edit label UX' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete label Bug' }).click();
    await expect(settings.dialog().getByText('No issue carries it.')).toBeVisible();
    await keel.expectAccessible();
    await settings.dialog().getByRole('button', { name: 'Delete label' }).click();
    await expect(settings.labelRows()).toHaveCount(1);

    await expect
      .poll(async () => (await settings.serverDocs('label')).map((l) => [l.name, l.color]))
      .toEqual([['UX', '#26B5CE']]);
  });
});

test('a name typed while the last label is still saving is kept for the next one', async ({
  page,
}) => {
  const SLOW = 'keel-e2e-slow-labels';
  await slowIdbWrites(page, { flag: SLOW, idPrefix: 'label:' });
  const { settings } = await start(page, 'labelslow');
  await settings.openLabels();
  await page.evaluate((flag) => localStorage.setItem(flag, '1500'), SLOW);
  await settings.createLabel('Bug');
  // Typed at once, while the device still writes Bug.
  await page.getByLabel('Label name').fill('Design');
  await expect(page.getByText('Label Bug created')).toBeVisible();
  await expect(page.getByLabel('Label name')).toHaveValue('Design');
  await page.evaluate((flag) => localStorage.removeItem(flag), SLOW);
  await page.getByRole('button', { name: 'Create label' }).click();
  await expect(settings.labelRows()).toHaveCount(2);
  await expect(page.getByLabel('Label name')).toHaveValue('');
});

test('deleting a label takes it off the issues carrying it, with a labels activity', async ({
  page,
}) => {
  const { keel, settings, slug } = await start(page, 'unlabel');
  await settings.openLabels();
  await settings.createLabel('Bug');
  await expect(settings.labelRows()).toHaveCount(1);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Carries a label');

  await page.goto(`/${slug}/issue/ENG-1`);
  const labels = page.getByRole('combobox', { name: 'Labels' });
  await labels.click();
  await labels.fill('Bug');
  await page.getByRole('option', { name: 'Bug', exact: true }).click();
  await labels.press('Escape');
  await expect(labels).toHaveValue('Bug');

  await settings.openLabels();
  await expect(settings.labelRows().filter({ hasText: 'Bug' })).toContainText('1 issue');
  await page.getByRole('button', { name: 'Delete label Bug' }).click();
  await expect(
    settings.dialog().getByText('It is removed from the issue that carries it.'),
  ).toBeVisible();
  await settings.dialog().getByRole('button', { name: 'Delete label' }).click();
  await expect(page.getByText('No labels yet')).toBeVisible();

  await page.goto(`/${slug}/issue/ENG-1`);
  await expect(page.getByRole('combobox', { name: 'Labels' })).toHaveValue('');
  await expect
    .poll(async () => (await settings.serverDocs('issue')).map((i) => i.labelIds))
    .toEqual([[]]);
  await expect.poll(async () => (await settings.serverDocs('label')).length).toBe(0);
  await expect
    .poll(async () =>
      (await settings.serverDocs('activity')).filter(
        (a) => a.kind === 'labels' && Array.isArray(a.to) && a.to.length === 0,
      ),
    )
    .toHaveLength(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`settings screens pass axe (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const { keel, settings, slug } = await start(page, `axe${colorScheme}`);
    await page.goto(`/${slug}/projects`);
    await expect(page.getByRole('link', { name: /Engineering ENG/ })).toBeVisible();
    await keel.expectAccessible();
    await settings.openProjects();
    await keel.expectAccessible();
    await page.getByRole('button', { name: 'Edit In Review' }).click();
    await keel.expectAccessible();
    await page.getByRole('button', { name: 'Edit project' }).click();
    await expect(settings.dialog()).toBeVisible();
    await keel.expectAccessible();
    await settings.dialog().getByRole('button', { name: 'Cancel' }).click();
    await settings.openLabels();
    await settings.createLabel('Bug');
    await expect(settings.labelRows()).toHaveCount(1);
    await keel.expectAccessible();
    await context.close();
  });
}
