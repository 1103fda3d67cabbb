import { expect, test, type Browser } from '@playwright/test';
import { newAccount, newSlug, type Account } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { slowIdbWrites } from './support/idb-faults.ts';
import { KeelPage } from './support/keel-page.ts';
import { RowMenus } from './support/row-menus.ts';
import { SYNCED } from './support/team.ts';

/** A signed-up member with a workspace holding `titles` as ENG-1, ENG-2, … */
async function workspaceWithIssues(browser: Browser, titles: string[], colorScheme?: 'dark') {
  const context = await browser.newContext(colorScheme ? { colorScheme } : {});
  const keel = new KeelPage(await context.newPage());
  const account = newAccount('ada');
  await keel.signUp(account);
  const slug = newSlug('issue');
  await keel.createWorkspace('Issue page', slug);
  await keel.page.goto(`/${slug}/issues`);
  for (const title of titles) await keel.createIssue(title);
  return { context, keel, issue: new IssuePageModel(keel.page), slug, account };
}

test('every field is edited from the issue page and writes its activity line', async ({
  browser,
}) => {
  test.slow(); // a dozen edits, each waiting for its activity line
  const { context, keel, issue, slug, account } = await workspaceWithIssues(browser, [
    'Parent work',
    'Child work',
  ]);
  const { page } = keel;
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Child work');
  const me = account.name;

  await issue.choose('State', 'In Progress');
  await issue.expectActivity('changed state from Todo to In Progress');
  await expect(issue.combobox('State')).toHaveValue('In Progress');

  // Keyboard only: type to filter, Enter picks the first match.
  await issue.combobox('Priority').focus();
  await issue.combobox('Priority').pressSequentially('urg');
  await expect(page.getByRole('option', { name: 'Urgent' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'High' })).toBeHidden();
  await issue.combobox('Priority').press('Enter');
  await issue.expectActivity('changed priority from No priority to Urgent');
  // Esc closes without choosing.
  await issue.combobox('Priority').press('ArrowDown');
  await issue.combobox('Priority').press('ArrowDown');
  await issue.combobox('Priority').press('Escape');
  await expect(issue.combobox('Priority')).toHaveValue('Urgent');

  await issue.choose('Assignee', me);
  await issue.expectActivity(`assigned ${me}`);

  // Labels: members create one right in the field (SPEC §6), then it is added.
  await issue.combobox('Labels').click();
  await issue.combobox('Labels').fill('Bug');
  await page.getByRole('option', { name: 'Create “Bug”' }).click();
  await issue.expectActivity('added label Bug');
  await issue.combobox('Labels').fill('Frontend');
  await page.getByRole('option', { name: 'Create “Frontend”' }).click();
  await issue.expectActivity('added label Frontend');
  await issue.closeList('Labels');
  await expect(issue.combobox('Labels')).toHaveValue('Bug, Frontend');
  // A duplicate name (ignoring case) is refused with its message.
  await issue.combobox('Labels').click();
  await issue.combobox('Labels').fill('bug ');
  await expect(page.getByRole('option', { name: /Create/ })).toBeHidden();
  await page.getByRole('option', { name: 'Bug' }).click();
  await issue.expectActivity('removed label Bug');
  await issue.closeList('Labels');

  await page.getByLabel('Estimate').selectOption({ label: '3 points' });
  await issue.expectActivity('set the estimate to 3 points');

  // Typed as a person types it, digit by digit: the field reads 0002-02-28, 0020-02-28, … on
  // the way, and only the date it ends on is saved, once.
  await page.getByLabel('Due date').click();
  await page.getByLabel('Due date').press('Home');
  await page.keyboard.type('02282030', { delay: 40 });
  await expect(page.getByLabel('Due date')).toHaveValue('2030-02-28');
  await page.getByLabel('Due date').press('Tab');
  await issue.expectActivity('set the due date to Feb 28, 2030');
  await expect(issue.timeline().getByText(/set the due date/)).toHaveCount(1);

  await issue.choose('Parent issue', /ENG-1 Parent work/);
  await issue.expectActivity('set the parent issue to ENG-1');

  const subscribers = page.getByRole('complementary', { name: 'Properties' });
  await expect(subscribers.getByText(me, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(subscribers.getByText('Nobody yet')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(subscribers.getByText(me, { exact: true })).toBeVisible();

  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Child work, renamed');
  await title.press('Enter');
  await issue.expectActivity('changed the title from “Child work” to “Child work, renamed”');

  await issue.setDescription('Steps:\n\n1. **Open** it');
  await issue.expectActivity('updated the description');
  await expect(page.getByRole('region', { name: 'Description' }).locator('strong')).toHaveText(
    'Open',
  );

  // Everything survives a reload: it was saved, not just shown.
  await page.reload();
  await expect(issue.combobox('Assignee')).toHaveValue(me);
  await expect(issue.combobox('Labels')).toHaveValue('Frontend');
  await expect(page.getByLabel('Due date')).toHaveValue('2030-02-28');
  await expect(issue.combobox('Parent issue')).toHaveValue('ENG-1 Parent work');
  await context.close();
});

test('a parent loop is refused with its message, and sub-issues are listed and added', async ({
  browser,
}) => {
  const { context, keel, issue, slug } = await workspaceWithIssues(browser, ['Epic', 'Story']);
  const { page } = keel;
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Story');
  // SPEC §2: `s` opens State from anywhere on the page that is not a text field.
  await page.getByRole('heading', { name: 'Activity' }).click();
  await page.keyboard.press('s');
  await expect(page.getByRole('listbox', { name: 'State' })).toBeVisible();
  await page.keyboard.type('review');
  await page.keyboard.press('Enter');
  await issue.expectActivity('changed state from Todo to In Review');
  await issue.choose('Parent issue', /ENG-1 Epic/);
  await issue.expectActivity('set the parent issue to ENG-1');

  await page.goto(`/${slug}/issue/ENG-1`);
  const subIssues = page.getByRole('region', { name: 'Sub-issues' });
  await expect(subIssues.getByRole('link', { name: /ENG-2.*Story.*In Review/ })).toBeVisible();
  await expect(subIssues).toContainText('0/1'); // none of one done

  // ENG-2 is below ENG-1: making it ENG-1's parent would close a loop.
  await issue.choose('Parent issue', /ENG-2 Story/);
  await expect(page.getByText('A sub-issue of this issue cannot be its parent')).toBeVisible();
  await expect(issue.combobox('Parent issue')).toHaveValue('No parent');
  await expect(issue.timeline().getByText('set the parent issue')).toHaveCount(0);

  await subIssues.getByRole('button', { name: 'Add sub-issue' }).click();
  await subIssues.getByRole('button', { name: 'Create sub-issue' }).click();
  await expect(subIssues.getByText('Title is required')).toBeVisible();
  await subIssues.getByLabel('Sub-issue title').fill('Another story');
  await subIssues.getByRole('button', { name: 'Create sub-issue' }).click();
  await expect(subIssues.getByRole('link', { name: /ENG-3.*Another story/ })).toBeVisible();
  // Made in one write with its parent: "created" and the parent line, nothing refused.
  await subIssues.getByRole('link', { name: /ENG-3/ }).click();
  await issue.expectActivity('set the parent issue to ENG-1');
  await expect(issue.combobox('Parent issue')).toHaveValue('ENG-1 Epic');

  // A sub-issue from another project is listed under its own key and state, and opens.
  await keel.createProject(slug, 'Operations', 'OPS');
  await keel.openNewIssue();
  await keel.newIssueDialog().getByLabel('Title').fill('Rotate the keys');
  await keel.newIssueDialog().getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
  await keel.newIssueDialog().getByRole('button', { name: 'Create issue' }).click();
  await expect(keel.newIssueDialog()).toBeHidden();
  await page.goto(`/${slug}/issue/OPS-1`);
  await issue.choose('Parent issue', /ENG-1 Epic/);
  await issue.expectActivity('set the parent issue to ENG-1');
  await page.goto(`/${slug}/issue/ENG-1`);
  const ops = subIssues.getByRole('link', { name: /OPS-1.*Rotate the keys.*Todo/ });
  await expect(ops).toBeVisible();
  await ops.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/OPS-1$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Rotate the keys');

  // The parent's row counts its sub-issues done, whatever their project: 0/3, then 1/3.
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'All issues' }).click();
  const epicRow = page.locator('li.issue-row').filter({ hasText: 'Epic' });
  await expect(epicRow).toContainText('0/3');
  await expect(epicRow.getByRole('link')).toHaveAccessibleName(/0 of 3 sub-issues done/);
  await new RowMenus(page).choose('ENG-2', 'state', 'Done');
  await expect(epicRow).toContainText('1/3');
  await context.close();
});

test('deleting an issue asks first, lets its sub-issues go, and leaves it nowhere', async ({
  browser,
}) => {
  const { context, keel, issue, slug } = await workspaceWithIssues(browser, ['Epic', 'Story']);
  const { page } = keel;
  await page.goto(`/${slug}/issue/ENG-2`);
  await issue.choose('Parent issue', /ENG-1 Epic/);
  await page.goto(`/${slug}/issues`);
  await keel.issueRow('Epic').click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Epic');
  await issue.comment('Soon gone');

  // Asked first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete ENG-1?' });
  await expect(dialog).toContainText('“Epic” is deleted for everyone');
  await expect(dialog).toContainText('Its sub-issue stays, without a parent.');
  await keel.expectAccessible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Epic');

  // From the command palette, the same question; confirmed, back to the list it came from.
  await page.getByRole('heading', { name: 'Activity' }).click();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('delete');
  await page.getByRole('option', { name: 'Delete issue…' }).click();
  await dialog.getByRole('button', { name: 'Delete issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issues$`));
  // The toast says so and offers Undo (e2e/undo.spec.ts undoes one).
  const deleted = page.locator('.toast').filter({ hasText: 'Deleted ENG-1' });
  await expect(deleted.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(keel.issueRow('Epic')).toHaveCount(0);
  await expect(keel.issueRow('Story')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // The sub-issue has no parent, and says why.
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(issue.combobox('Parent issue')).toHaveValue('No parent');
  await issue.expectActivity('removed the parent issue, since deleted');
  // Its page is gone, search does not find it or its comment, and the server has it deleted.
  await page.goto(`/${slug}/issue/ENG-1`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.goto(`/${slug}/issues`);
  await page.keyboard.press('/');
  await page.keyboard.type('Soon gone');
  const search = page.getByRole('dialog', { name: 'Search issues' });
  await expect(search.getByText('No results for “Soon gone”')).toBeVisible();
  await page.keyboard.press('Escape');
  const res = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  const feed = (await res.json()) as {
    results: { id: string; deleted?: boolean; doc?: { title?: string; parentId?: string } }[];
  };
  const byTitle = (title: string) => feed.results.filter((r) => r.doc?.title === title);
  // Deleted: its deletion keeps what it was (so an undo can restore it, decision 010).
  expect(byTitle('Epic').map((r) => r.deleted)).toEqual([true]);
  expect(feed.results.filter((r) => r.deleted && r.id.startsWith('issue:'))).toHaveLength(1);
  expect(byTitle('Story').map((r) => r.doc?.parentId)).toEqual([null]);
  await context.close();
});

test('a comment or sub-issue title typed while the last one still saves is kept', async ({
  browser,
}) => {
  const { context, keel, issue, slug } = await workspaceWithIssues(browser, ['Epic']);
  const { page } = keel;
  // A slow device: each flag, while set, holds that kind of write open for 1.5 s.
  const SLOW_COMMENTS = 'keel-e2e-slow-comments';
  const SLOW_ISSUES = 'keel-e2e-slow-issues';
  await slowIdbWrites(page, { flag: SLOW_COMMENTS, idPrefix: 'comment:' });
  await slowIdbWrites(page, { flag: SLOW_ISSUES, idPrefix: 'issue:' });
  await page.goto(`/${slug}/issue/ENG-1`);
  const slow = (flag: string, ms: number | null) =>
    page.evaluate(
      ([key, value]) =>
        value === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, value),
      [flag, ms === null ? null : String(ms)] as const,
    );

  await slow(SLOW_COMMENTS, 1_500);
  await issue.comment('First thought');
  await expect(keel.syncIndicator()).not.toHaveText('Synced');
  // Typed at once, while the device still writes the first comment.
  await issue.commentBox().fill('Second thought');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect(page.getByRole('article', { name: /^Comment by / })).toHaveCount(1);
  await expect(issue.commentBox()).toHaveValue('Second thought');
  await slow(SLOW_COMMENTS, null);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Comment by / })).toHaveCount(2);
  await expect(issue.commentBox()).toHaveValue('');

  const subIssues = page.getByRole('region', { name: 'Sub-issues' });
  const field = subIssues.getByLabel('Sub-issue title');
  await subIssues.getByRole('button', { name: 'Add sub-issue' }).click();
  await slow(SLOW_ISSUES, 1_500);
  await field.fill('Child one');
  const create = subIssues.getByRole('button', { name: 'Create sub-issue' });
  await create.click();
  // Saving: the button waits for it, so a double click makes one issue.
  await expect(create).toBeDisabled();
  await field.fill('Child two');
  await expect(subIssues.getByRole('link', { name: /ENG-2.*Child one/ })).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect(field).toHaveValue('Child two');
  await slow(SLOW_ISSUES, null);
  await subIssues.getByRole('button', { name: 'Create sub-issue' }).click();
  await expect(subIssues.getByRole('link', { name: /ENG-3.*Child two/ })).toBeVisible();
  await expect(field).toBeHidden();

  // The title: Enter saves, and what is typed on while that save runs stays in the field.
  const title = page.getByRole('textbox', { name: 'Title' });
  await slow(SLOW_ISSUES, 1_500);
  await title.fill('Epic, first cut');
  await title.press('Enter');
  await expect(keel.syncIndicator()).not.toHaveText('Synced');
  await title.press('End');
  await page.keyboard.type(' and more');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  await issue.expectActivity('changed the title from “Epic” to “Epic, first cut”');
  await expect(title).toHaveValue('Epic, first cut and more');
  await slow(SLOW_ISSUES, null);
  await title.press('Enter');
  await issue.expectActivity('to “Epic, first cut and more”');
  await expect(title).toHaveValue('Epic, first cut and more');
  await context.close();
});

test('the parent list, left open, offers an issue created meanwhile in another window', async ({
  browser,
}) => {
  const { context, keel, issue, slug } = await workspaceWithIssues(browser, ['Story']);
  const { page } = keel;
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.combobox('Parent issue').click();
  await issue.combobox('Parent issue').fill('Late');
  const list = page.getByRole('listbox', { name: 'Parent issue', exact: true });
  await expect(list.getByText('No matches')).toBeVisible();

  const other = new KeelPage(await context.newPage());
  await other.page.goto(`/${slug}/issues`);
  await other.createIssue('Late epic');

  // The list was built when it opened; it follows the issues while it stays open.
  await list.getByRole('option', { name: /ENG-2 Late epic/ }).click({ timeout: 45_000 });
  await expect(issue.combobox('Parent issue')).toHaveValue('ENG-2 Late epic');
  await issue.expectActivity('set the parent issue to ENG-2');
  await context.close();
});

async function signInElsewhere(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  await keel.signIn(account);
  return { context, keel };
}

test('comments: field messages keep the text; mentions; edit, delete; live in a second browser', async ({
  browser,
}) => {
  test.slow(); // two browsers
  const { context, keel, issue, slug, account } = await workspaceWithIssues(browser, ['Talk']);
  const { page } = keel;
  await page.goto(`/${slug}/issue/ENG-1`);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment is required')).toBeVisible();

  const tooLong = 'x'.repeat(20_001);
  await issue.commentBox().fill(tooLong);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment must be at most 20,000 characters')).toBeVisible();
  await expect(issue.commentBox()).toHaveValue(tooLong);

  const other = await signInElsewhere(browser, account);
  await other.keel.page.goto(`/${slug}/issue/ENG-1`);
  await expect(other.keel.page.getByRole('textbox', { name: 'Title' })).toHaveValue('Talk');

  // @ lists members while typing; Enter picks one.
  await issue.commentBox().fill('');
  await issue.commentBox().pressSequentially('Thanks @');
  await issue.commentBox().pressSequentially(account.name.slice(0, 3));
  const suggestions = page.getByRole('listbox', { name: 'Mention a member' });
  await expect(suggestions.getByRole('option', { name: new RegExp(account.name) })).toBeVisible();
  await issue.commentBox().press('Enter');
  await issue.commentBox().pressSequentially('for **this**');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(issue.commentBox()).toHaveValue('');

  const comment = page.getByRole('article', { name: `Comment by ${account.name}` });
  await expect(comment.locator('.mention')).toHaveText(`@${account.name}`);
  await expect(comment.locator('strong')).toHaveText('this');

  // The other browser sees it without reloading.
  const remote = other.keel.page.getByRole('article', { name: `Comment by ${account.name}` });
  await expect(remote.locator('strong')).toHaveText('this', { timeout: 5_000 });

  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByRole('textbox', { name: 'Edit comment' }).fill('Changed my mind');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment.getByText('Changed my mind')).toBeVisible();
  await expect(comment.getByText('(edited)')).toBeVisible();
  await expect(remote.getByText('Changed my mind')).toBeVisible({ timeout: 5_000 });

  await comment.getByRole('button', { name: 'Delete' }).click();
  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await expect(comment).toHaveCount(0);
  await expect(remote).toHaveCount(0, { timeout: 5_000 });
  await other.context.close();
  await context.close();
});

test('a hostile description renders as harmless text', async ({ browser }) => {
  const { context, keel, issue, slug } = await workspaceWithIssues(browser, ['XSS']);
  const { page } = keel;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.setDescription(
    [
      '<script>window.__pwned = 1; alert("script")</script>',
      '<img src="x" onerror="window.__pwned = 2; alert(\'img\')">',
      '[click me](javascript:window.__pwned=3)',
      '<a href="javascript:alert(4)" onclick="window.__pwned=4">raw link</a>',
      '<iframe src="javascript:alert(5)"></iframe>',
      '[safe](https://example.com)',
      // Form controls passed off as task boxes, or as anything else, do not survive.
      '<input type="checkbox" data-task="0" data-task-nonce="guess" checked> <input value="x">',
      '- [ ] a real task',
    ].join('\n\n'),
  );
  const view = page.getByRole('region', { name: 'Description' });
  await expect(view.getByRole('link', { name: 'safe' })).toHaveAttribute(
    'href',
    'https://example.com',
  );
  await expect(view.locator('script, iframe')).toHaveCount(0);
  await expect(view.locator('[onerror], [onclick]')).toHaveCount(0);
  await expect(view.locator('input')).toHaveCount(1);
  await expect(view.getByRole('checkbox', { name: 'a real task' })).not.toBeChecked();
  await expect(view.locator('a[href^="javascript"], img[src^="javascript"]')).toHaveCount(0);
  for (const link of await view.locator('a').all()) {
    if ((await link.getAttribute('href')) === null) continue;
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await view.getByText('click me').click();
  await view.getByText('raw link').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the issue page with a full timeline passes axe (${scheme})`, async ({ browser }) => {
    const { context, keel, issue, slug, account } = await workspaceWithIssues(
      browser,
      ['Parent', 'Accessible'],
      scheme === 'dark' ? 'dark' : undefined,
    );
    const { page } = keel;
    await page.goto(`/${slug}/issue/ENG-2`);
    await issue.choose('State', 'In Review');
    await issue.choose('Assignee', account.name);
    await issue.choose('Parent issue', /ENG-1/);
    await issue.setDescription('A [link](https://example.com) and `code`');
    await issue.comment('First comment with **bold** text');
    await issue.expectActivity('set the parent issue to ENG-1');
    await expect(page.getByRole('article', { name: /Comment by/ })).toBeVisible();
    await keel.expectAccessible();
    // With a list open, too.
    await issue.combobox('Labels').click();
    await issue.combobox('Labels').fill('Needs design');
    await expect(page.getByRole('option', { name: /Create/ })).toBeVisible();
    await keel.expectAccessible();
    await context.close();
  });
}
