import { expect, type Page } from '@playwright/test';

/** How far the page itself is scrolled sideways, and how wide the document is against the window. */
export interface PageSpread {
  scrollX: number;
  documentWidth: number;
  viewportWidth: number;
}

/** Page model of a project's board while a card is dragged: where the pointer is, what scrolls. */
export class BoardPage {
  constructor(readonly page: Page) {}

  board() {
    return this.page.locator('.board');
  }

  column(state: string) {
    return this.page.getByRole('region', { name: new RegExp(`^${state}\\b`) });
  }

  card(title: string) {
    return this.page.locator('.board-card').filter({ hasText: title });
  }

  async boardScrollLeft() {
    return this.board().evaluate((el) => el.scrollLeft);
  }

  async spread(): Promise<PageSpread> {
    return this.page.evaluate(() => ({
      scrollX: window.scrollX,
      documentWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
    }));
  }

  /** The name of the column under a point, looking past the card drawn under the pointer. */
  async columnAt(x: number, y: number) {
    return this.page.evaluate(
      ([px, py]) => {
        const column = document
          .elementsFromPoint(px!, py!)
          .find((el) => !el.closest('.board-card--overlay') && el.closest('.board-column'))
          ?.closest('.board-column');
        // The heading reads icon, name, count: the name is its one text node.
        const heading = column?.querySelector('h2');
        const name = heading
          ? Array.from(heading.childNodes).find((n) => n.nodeType === Node.TEXT_NODE)
          : undefined;
        return name?.textContent ?? null;
      },
      [x, y],
    );
  }

  /**
   * Pick a card up and hold it near the board's right edge, as a person waiting for the board to
   * scroll; each sample says what scrolled. Returns the point the card is held at, still held.
   */
  async holdCardNearRightEdge(title: string, samples: PageSpread[]) {
    const from = await this.card(title).boundingBox();
    const board = await this.board().boundingBox();
    if (!from || !board) throw new Error('card or board not on screen');
    const { mouse } = this.page;
    const at = { x: board.x + board.width - 24, y: from.y + 60 };
    await mouse.move(from.x + from.width / 2, from.y + 12);
    await mouse.down();
    await mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
    for (let step = 1; step <= 12; step++) {
      const t = step / 12;
      await mouse.move(from.x + (at.x - from.x) * t, from.y + 20 + (at.y - from.y - 20) * t);
      samples.push(await this.spread());
    }
    // Until the board has scrolled as far as it goes (or a while has passed).
    let last = -1;
    for (let i = 0; i < 30; i++) {
      await this.page.waitForTimeout(100);
      samples.push(await this.spread());
      const left = await this.boardScrollLeft();
      if (left === last) break;
      last = left;
    }
    // A last small move, so dnd-kit measures what is under the pointer after the scroll.
    await mouse.move(at.x - 2, at.y);
    await mouse.move(at.x, at.y);
    return at;
  }

  async expectCardIn(state: string, title: string) {
    await expect(this.column(state)).toContainText(title);
  }
}
