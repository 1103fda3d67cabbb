import { expect, type Page } from '@playwright/test';

/** Page model of the list and board views: filters, display options, bulk bar, columns. */
export class ViewsPage {
  constructor(readonly page: Page) {}

  filterText() {
    return this.page.getByRole('searchbox', { name: 'Filter by text' });
  }

  /** Tick a value in the filter menu (e.g. State → Todo) and close the menu. */
  async addFilter(section: string, value: string) {
    await this.page.getByRole('button', { name: '+ Filter' }).click();
    const menu = this.page.getByRole('group', { name: 'Filters' });
    // The box reflects the URL, which updates a moment after the click; wait for it to show.
    const box = menu.getByRole('group', { name: section }).getByLabel(value, { exact: true });
    await box.click();
    await expect(box).toBeChecked();
    await this.page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  async setGrouping(label: string) {
    await this.page.getByRole('button', { name: 'Display' }).click();
    await this.page.getByRole('combobox', { name: 'Grouping' }).selectOption({ label });
    await this.page.keyboard.press('Escape');
  }

  chip(text: string | RegExp) {
    return this.page.getByRole('list', { name: 'Active filters' }).getByText(text);
  }

  groupHeader(name: string) {
    return this.page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) });
  }

  /** The row link of an issue, by (part of) its title. */
  row(title: string) {
    return this.page.getByRole('list', { name: 'Issues' }).getByRole('link', {
      name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
  }

  /** The selection checkbox of the row whose title is exactly `title`. */
  rowCheckbox(title: string) {
    return this.page
      .locator('li.issue-row')
      .filter({ has: this.page.getByText(title, { exact: true }) })
      .getByRole('checkbox');
  }

  bulkBar() {
    return this.page.getByRole('region', { name: 'Bulk edit' });
  }

  column(state: string) {
    return this.page.getByRole('region', { name: new RegExp(`^${state}\\b`) });
  }

  card(title: string) {
    return this.page.locator('.board-card').filter({ hasText: title });
  }

  /** Drag a card with the mouse onto a column, in small steps as a person would. */
  async dragCardTo(title: string, state: string) {
    const from = await this.card(title).boundingBox();
    const to = await this.column(state).boundingBox();
    if (!from || !to) throw new Error('card or column not on screen');
    const { mouse } = this.page;
    await mouse.move(from.x + from.width / 2, from.y + 12);
    await mouse.down();
    await mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
    await mouse.move(to.x + to.width / 2, to.y + 90, { steps: 12 });
    await mouse.up();
  }
}
