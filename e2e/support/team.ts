import { expect, type Browser } from '@playwright/test';
import { newAccount, newSlug, type Account } from './accounts.ts';
import { KeelPage } from './keel-page.ts';
import { MembersPage } from './members-page.ts';

/**
 * Several real people in one workspace: an owner signed up in one browser, others in their own
 * browsers (own contexts, own replicas) who join through a real invitation link.
 */

// What crosses from one browser to the other goes through the server and a live replica,
// which on a loaded machine can take well over the default ten seconds to open.
export const SYNCED = { timeout: 45_000 };

export type Owner = Awaited<ReturnType<typeof ownerWithWorkspace>>;
export type Guest = Awaited<ReturnType<typeof guestOpens>>;
export type Role = 'Admin' | 'Member' | 'Viewer';

export async function ownerWithWorkspace(
  browser: Browser,
  name: string,
  colorScheme?: 'dark',
  label = 'owner',
) {
  const context = await browser.newContext(colorScheme ? { colorScheme } : {});
  const page = await context.newPage();
  const keel = new KeelPage(page);
  const account = newAccount(label);
  await keel.signUp(account);
  const slug = newSlug('team');
  await keel.createWorkspace(name, slug);
  return { context, page, keel, account, slug, members: new MembersPage(page, slug) };
}

/** A second person in their own browser who opens the link signed out and signs up. */
export async function guestOpens(
  browser: Browser,
  link: string,
  colorScheme?: 'dark',
  label = 'guest',
) {
  const context = await browser.newContext(colorScheme ? { colorScheme } : {});
  const page = await context.newPage();
  const account: Account = newAccount(label);
  if (process.env.MEMBERS_DEBUG)
    page.on('console', (m) => console.log(`[${label}] ${m.type()} ${m.text()}`));
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Finvite%2F/);
  const keel = new KeelPage(page);
  await keel.createAccountFromSignIn(account);
  await expect(page).toHaveURL(new URL(link).pathname);
  return { context, page, keel, account };
}

/**
 * The owner invites with `role`; a new person signs up through the link and joins. Resolves
 * once they are on the workspace's issues with its replica open.
 */
export async function inviteAndJoin(browser: Browser, owner: Owner, role: Role, label = 'guest') {
  await owner.members.open();
  const link = await owner.members.invite(role);
  await owner.members.closeDialog();
  const guest = await guestOpens(browser, link, undefined, label);
  await guest.page.getByRole('button', { name: 'Join workspace' }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/${owner.slug}/issues`));
  await expect(guest.keel.syncIndicator()).toHaveText('Synced', SYNCED);
  return guest;
}

/** The owner removes a member in /:ws/settings/members. */
export async function removeMember(owner: Owner, name: string) {
  await owner.members.open();
  const row = owner.members.members().getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await owner.members.confirm('Remove member');
  await expect(owner.page.getByText(`${name} was removed`)).toBeVisible();
  await expect(row).toBeHidden();
}
