import { expect, test } from '@playwright/test';
import { expectInvitation } from './support/members-page.ts';
import { guestOpens, ownerWithWorkspace, SYNCED } from './support/team.ts';

const SHOTS = process.env.MEMBERS_SHOTS;

// Two browsers, two sign-ups and several round trips each on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

test('invite → sign up → join; viewer loses New issue; removal sends them away; used and revoked links', async ({
  browser,
}) => {
  const owner = await ownerWithWorkspace(browser, 'Rocket');
  await owner.keel.createIssue('Welcome aboard');
  await owner.members.open();
  await expect(owner.members.invitations()).toBeHidden();
  await expect(owner.page.getByText('No pending invitations')).toBeVisible();
  const link = await owner.members.invite('Member');
  if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/invite-dialog.png` });
  await owner.members.closeDialog();
  await expect(
    owner.members.invitations().getByText('Anyone with the link', { exact: true }),
  ).toBeVisible();

  const guest = await guestOpens(browser, link);
  await expectInvitation(guest.page, {
    workspace: 'Rocket',
    inviter: owner.account.name,
    role: 'Member',
  });
  if (SHOTS) await guest.page.screenshot({ path: `${SHOTS}/invite-page.png` });
  await guest.page.getByRole('button', { name: 'Join workspace' }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/${owner.slug}/issues`));
  await expect(guest.keel.issueRow('Welcome aboard')).toBeVisible(SYNCED);
  await expect(guest.page.getByRole('button', { name: 'New issue' }).first()).toBeVisible();

  // The owner sees them, with email and role, and the invitation is no longer pending.
  await owner.members.open();
  const row = owner.members.members().getByRole('listitem').filter({ hasText: guest.account.name });
  await expect(row).toContainText(guest.account.email);
  await expect(owner.page.getByText('No pending invitations')).toBeVisible();
  if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/members.png` });

  // Made a viewer: the guest's screen follows without a reload.
  await owner.members.setRole(guest.account.name, 'Viewer');
  await expect(guest.page.getByRole('button', { name: 'New issue' })).toHaveCount(0, SYNCED);
  await expect(guest.keel.issueRow('Welcome aboard')).toBeVisible();

  // Removed: on their next load they are told, and the workspace is gone from their list.
  await row.getByRole('button', { name: `Remove ${guest.account.name}` }).click();
  await owner.members.confirm('Remove member');
  await expect(owner.page.getByText(`${guest.account.name} was removed`)).toBeVisible();
  await expect(row).toBeHidden();
  await guest.page.reload();
  await expect(
    guest.page.getByText('You no longer have access to Rocket.', { exact: false }),
  ).toBeVisible(SYNCED);
  await expect(guest.page).toHaveURL(/\/new$/);
  await guest.page.goto(`/${owner.slug}/issues`);
  await expect(guest.page.getByText(/doesn't exist, or you don't have access/)).toBeVisible();

  // The link they used works no more; nor does a revoked one.
  await guest.page.goto(new URL(link).pathname);
  await expect(guest.page.getByRole('alert')).toHaveText('This invitation was withdrawn.');
  await owner.members.open();
  const second = await owner.members.invite('Viewer', 'someone@example.com');
  await owner.members.closeDialog();
  await owner.members
    .invitations()
    .getByRole('button', { name: 'Revoke invitation for someone@example.com' })
    .click();
  await expect(owner.page.getByText('Invitation revoked')).toBeVisible();
  await guest.page.goto(new URL(second).pathname);
  await expect(guest.page.getByRole('alert')).toHaveText('This invitation was withdrawn.');
  await expect(guest.page.getByRole('button', { name: 'Join workspace' })).toHaveCount(0);

  await guest.context.close();
  await owner.context.close();
});

test('the sole owner cannot leave; after transferring ownership they can', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Handover');
  await owner.members.open();
  await owner.page.getByRole('button', { name: 'Leave workspace' }).click();
  await owner.members.confirm('Leave workspace');
  await expect(owner.members.dialog().getByRole('alert')).toHaveText(
    'A workspace needs an owner. Transfer ownership first.',
  );
  if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/last-owner.png` });
  await owner.members.dialog().getByRole('button', { name: 'Cancel' }).click();

  const link = await owner.members.invite('Admin');
  await owner.members.closeDialog();
  // Opening one's own workspace's link says so, with the workspace's name.
  await owner.page.goto(new URL(link).pathname);
  await expect(owner.page.getByRole('alert')).toHaveText("You're already a member of Handover.");
  await expect(owner.page.getByRole('button', { name: 'Join workspace' })).toHaveCount(0);
  const guest = await guestOpens(browser, link);
  await guest.page.getByRole('button', { name: 'Join workspace' }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/${owner.slug}/issues`));

  await owner.members.open();
  await owner.page.getByRole('button', { name: `Make ${guest.account.name} the owner` }).click();
  await owner.members.confirm('Transfer ownership');
  await expect(owner.page.getByText(`${guest.account.name} is now the owner`)).toBeVisible();
  const mine = owner.members.members().getByRole('listitem').filter({ hasText: '(you)' });
  await expect(mine).toContainText('Admin');
  await expect(owner.page.getByRole('button', { name: /^Make .* the owner$/ })).toHaveCount(0);

  await owner.page.getByRole('button', { name: 'Leave workspace' }).click();
  await owner.members.confirm('Leave workspace');
  await expect(owner.page.getByText('You left Handover.')).toBeVisible();
  await expect(owner.page).toHaveURL(/\/new$/);

  // The new owner sees themselves as the owner and the old one gone.
  await guest.page.goto(`/${owner.slug}/settings/members`);
  const list = guest.page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Owner');
  await guest.context.close();
  await owner.context.close();
});

test('general settings: rename, and delete only after typing the URL key', async ({ browser }) => {
  const owner = await ownerWithWorkspace(browser, 'Old name');
  await owner.page.goto(`/${owner.slug}/settings`);
  const name = owner.page.getByLabel('Workspace name');
  await name.fill('');
  await owner.page.getByRole('button', { name: 'Save name' }).click();
  await expect(owner.page.getByText('Workspace name is required')).toBeVisible();
  await name.fill('New name');
  await owner.page.getByRole('button', { name: 'Save name' }).click();
  await expect(owner.page.getByText('Workspace renamed')).toBeVisible();
  await expect(owner.page.getByRole('navigation', { name: 'Workspace' })).toContainText('New name');
  await owner.keel.expectAccessible();
  if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/general.png` });

  await owner.page.getByRole('button', { name: 'Delete workspace' }).click();
  const dialog = owner.page.getByRole('dialog');
  await dialog.getByLabel('URL key').fill('not-it');
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(dialog.getByText(`Type ${owner.slug} to confirm`, { exact: true })).toBeVisible();
  await owner.keel.expectAccessible();
  if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/delete.png` });
  await dialog.getByLabel('URL key').fill(owner.slug);
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(owner.page.getByText('New name was deleted.')).toBeVisible();
  await expect(owner.page).toHaveURL(/\/new$/);
  await owner.page.goto(`/${owner.slug}/issues`);
  await expect(owner.page.getByText(/doesn't exist, or you don't have access/)).toBeVisible();
  await owner.context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`invitation and members screens pass axe (${colorScheme})`, async ({ browser }) => {
    const scheme = colorScheme === 'dark' ? 'dark' : undefined;
    const owner = await ownerWithWorkspace(browser, 'Axe', scheme);
    await owner.members.open();
    await owner.keel.expectAccessible();
    const link = await owner.members.invite('Viewer', 'reader@example.com');
    await owner.keel.expectAccessible();
    await owner.members.closeDialog();
    await owner.keel.expectAccessible();
    if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/members-${colorScheme}.png` });

    const guest = await guestOpens(browser, link, scheme);
    // Bound to reader@example.com: anyone else is refused with the catalogue message.
    await expect(guest.page.getByRole('alert')).toHaveText(
      "You don't have permission to do that. Ask a workspace admin.",
    );
    await guest.keel.expectAccessible();
    await owner.members.open();
    const open = await owner.members.invite('Member');
    await owner.members.closeDialog();
    await guest.page.goto(new URL(open).pathname);
    await expectInvitation(guest.page, {
      workspace: 'Axe',
      inviter: owner.account.name,
      role: 'Member',
    });
    await guest.keel.expectAccessible();
    if (SHOTS) await guest.page.screenshot({ path: `${SHOTS}/invite-${colorScheme}.png` });
    await guest.context.close();
    await owner.context.close();
  });
}
