import { expect, type Page } from '@playwright/test';

/** Page model of a workspace's member settings and of the invitation page. */
export class MembersPage {
  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {}

  async open() {
    await this.page.goto(`/${this.slug}/settings/members`);
    await expect(this.page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  members() {
    return this.page.getByRole('list', { name: 'Members' });
  }

  invitations() {
    return this.page.getByRole('list', { name: 'Pending invitations' });
  }

  /** Invite → role (and email) → the link the dialog shows once. */
  async invite(role: 'Admin' | 'Member' | 'Viewer', email = ''): Promise<string> {
    await this.page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = this.dialog();
    if (email) await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: role });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    return link;
  }

  async closeDialog() {
    await this.dialog().getByRole('button', { name: 'Done' }).click();
    await expect(this.dialog()).toBeHidden();
  }

  async setRole(name: string, role: 'Admin' | 'Member' | 'Viewer') {
    await this.page.getByLabel(`Role of ${name}`).selectOption({ label: role });
    await expect(this.page.getByText(`${name} is now ${role.toLowerCase()}`)).toBeVisible();
  }

  async confirm(action: string) {
    await this.dialog().getByRole('button', { name: action }).click();
  }
}

/** `/invite/:token` seen by the invitee. */
export async function expectInvitation(
  page: Page,
  facts: { workspace: string; inviter: string; role: string },
) {
  await expect(page.getByRole('heading', { name: `Join ${facts.workspace}` })).toBeVisible();
  await expect(page.getByText(facts.inviter, { exact: true })).toBeVisible();
  await expect(page.getByText(facts.role, { exact: true })).toBeVisible();
}
