import { expect, type Page } from '@playwright/test';

/** Page model of the settings screens of slice C: projects, workflow states, labels. */
export class SettingsPage {
  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {}

  async openProjects(key?: string) {
    await this.page.goto(`/${this.slug}/settings/projects${key ? `?project=${key}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Workflow states' })).toBeVisible();
  }

  async openLabels() {
    await this.page.goto(`/${this.slug}/settings/labels`);
    await expect(this.page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  states() {
    return this.page.getByRole('list', { name: /^States of / }).getByRole('listitem');
  }

  /** The state names in workflow order, as shown. */
  async stateNames() {
    return this.page
      .getByRole('list', { name: /^States of / })
      .locator('.state-row__name')
      .allInnerTexts();
  }

  async addState(name: string, category: string) {
    const add = this.page.locator('.workflow__add');
    await add.getByLabel('State name').fill(name);
    await add.getByLabel('Category').selectOption({ label: category });
    await add.getByRole('button', { name: 'Add state' }).click();
  }

  async createLabel(name: string) {
    await this.page.getByLabel('Label name').fill(name);
    await this.page.getByRole('button', { name: 'Create label' }).click();
  }

  labelRows() {
    return this.page.getByRole('list', { name: 'Labels' }).getByRole('listitem');
  }

  /** Documents of one type as the server holds them, read through the replication proxy. */
  async serverDocs(type: string): Promise<Record<string, unknown>[]> {
    const res = await this.page.request.get(`/db/${this.slug}/_changes?include_docs=true`);
    const body = (await res.json()) as { results: { doc?: Record<string, unknown> }[] };
    return body.results.flatMap((r) => (r.doc && r.doc.type === type ? [r.doc] : []));
  }
}
