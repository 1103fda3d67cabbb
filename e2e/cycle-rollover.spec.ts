import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { MembersPage } from './support/members-page.ts';
import { startKeel, stopProcess } from './support/processes.ts';
import { SYNCED } from './support/team.ts';

/**
 * Issue 24: "when a cycle ends, its unfinished issues move to the next cycle exactly once (also
 * when every browser was offline at the moment), with an activity each", seen by another member.
 * This spec runs a Keel of its own whose keepers live eight days ahead (a test-only entry,
 * apps/server/src/testing/server-ahead.ts): the browsers, on the real clock, plan one-week
 * cycles starting today; the owner, offline, puts two issues in the first, one of them done; once
 * that reaches the server, its cycle keeper finds the cycle ended and rolls it over. A member
 * sees the unfinished issue arrive in Cycle 2 with the activity, and the finished one stay.
 */
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
let keel: ChildProcess | null = null;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-rollover-'));
  ({ keel, baseUrl } = await startKeel(
    'the Keel a week ahead',
    dataDir,
    { KEEL_TEST_AHEAD_MS: String(8 * DAY_MS), KEEL_TEST_CYCLE_KEEPER_MS: '2000' },
    'apps/server/src/testing/server-ahead.ts',
  ));
});

test.afterAll(async () => {
  await stopProcess(keel);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an ended cycle rolls over on the server, once, and another member sees it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext({ baseURL: baseUrl });
  const page = await ownerContext.newPage();
  const owner = new KeelPage(page);
  await owner.signUp(newAccount('rollover'));
  const slug = newSlug('rollover');
  await owner.createWorkspace('Rollover', slug);
  await page.goto(`/${slug}/issues`);
  await owner.createIssue('Carry me over');
  await owner.createIssue('Finished in time');

  // A member joins through an invitation link.
  const members = new MembersPage(page, slug);
  await members.open();
  const link = await members.invite('Member');
  await members.closeDialog();
  const memberContext = await browser.newContext({ baseURL: baseUrl });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(new URL(link).pathname);
  await new KeelPage(memberPage).createAccountFromSignIn(newAccount('member'));
  await memberPage.getByRole('button', { name: 'Join workspace' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/${slug}/issues`));

  // Offline, the owner turns one-week cycles on, starting today, and fills the first one.
  await page.goto(`/${slug}/settings/projects?project=ENG`);
  const section = page.getByRole('region', { name: 'Cycles' });
  await expect(section).toContainText('Work in time-boxed cycles');
  await expect(owner.syncIndicator()).toHaveText('Synced', SYNCED);
  await ownerContext.setOffline(true);
  await section.getByRole('combobox', { name: 'Cycles' }).selectOption('On');
  await section.getByRole('combobox', { name: 'Length' }).selectOption({ label: '1 week' });
  await section
    .getByRole('combobox', { name: 'Starts on' })
    .selectOption({ label: WEEKDAYS[new Date().getUTCDay()]! });
  await section.getByRole('button', { name: 'Save cycles' }).click();
  await expect(page.locator('.toast')).toContainText('Cycles saved');
  const issue = new IssuePageModel(page);
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  for (const [title, done] of [
    ['Carry me over', false],
    ['Finished in time', true],
  ] as const) {
    await nav.getByRole('link', { name: 'All issues' }).click();
    await page
      .getByRole('list', { name: 'Issues' })
      .getByRole('link', { name: new RegExp(title) })
      .click();
    await issue.choose('Cycle', /^Cycle 1 .* · current$/);
    await expect(issue.combobox('Cycle')).toHaveValue('Cycle 1');
    if (done) await issue.choose('State', 'Done');
  }
  await ownerContext.setOffline(false);
  await expect(owner.syncIndicator()).toHaveText('Synced', SYNCED);

  // The member sees the keeper's rollover arrive on the open page: once, with its activity.
  const memberIssue = new IssuePageModel(memberPage);
  await memberPage.goto(`/${slug}/issue/ENG-1`);
  await expect(memberIssue.combobox('Cycle')).toHaveValue('Cycle 2', { timeout: 60_000 });
  const moved = memberIssue.timeline().getByText('moved this from Cycle 1 to Cycle 2');
  await expect(moved).toHaveCount(1);
  // The finished issue stays in the ended cycle.
  await memberPage.goto(`/${slug}/issue/ENG-2`);
  await expect(memberIssue.combobox('Cycle')).toHaveValue('Cycle 1');
  await expect(memberIssue.timeline()).not.toContainText('moved this from Cycle 1');
  // Later passes of the keeper move nothing again.
  await memberPage.waitForTimeout(5_000);
  await memberPage.goto(`/${slug}/issue/ENG-1`);
  await expect(memberIssue.combobox('Cycle')).toHaveValue('Cycle 2');
  await expect(moved).toHaveCount(1);
  await memberContext.close();
  await ownerContext.close();
});
