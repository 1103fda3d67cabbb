import { expect, type Locator, type Page } from '@playwright/test';

export type RowField = 'state' | 'priority' | 'assignee' | 'labels';

const COMBOBOX: Record<RowField, string> = {
  state: 'State',
  priority: 'Priority',
  assignee: 'Assignee',
  labels: 'Labels',
};

/** Page model of the property menus of list rows and board cards. */
export class RowMenus {
  constructor(readonly page: Page) {}

  /** The button of an issue's property, e.g. "Change state of ENG-1, now Todo". */
  button(issueKey: string, field: RowField, now?: string): Locator {
    const value = now === undefined ? '.*' : now.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('button', {
      name: new RegExp(`^Change ${field} of ${issueKey}, now ${value}$`),
    });
  }

  /** Every property button on the screen. */
  allButtons(): Locator {
    return this.page.getByRole('button', { name: /^Change (state|priority|assignee|labels) of / });
  }

  /** The open menu's type-ahead field. */
  combobox(field: RowField): Locator {
    return this.page.getByRole('combobox', { name: COMBOBOX[field], exact: true });
  }

  option(field: RowField, name: string | RegExp): Locator {
    return this.page
      .getByRole('listbox', { name: COMBOBOX[field], exact: true })
      .getByRole('option', { name });
  }

  /** Open a row's menu with the mouse and click a value. */
  async choose(issueKey: string, field: RowField, option: string | RegExp) {
    await this.button(issueKey, field).click();
    await expect(this.combobox(field)).toBeFocused();
    await this.option(field, option).click();
  }
}
