import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newAccount, newSlug, type Account } from './accounts.ts';
import { IssuePageModel } from './issue-page.ts';
import { KeelPage } from './keel-page.ts';

/** One browser (its own context: own IndexedDB replica) of a person. */
export interface Device {
  context: BrowserContext;
  page: Page;
  keel: KeelPage;
  issue: IssuePageModel;
}

export async function openDevice(
  browser: Browser,
  account: Account,
  options: { signUp?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<Device> {
  const context = await browser.newContext(
    options.colorScheme ? { colorScheme: options.colorScheme } : {},
  );
  const page = await context.newPage();
  const keel = new KeelPage(page);
  if (options.signUp) await keel.signUp(account);
  else await keel.signIn(account);
  return { context, page, keel, issue: new IssuePageModel(page) };
}

/**
 * A person with a workspace holding `titles` as ENG-1, ENG-2…, open on two devices that have
 * both synced them: the starting point of every offline-edit scenario.
 */
export async function twoDevicesWithIssues(
  browser: Browser,
  label: string,
  titles: readonly string[],
  colorScheme?: 'light' | 'dark',
) {
  const account = newAccount(label);
  const a = await openDevice(browser, account, { signUp: true, colorScheme });
  const slug = newSlug(label);
  await a.keel.createWorkspace('Trust', slug);
  await a.page.goto(`/${slug}/issues`);
  for (const title of titles) await a.keel.createIssue(title);
  await expect(a.keel.syncIndicator()).toHaveText('Synced', { timeout: 20_000 });
  const b = await openDevice(browser, account, { colorScheme });
  await b.page.goto(`/${slug}/issues`);
  // A new device first downloads the whole workspace; on a busy machine that takes a while.
  for (const title of titles) await expect(b.keel.issueRow(title)).toBeVisible({ timeout: 30_000 });
  return { account, slug, a, b };
}

/** Open an issue's page and wait until its title shows, so edits start from the real doc. */
export async function openIssue(device: Device, slug: string, key: string, title: string) {
  await device.page.goto(`/${slug}/issue/${key}`);
  await expect(device.page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
}

export async function reconnect(device: Device) {
  await device.context.setOffline(false);
  await expect(device.keel.syncIndicator()).toHaveText('Synced', { timeout: 20_000 });
}

/** "Rejected changes" on /account. */
export function rejectedSection(page: Page) {
  return page.getByRole('region', { name: 'Rejected changes' });
}
