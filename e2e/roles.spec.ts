import { expect, test } from '@playwright/test';
import { IssuePageModel } from './support/issue-page.ts';
import { PalettePage } from './support/palette-page.ts';
import { inviteAndJoin, ownerWithWorkspace, SYNCED, type Owner } from './support/team.ts';

/**
 * What each role may do (SPEC §6), seen by a second real person in their own browser who joined
 * through an invitation: the screens offer only what the role allows.
 */

// Two browsers, two sign-ups and several round trips each on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

async function issueWithComment(owner: Owner, title: string, comment: string) {
  await owner.page.goto(`/${owner.slug}/issues`);
  await owner.keel.createIssue(title);
  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  const issue = new IssuePageModel(owner.page);
  await issue.comment(comment);
  // Posted: in the timeline, and the comment box is empty again (until then it holds the text).
  await expect(
    owner.page.getByRole('article', { name: /^Comment by/ }).getByText(comment),
  ).toBeVisible();
  await expect(issue.commentBox()).toHaveValue('');
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);
}

test('a viewer sees the issues but nothing that would change them', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Readers');
  await issueWithComment(owner, 'Read me', 'Noted by the owner');
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  const { page, keel } = viewer;

  await expect(keel.issueRow('Read me')).toBeVisible(SYNCED);
  await expect(page.getByRole('button', { name: 'New issue' })).toHaveCount(0);
  // `c` opens New issue for those who may create; for a viewer it does nothing.
  await page.locator('body').click({ position: { x: 700, y: 500 } });
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);

  // The palette offers what a viewer can do, and New issue is not among it.
  const palette = new PalettePage(page);
  await palette.open();
  await expect(palette.option('Search issues')).toBeVisible();
  await expect(palette.option('New issue')).toHaveCount(0);
  await palette.input().fill('new');
  await expect(palette.option('New issue')).toHaveCount(0);
  await palette.input().fill('create');
  await expect(palette.option('New issue')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();
  await keel.expectAccessible();

  // The issue itself: read, not edited.
  await keel.issueRow('Read me').click();
  await expect(page).toHaveURL(new RegExp(`/${owner.slug}/issue/ENG-1$`));
  const issue = new IssuePageModel(page);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Read me');
  await expect(page.getByRole('textbox', { name: 'Title' })).not.toBeEditable();
  const properties = page.getByRole('combobox');
  await expect(issue.combobox('State')).toBeVisible();
  const count = await properties.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(properties.nth(i)).toBeDisabled();
  await expect(page.getByLabel('Due date')).not.toBeEditable();
  // Read as values, not as a date mask or a disabled picker.
  await expect(page.getByLabel('Due date')).toHaveAttribute('placeholder', 'No due date');
  await expect(page.getByLabel('Estimate')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByText('No description.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add sub-issue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete issue' })).toHaveCount(0);
  await expect(issue.commentBox()).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);
  const comment = page.getByRole('article', { name: `Comment by ${owner.account.name}` });
  await expect(comment).toContainText('Noted by the owner');
  await expect(comment.getByRole('button')).toHaveCount(0);
  await page.locator('body').click({ position: { x: 700, y: 600 } });
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await keel.expectAccessible();
    await page.screenshot({ path: test.info().outputPath(`viewer-issue-${colorScheme}.png`) });
  }

  await viewer.context.close();
  await owner.context.close();
});

test("a member cannot delete others' comments or issues; an admin can", async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Talkers');
  await issueWithComment(owner, 'Discuss me', 'Said by the owner');
  const member = await inviteAndJoin(browser, owner, 'Member', 'member');
  const { page } = member;
  await expect(member.keel.issueRow('Discuss me')).toBeVisible(SYNCED);
  await page.goto(`/${owner.slug}/issue/ENG-1`);
  const issue = new IssuePageModel(page);
  const ownersComment = page.getByRole('article', { name: `Comment by ${owner.account.name}` });
  await expect(ownersComment).toContainText('Said by the owner');

  // Someone else's issue: a member may not delete it (SPEC §6), so it is not offered.
  await expect(issue.combobox('State')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Delete issue' })).toHaveCount(0);
  const palette = new PalettePage(page);
  await palette.open();
  await palette.input().fill('delete');
  await expect(palette.option('Delete issue…')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A member manages their own comment, and only theirs.
  await issue.comment('Said by the member');
  const mine = page.getByRole('article', { name: `Comment by ${member.account.name}` });
  await expect(mine).toContainText('Said by the member');
  await expect(mine.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(ownersComment.getByRole('button')).toHaveCount(0);
  await member.keel.expectAccessible();
  await page.screenshot({ path: test.info().outputPath('member-comments.png') });

  // Settings as a member (SPEC §6): labels may be created but not changed; projects and their
  // workflows are read only.
  await page.goto(`/${owner.slug}/settings/labels`);
  await page.getByLabel('Label name').fill('Member made');
  await page.getByRole('button', { name: 'Create label' }).click();
  const labels = page.getByRole('list', { name: 'Labels' });
  await expect(labels.getByText('Member made')).toBeVisible();
  await expect(labels.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
  await member.keel.expectAccessible();
  await page.goto(`/${owner.slug}/settings/projects`);
  await expect(page.getByText('Only admins and owners can change projects.')).toBeVisible();
  for (const name of ['New project', 'Edit project', 'Archive', 'Add state'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
  await member.keel.expectAccessible();

  // Their own issue, they may delete.
  await member.keel.createIssue('Mine to drop');
  await page.goto(`/${owner.slug}/issues`);
  await member.keel.issueRow('Mine to drop').click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Mine to drop');
  await expect(page.getByRole('button', { name: 'Delete issue' })).toBeVisible();
  await page.goto(`/${owner.slug}/issue/ENG-1`);

  // Made an admin: the control appears without a reload, and deleting the owner's comment goes
  // through the server's rules to the owner's screen.
  await owner.members.open();
  await owner.members.setRole(member.account.name, 'Admin');
  await expect(ownersComment.getByRole('button', { name: 'Delete', exact: true })).toBeVisible(
    SYNCED,
  );
  await expect(ownersComment.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await ownersComment.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(ownersComment.getByRole('status')).toHaveText('Delete this comment?');
  await ownersComment.getByRole('button', { name: 'Delete comment' }).click();
  await expect(ownersComment).toHaveCount(0);
  await expect(mine).toBeVisible();
  await expect(member.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  await owner.page.goto(`/${owner.slug}/issue/ENG-1`);
  await expect(
    owner.page.getByRole('article', { name: `Comment by ${member.account.name}` }),
  ).toContainText('Said by the member', SYNCED);
  await expect(
    owner.page.getByRole('article', { name: `Comment by ${owner.account.name}` }),
  ).toHaveCount(0, SYNCED);
  // Not undone as a rejected change: after a reload it is still gone for the admin too.
  await page.reload();
  await expect(mine).toBeVisible(SYNCED);
  await expect(ownersComment).toHaveCount(0);

  await member.context.close();
  await owner.context.close();
});
