import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of one issue's page: its property comboboxes, description, comments, timeline. */
export class IssuePageModel {
  constructor(readonly page: Page) {}

  combobox(name: string): Locator {
    return this.page.getByRole('combobox', { name, exact: true });
  }

  /** Open a property's list and pick an option by its visible name. */
  async choose(property: string, option: string | RegExp) {
    await this.combobox(property).click();
    await this.page
      .getByRole('listbox', { name: property, exact: true })
      .getByRole('option', { name: option })
      .click();
  }

  /** The list of properties closes after a single choice; multi-selects stay open until Esc. */
  async closeList(property: string) {
    await this.combobox(property).press('Escape');
  }

  timeline(): Locator {
    return this.page.getByRole('region', { name: 'Activity' });
  }

  async expectActivity(text: string | RegExp) {
    await expect(this.timeline().getByText(text).first()).toBeVisible();
  }

  commentBox(): Locator {
    return this.page.getByRole('textbox', { name: 'Comment', exact: true });
  }

  async comment(body: string) {
    await this.commentBox().fill(body);
    await this.page.getByRole('button', { name: 'Comment', exact: true }).click();
  }

  async setDescription(text: string) {
    await this.page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await this.page.getByRole('textbox', { name: 'Description' }).fill(text);
    await this.page.getByRole('button', { name: 'Preview', exact: true }).click();
  }
}
