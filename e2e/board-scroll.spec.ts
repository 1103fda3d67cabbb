import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { BoardPage, type PageSpread } from './support/board-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { SettingsPage } from './support/settings-page.ts';

// Ten columns: wider than the board at every width, so there is always somewhere to scroll to.
const EXTRA_STATES = ['QA', 'Staging', 'Release', 'Verify'];

test('a card dragged near the board edge scrolls the board, not the page, and lands under the pointer', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const keel = new KeelPage(page);
  await keel.signUp(newAccount('edge'));
  const slug = newSlug('edge');
  await keel.createWorkspace('Edge', slug);
  const settings = new SettingsPage(page, slug);
  await settings.openProjects();
  for (const name of EXTRA_STATES) {
    // The add form empties itself after each state; typing before that would be wiped.
    await expect(page.locator('.workflow__add').getByLabel('State name')).toHaveValue('');
    await settings.addState(name, 'Started');
    await expect(page.locator('.state-row__name', { hasText: name })).toBeVisible();
  }
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Wide drag');
  await keel.createIssue('Narrow drag');

  const board = new BoardPage(page);
  for (const [width, title] of [
    [1440, 'Wide drag'],
    [1024, 'Narrow drag'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${slug}/projects/ENG/board`);
    await board.expectCardIn('Todo', title);

    const samples: PageSpread[] = [await board.spread()];
    const at = await board.holdCardNearRightEdge(title, samples);
    const under = await board.columnAt(at.x, at.y);
    await page.mouse.up();

    // The page never moved sideways nor grew wider than the window; the board scrolled instead.
    expect(Math.max(...samples.map((s) => s.scrollX)), `at ${width} px`).toBe(0);
    expect(Math.max(...samples.map((s) => s.documentWidth)), `at ${width} px`).toBe(width);
    expect(await board.boardScrollLeft(), `at ${width} px`).toBeGreaterThan(0);
    // The card lands in the column the pointer was over, which is on screen, not past it.
    expect(under, `at ${width} px`).toBeTruthy();
    expect(under, `at ${width} px`).not.toBe('Todo');
    await board.expectCardIn(under!, title);
    await expect(board.column(under!)).toBeInViewport();
  }
  await context.close();
});
