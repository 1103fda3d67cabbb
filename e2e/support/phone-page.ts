import { expect, type Locator, type Page } from '@playwright/test';
import type { KeelPage } from './keel-page.ts';

/** A phone's screen in CSS pixels, as an iPhone 12 to 15 gives it. */
export const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Page model of Keel on a phone: the bar with the menu button, the drawer, what fits. */
export class PhonePage {
  constructor(
    readonly page: Page,
    readonly keel: KeelPage,
  ) {}

  menuButton() {
    return this.page.getByRole('button', { name: 'Menu', exact: true });
  }

  /** The bar's New issue button (an empty list offers one of its own). */
  newIssueButton() {
    return this.page.getByRole('banner').getByRole('button', { name: 'New issue' });
  }

  searchButton() {
    return this.page.getByRole('banner').getByRole('button', { name: 'Search' });
  }

  drawer() {
    return this.page.getByRole('dialog', { name: 'Menu' });
  }

  /** Tab from the top of the page until the menu button has focus: it is keyboard reachable. */
  async tabToMenuButton() {
    await this.page.locator('body').focus();
    for (let i = 0; i < 10; i++) {
      await this.page.keyboard.press('Tab');
      if (await this.menuButton().evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error('Tab never reached the menu button');
  }

  /** Neither the window nor the page's main area scrolls sideways. */
  async expectNoSidewaysScroll() {
    const widths = await this.page.evaluate(() => {
      const main = document.querySelector('main');
      return {
        scrollX: window.scrollX,
        document: document.documentElement.scrollWidth,
        window: window.innerWidth,
        main: main ? main.scrollWidth - main.clientWidth : 0,
      };
    });
    expect(widths.scrollX).toBe(0);
    expect(widths.document).toBeLessThanOrEqual(widths.window);
    expect(widths.main, 'the main area is wider than the screen').toBeLessThanOrEqual(0);
  }

  /** The locator's box lies wholly on screen (once done sliding in, if it does). */
  async expectOnScreen(locator: Locator) {
    await locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = await locator.boundingBox();
    expect(box, 'not on screen').not.toBeNull();
    const { width, height } = this.page.viewportSize()!;
    // Within a pixel: layout may place an edge at a fraction of one.
    expect(box!.x).toBeGreaterThanOrEqual(-1);
    expect(box!.y).toBeGreaterThanOrEqual(-1);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height + 1);
  }

  /**
   * A native select shows its chosen option whole: the text, as the select draws it, fits
   * between its padding and the browser's arrow (about 20 px).
   */
  async expectChoiceReadable(select: Locator) {
    const room = await select.evaluate((el) => {
      const box = el as HTMLSelectElement;
      const style = getComputedStyle(box);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = box.selectedOptions[0]?.text ?? '';
      const inner =
        box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, needed: context.measureText(text).width + 20, inner };
    });
    expect(room.needed, `"${room.text}" is cut`).toBeLessThanOrEqual(room.inner);
  }

  /** axe in the light scheme and then the dark one; back to light after. */
  async expectAccessibleLightAndDark() {
    await this.page.emulateMedia({ colorScheme: 'light' });
    await this.keel.expectAccessible();
    await this.page.emulateMedia({ colorScheme: 'dark' });
    // Buttons animate their colours for 80 ms; check the settled dark scheme.
    await this.page.waitForTimeout(300);
    await this.keel.expectAccessible();
    await this.page.emulateMedia({ colorScheme: 'light' });
    await this.page.waitForTimeout(300);
  }

  /**
   * Rows of one group lie one right under another: none over the next, no gap between. Retried
   * for a moment: after a resize the list places its rows a frame after they change height.
   */
  async expectRowsStacked(rows: Locator) {
    await expect(async () => {
      const boxes = await rows.evaluateAll((lis) =>
        lis.map((li) => {
          const r = li.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        }),
      );
      boxes.sort((a, b) => a.top - b.top);
      for (let i = 1; i < boxes.length; i++)
        expect(
          Math.abs(boxes[i]!.top - boxes[i - 1]!.bottom),
          `row ${i + 1} is not right under the one above`,
        ).toBeLessThanOrEqual(1);
    }).toPass({ timeout: 5_000 });
  }

  /**
   * A list row's key, title and state as drawn: each shown whole (nothing clipped or ended with
   * an ellipsis), none over another, all inside the row and the screen.
   */
  async expectRowReadable(row: Locator) {
    const parts = await row.evaluate((li) => {
      const pick = (selector: string) => {
        const el = li.querySelector<HTMLElement>(selector);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
          clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
          text: el.textContent ?? '',
        };
      };
      const r = li.getBoundingClientRect();
      return {
        row: { x: r.x, y: r.y, width: r.width, height: r.height },
        key: pick('.issue-row__key'),
        title: pick('.issue-row__title'),
        state: pick('.issue-row__state-name'),
      };
    });
    const screen = this.page.viewportSize()!.width;
    const inside = (inner: Box, outer: Box) =>
      inner.x >= outer.x - 0.5 &&
      inner.y >= outer.y - 0.5 &&
      inner.x + inner.width <= outer.x + outer.width + 0.5 &&
      inner.y + inner.height <= outer.y + outer.height + 0.5;
    const apart = (a: Box, b: Box) =>
      a.x + a.width <= b.x + 0.5 ||
      b.x + b.width <= a.x + 0.5 ||
      a.y + a.height <= b.y + 0.5 ||
      b.y + b.height <= a.y + 0.5;
    const shown = [parts.key, parts.title, parts.state];
    for (const part of shown) {
      expect(part, 'key, title and state are all in the row').not.toBeNull();
      expect(part!.box.width, `"${part!.text}" is drawn`).toBeGreaterThan(0);
      expect(part!.clipped, `"${part!.text}" is cut`).toBe(false);
      expect(inside(part!.box, parts.row), `"${part!.text}" leaves its row`).toBe(true);
      expect(part!.box.x + part!.box.width, `"${part!.text}" is off screen`).toBeLessThanOrEqual(
        screen,
      );
    }
    for (const [a, b] of [
      [parts.key!, parts.title!],
      [parts.key!, parts.state!],
      [parts.title!, parts.state!],
    ] as const)
      expect(apart(a.box, b.box), `"${a.text}" overlaps "${b.text}"`).toBe(true);
  }
}
