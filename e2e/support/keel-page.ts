import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';

/** Page model of Keel for end-to-end tests: what a person does, by accessible names. */
export class KeelPage {
  constructor(readonly page: Page) {}

  /** From a signed-out start: Sign in → Create an account → back in Keel. */
  async signUp(account: Account) {
    const { page } = this;
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin/);
    await this.createAccountFromSignIn(account);
    await expect(page).not.toHaveURL(/\/idp\//);
  }

  /** On /signin: Sign in → Create an account → fill it in and send it. */
  async createAccountFromSignIn(account: Account) {
    const { page } = this;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(account: Account) {
    const { page } = this;
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).not.toHaveURL(/\/idp\//);
  }

  async createWorkspace(name: string, slug: string) {
    const { page } = this;
    await page.goto('/new');
    await page.getByLabel('Workspace name').fill(name);
    await page.getByLabel('URL key').fill(slug);
    await page.getByRole('button', { name: /create workspace/i }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/`));
  }

  /** A project made from the Projects page, as an admin makes one; back on that page after. */
  async createProject(slug: string, name: string, key: string) {
    const { page } = this;
    await page.goto(`/${slug}/projects`);
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project name').fill(name);
    await dialog.getByLabel('Project key').fill(key);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toBeHidden();
  }

  newIssueDialog() {
    return this.page.getByRole('dialog');
  }

  async openNewIssue() {
    await this.page.getByRole('button', { name: 'New issue' }).first().click();
    await expect(this.newIssueDialog()).toBeVisible();
  }

  async createIssue(title: string) {
    await this.openNewIssue();
    await this.newIssueDialog().getByLabel('Title').fill(title);
    await this.newIssueDialog().getByRole('button', { name: 'Create issue' }).click();
    await expect(this.newIssueDialog()).toBeHidden();
  }

  issueRow(title: string) {
    return this.page.getByRole('link', {
      name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
  }

  /** The sidebar's sync indicator, whichever of its four texts it shows. */
  syncIndicator() {
    return this.page.getByText(
      /^(Synced|Syncing…|Offline — \d+ changes? saved on this device|Sync error)$/,
    );
  }

  /** Accessibility check of the current screen (WCAG 2.1 A and AA rules). */
  async expectAccessible() {
    const results = await new AxeBuilder({ page: this.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    expect(summary).toEqual([]);
  }
}
