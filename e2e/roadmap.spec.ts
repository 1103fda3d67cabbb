import { expect, test, type Page } from '@playwright/test';
import { inviteAndJoin, ownerWithWorkspace, SYNCED } from './support/team.ts';

/**
 * Issue 24's roadmap (SPEC §10): an owner gives a project dates from its row, sees its bar and
 * a milestone's diamond, moves the bar with the keys and by dragging, and the project's page
 * shows the new dates; the axis switches to quarters; a viewer sees the same and moves nothing.
 */
const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const plus = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const bar = (page: Page) => page.getByRole('slider', { name: /^Engineering/ });
const plan = (page: Page) => page.getByRole('form', { name: 'Project plan' });

async function expectPlan(page: Page, slug: string, startsOn: string, targetOn: string) {
  await page.goto(`/${slug}/projects/ENG`);
  await expect(plan(page).getByLabel('Start date')).toHaveValue(startsOn);
  await expect(plan(page).getByLabel('Target date')).toHaveValue(targetOn);
}

test('projects and milestones on a time axis, moved by keys and by dragging', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await ownerWithWorkspace(browser, 'Roadmap');
  const { page, slug } = owner;

  // The sidebar leads here; with nothing dated yet the page says what to do.
  await page.goto(`/${slug}/issues`);
  await page.getByRole('link', { name: 'Roadmap', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/roadmap$`));
  await expect(page.getByRole('heading', { name: 'Nothing is scheduled yet' })).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Projects on the roadmap' })
    .getByRole('listitem')
    .filter({ hasText: 'Engineering' });
  await expect(row).toContainText('No dates');
  await row.getByRole('button', { name: 'Set dates for Engineering' }).click();
  await expect(bar(page)).toBeFocused();
  await expect(bar(page)).toHaveAttribute('aria-valuetext', /.+ to .+/);
  await expect(page.getByRole('heading', { name: 'Nothing is scheduled yet' })).toBeHidden();

  // A milestone added on the project's page shows as a diamond on the row.
  await expectPlan(page, slug, today, plus(28));
  const milestones = page.getByRole('region', { name: 'Milestones' });
  await milestones.getByLabel('Milestone name').fill('Beta');
  await milestones.getByLabel('Target date').fill(plus(7));
  await milestones.getByRole('button', { name: 'Add milestone' }).click();
  await expect(milestones.locator('.milestone-row')).toHaveCount(1);
  await page.goto(`/${slug}/roadmap`);
  const diamond = page.getByRole('slider', { name: /^Milestone Beta, target / });
  await expect(diamond).toBeVisible();

  // Keys: the whole bar a day later, then the target alone a day later; Enter opens the project.
  await bar(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/ENG$`));
  await expectPlan(page, slug, plus(1), plus(30));

  // Dragging the body moves both days (4 px a day in months); the diamond moves on its own.
  await page.goto(`/${slug}/roadmap`);
  await expect(page.getByRole('button', { name: 'Months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const box = (await bar(page).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75 + 20, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.75 + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await diamond.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(diamond).toHaveAttribute('aria-valuetext', /^Target /);
  await owner.keel.expectAccessible();
  await diamond.blur();
  await expectPlan(page, slug, plus(11), plus(40));
  await expect(milestones.locator('.milestone-row')).toContainText(
    new Date(`${plus(14)}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );

  // Quarters: the axis counts quarters, the zoom says which is on.
  await page.goto(`/${slug}/roadmap`);
  await page.getByRole('button', { name: 'Quarters' }).click();
  await expect(page.getByRole('button', { name: 'Quarters' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.roadmap-axis__tick').first()).toHaveText(/^Q[1-4] \d{4}$/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await owner.keel.expectAccessible();
  await expect(owner.keel.syncIndicator()).toHaveText('Synced', SYNCED);

  // A viewer sees the bar and the diamond as links, and nothing moves.
  const viewer = await inviteAndJoin(browser, owner, 'Viewer', 'viewer');
  await viewer.page.goto(`/${slug}/roadmap`);
  const link = viewer.page.getByRole('link', { name: /^Engineering, Active, / });
  await expect(link).toBeVisible(SYNCED);
  await expect(viewer.page.getByRole('link', { name: /^Milestone Beta, target / })).toBeVisible();
  await expect(viewer.page.getByRole('slider')).toHaveCount(0);
  await expect(viewer.page.getByRole('button', { name: /^Set dates/ })).toHaveCount(0);
  // The arrow only scrolls the timeline, as in any scrolling area; the days stay.
  const before = await link.getAttribute('aria-label');
  await link.focus();
  await viewer.page.keyboard.press('ArrowRight');
  await expect(link).toHaveAttribute('aria-label', before!);
  await viewer.keel.expectAccessible();
  await link.press('Enter');
  await expect(viewer.page).toHaveURL(new RegExp(`/${slug}/projects/ENG$`));
  await viewer.context.close();
  await owner.context.close();
});
