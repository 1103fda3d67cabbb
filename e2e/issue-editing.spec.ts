import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { fillPhase } from './support/replica-hold.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/** A signed-up member with a workspace holding `titles` as ENG-1, ENG-2, … */
async function workspaceWithIssues(browser: Browser, titles: string[]) {
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  const account = newAccount('ada');
  await keel.signUp(account);
  const slug = newSlug('editing');
  await keel.createWorkspace('Editing', slug);
  await keel.page.goto(`/${slug}/issues`);
  for (const title of titles) await keel.createIssue(title);
  return { context, keel, page: keel.page, issue: new IssuePageModel(keel.page), slug, account };
}

test('a mention reads as a name in the box, and typing on at full speed keeps its order', async ({
  browser,
}) => {
  const { context, keel, page, issue, slug, account } = await workspaceWithIssues(browser, [
    'Talk',
  ]);
  await page.goto(`/${slug}/issue/ENG-1`);
  const box = issue.commentBox();
  // The mention goes in the middle of what is there, where a caret put back late would send
  // the next letters elsewhere.
  await box.fill('Thanks — see you');
  await box.press('Home');
  for (let i = 0; i < 'Thanks '.length; i++) await box.press('ArrowRight');
  await page.keyboard.type('@');
  await page.keyboard.type(account.name.slice(0, 3));
  const suggestions = page.getByRole('listbox', { name: 'Mention a member' });
  await expect(suggestions.getByRole('option', { name: new RegExp(account.name) })).toBeVisible();
  // Chosen with Enter and typed on at once, at full speed (the keys are sent without waiting
  // for the page in between): every character lands after the name, in order.
  await Promise.all([
    page.keyboard.press('Enter'),
    page.keyboard.type('for the quick review, really appreciated '),
  ]);
  const typed = `Thanks @${account.name} for the quick review, really appreciated — see you`;
  await expect(box).toHaveValue(typed);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(box).toHaveValue('');
  const comment = page.getByRole('article', { name: `Comment by ${account.name}` });
  await expect(comment.locator('.mention')).toHaveText(`@${account.name}`);
  await expect(comment).toContainText(typed);

  // Stored as a mention (so the inbox and renames follow it), shown as a name when edited.
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  const res = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  const feed = (await res.json()) as { results: { doc?: { type?: string; body?: string } }[] };
  const bodies = feed.results.flatMap((r) => (r.doc?.type === 'comment' ? [r.doc.body] : []));
  expect(bodies).toEqual([
    expect.stringMatching(
      new RegExp(`^Thanks @\\[${account.name}\\]\\(user:[\\w-]+\\) for the quick review`),
    ),
  ]);
  await comment.getByRole('button', { name: 'Edit' }).click();
  const edit = comment.getByRole('textbox', { name: 'Edit comment' });
  await expect(edit).toHaveValue(typed);
  // Backspace right after a name takes the whole mention, not one letter of it.
  await edit.click();
  await edit.press('End');
  await edit.press('Control+Home');
  for (let i = 0; i < 'Thanks @'.length + account.name.length; i++) await edit.press('ArrowRight');
  await edit.press('Backspace');
  await expect(edit).toHaveValue(typed.replace(`@${account.name}`, ''));
  // The browser's own undo brings it back, still a mention.
  await edit.press('Control+z');
  await expect(edit).toHaveValue(typed);
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(comment.locator('.mention')).toHaveText(`@${account.name}`);
  await context.close();
});

test('task lists tick from the description, issue keys link, and a viewer only reads', async ({
  browser,
}) => {
  test.slow(); // a second person joins
  const owner = await ownerWithWorkspace(browser, 'Tasks');
  const { page, keel, slug } = owner;
  const issue = new IssuePageModel(page);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Epic');
  await keel.createIssue('Checklist');
  await page.goto(`/${slug}/issue/ENG-2`);
  await issue.setDescription(
    [
      'Steps, see ENG-1 (not ENG-99):',
      '',
      '- [ ] Write the docs',
      '- [x] Ship it',
      '',
      '`ENG-1`',
    ].join('\n'),
  );
  const view = page.getByRole('region', { name: 'Description' });
  const docs = view.getByRole('checkbox', { name: 'Write the docs' });
  const ship = view.getByRole('checkbox', { name: 'Ship it' });
  await expect(docs).not.toBeChecked();
  await expect(ship).toBeChecked();

  // A tick edits the Markdown: saved, with its activity line, and kept across a reload.
  await docs.click();
  await expect(docs).toBeChecked();
  await issue.expectActivity('updated the description');
  await ship.focus();
  await page.keyboard.press('Space');
  await expect(ship).not.toBeChecked();
  await expect(ship).toBeFocused();
  // Three: writing it, then each tick.
  await expect(issue.timeline().getByText('updated the description')).toHaveCount(3);
  await page.reload();
  await expect(view.getByRole('checkbox', { name: 'Write the docs' })).toBeChecked();
  await expect(view.getByRole('checkbox', { name: 'Ship it' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    [
      'Steps, see ENG-1 (not ENG-99):',
      '',
      '- [x] Write the docs',
      '- [ ] Ship it',
      '',
      '`ENG-1`',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  // ENG-1 exists and links to its page, in this tab; ENG-99 does not; code stays code.
  const link = view.getByRole('link', { name: 'ENG-1', exact: true });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', `/${slug}/issue/ENG-1`);
  await expect(view.getByRole('link', { name: 'ENG-99' })).toHaveCount(0);
  await expect(view.locator('code')).toHaveText('ENG-1');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Epic');
  expect(owner.context.pages()).toHaveLength(1);

  // A viewer sees the boxes but cannot tick them.
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  await viewer.page.goto(`/${slug}/issue/ENG-2`);
  const seen = viewer.page.getByRole('region', { name: 'Description' });
  await expect(seen.getByRole('checkbox', { name: 'Write the docs' })).toBeChecked();
  await expect(seen.getByRole('checkbox', { name: 'Write the docs' })).toBeDisabled();
  await viewer.context.close();
  await owner.context.close();
});

test('the task box that has focus keeps it when another tick redraws the text', async ({
  browser,
}) => {
  const { context, page, issue, slug } = await workspaceWithIssues(browser, ['Checklist']);
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.setDescription(['- [ ] Write the docs', '- [ ] Ship it'].join('\n'));
  const view = page.getByRole('region', { name: 'Description' });
  const docs = view.getByRole('checkbox', { name: 'Write the docs' });
  const ship = view.getByRole('checkbox', { name: 'Ship it' });
  // Focus is on "Ship it" as "Write the docs" is ticked (a click that does not move focus):
  // the saved text redraws both boxes, and focus stays where the person is.
  await ship.focus();
  await docs.dispatchEvent('click');
  await expect(issue.timeline().getByText('updated the description')).toHaveCount(2);
  await expect(docs).toBeChecked();
  await expect(ship).toBeFocused();
  // So the next key ticks the box the person is on.
  await page.keyboard.press('Space');
  await expect(ship).toBeChecked();
  await expect(issue.timeline().getByText('updated the description')).toHaveCount(3);
  await expect(ship).toBeFocused();
  await context.close();
});

test('a sub-issue shows its parent as a link above the title and in the breadcrumb', async ({
  browser,
}) => {
  const { context, page, issue, slug } = await workspaceWithIssues(browser, ['Epic', 'Story']);
  await page.goto(`/${slug}/issue/ENG-2`);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: /ENG-1/ })).toHaveCount(0);
  await issue.choose('Parent issue', /ENG-1 Epic/);
  await expect(breadcrumb.getByRole('link', { name: 'ENG-1' })).toBeVisible();
  const above = page.getByRole('link', { name: 'ENG-1 Epic' });
  await expect(above).toBeVisible();
  await above.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Epic');
  await page.goBack();
  await breadcrumb.getByRole('link', { name: 'ENG-1' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/issue/ENG-1$`));
  // The top issue has no parent line.
  await expect(breadcrumb.getByRole('listitem')).toHaveCount(2);
  await context.close();
});

/**
 * Milliseconds from now until the activity timeline first reads `text`, timed in the page (a
 * MutationObserver), so the polling of `expect` does not blur it. Start it before the action.
 */
async function timeUntilActivity(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const timeline = document.querySelector('section.activity')!;
    const started = performance.now();
    (window as { untilActivity?: Promise<number> }).untilActivity = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!timeline.textContent?.includes(wanted)) return;
        observer.disconnect();
        resolve(performance.now() - started);
      });
      observer.observe(timeline, { subtree: true, childList: true, characterData: true });
    });
  }, text);
  return () => page.evaluate(() => (window as { untilActivity?: Promise<number> }).untilActivity!);
}

// What typing waits for before a date is saved (issue-properties-more.tsx).
const TYPING_PAUSE_MS = 1_000;

test('a due date chosen in the picker is saved at once', async ({ browser }) => {
  const { context, keel, page, issue, slug } = await workspaceWithIssues(browser, ['Soon']);
  await page.goto(`/${slug}/issue/ENG-1`);
  await issue.expectActivity('created the issue');
  const field = page.getByLabel('Due date');
  // `fill` sets the value as the picker does, with no keystrokes in the field. Saved at once:
  // its activity line is there before a typing pause would even have ended.
  let elapsed = await timeUntilActivity(page, 'set the due date to Mar 15, 2030');
  await field.fill('2030-03-15');
  expect(await elapsed()).toBeLessThan(TYPING_PAUSE_MS);
  await page.reload();
  await expect(page.getByLabel('Due date')).toHaveValue('2030-03-15');
  // A reload may cut the first fill short, and it resumes behind the page; until it has ended
  // and been pushed, the count of waiting changes includes what it wrote (decision 006).
  await expect.poll(() => fillPhase(page, slug), { timeout: 30_000 }).toBe('done');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // Offline, the same: saved on this device as it is chosen, the field keeps focus.
  await context.setOffline(true);
  await issue.expectActivity('set the due date to Mar 15, 2030');
  elapsed = await timeUntilActivity(page, 'set the due date to Apr 1, 2030');
  await page.getByLabel('Due date').fill('2030-04-01');
  expect(await elapsed()).toBeLessThan(TYPING_PAUSE_MS);
  await expect(page.getByText(/^Offline — 1 change saved on this device$/)).toBeVisible();
  await expect(page.getByLabel('Due date')).toBeFocused();
  await context.setOffline(false);
  await context.close();
});

for (const scheme of ['light', 'dark'] as const)
  test(`the issue page's parent, task boxes, key links and mention box pass axe (${scheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const keel = new KeelPage(await context.newPage());
    const { page } = keel;
    const account = newAccount('ada');
    await keel.signUp(account);
    const slug = newSlug('axe');
    await keel.createWorkspace('Axe', slug);
    await page.goto(`/${slug}/issues`);
    await keel.createIssue('Ship the new onboarding flow');
    await keel.createIssue('Write the migration guide');
    const issue = new IssuePageModel(page);
    await page.goto(`/${slug}/issue/ENG-2`);
    await issue.choose('Parent issue', /ENG-1/);
    await issue.setDescription(
      'Before ENG-1 ships:\n\n- [x] Outline the steps\n- [ ] Screenshots of each screen',
    );
    const view = page.getByRole('region', { name: 'Description' });
    await expect(view.getByRole('checkbox', { name: 'Outline the steps' })).toBeChecked();
    await expect(view.getByRole('link', { name: 'ENG-1' })).toBeVisible();
    await issue.commentBox().click();
    await page.keyboard.type('Looping in @');
    await page.keyboard.type(account.name.slice(0, 3));
    await expect(page.getByRole('listbox', { name: 'Mention a member' })).toBeVisible();
    await keel.expectAccessible();
    await page.keyboard.press('Enter');
    await expect(issue.commentBox()).toHaveValue(`Looping in @${account.name} `);
    await keel.expectAccessible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await keel.expectAccessible();
      await page.screenshot({
        path: test.info().outputPath(`issue-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
    await context.close();
  });
