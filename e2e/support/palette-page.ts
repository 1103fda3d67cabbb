import { expect, type Page } from '@playwright/test';

export type PaletteName = 'Command palette' | 'Search issues';

/** Page model of the command palette (Ctrl/Cmd+K), the `/` search and the `?` overlay. */
export class PalettePage {
  constructor(readonly page: Page) {}

  dialog(name: PaletteName = 'Command palette') {
    return this.page.getByRole('dialog', { name });
  }

  input(name: PaletteName = 'Command palette') {
    return this.dialog(name).getByRole('combobox', { name });
  }

  option(name: string | RegExp, palette: PaletteName = 'Command palette') {
    return this.dialog(palette).getByRole('option', { name });
  }

  options(palette: PaletteName = 'Command palette') {
    return this.dialog(palette).getByRole('option');
  }

  async open() {
    await this.page.keyboard.press('Control+k');
    await expect(this.input()).toBeFocused();
  }

  async openSearch() {
    await this.page.keyboard.press('/');
    await expect(this.input('Search issues')).toBeFocused();
  }

  shortcuts() {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }
}
