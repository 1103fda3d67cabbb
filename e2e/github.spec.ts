import { createHmac, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';

/**
 * GitHub (SPEC §11): an admin connects it in Settings → GitHub; GitHub's deliveries (sent here
 * as GitHub sends them: its payload shape, signed with the secret Keel showed) link pull
 * requests on the issues they name and move them, as a member sees on the issue page.
 */
function pullRequest(
  action: string,
  number: number,
  title: string,
  branch: string,
  merged = false,
) {
  return {
    action,
    number,
    pull_request: {
      html_url: `https://github.com/acme/app/pull/${number}`,
      number,
      state: merged ? 'closed' : 'open',
      title,
      body: null,
      draft: false,
      merged,
      updated_at: new Date().toISOString(),
      head: { ref: branch },
      base: { ref: 'main' },
    },
    repository: { full_name: 'acme/app', default_branch: 'main' },
  };
}

async function send(url: string, secret: string, event: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
  expect(res.status).toBe(200);
}

test('GitHub connected: a pull request naming an issue links it and moves it along', async ({
  page,
}) => {
  test.slow();
  const keel = new KeelPage(page);
  const slug = newSlug('github');
  await keel.signUp(newAccount('github'));
  await keel.createWorkspace('GitHub', slug);
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Fix the login redirect');
  await keel.createIssue('Polish the settings');

  await page.goto(`/${slug}/settings`);
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'GitHub' })
    .click();
  await expect(page.getByRole('heading', { name: 'Connect a repository' })).toBeVisible();
  await keel.expectAccessible();
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  const shown = page.getByRole('dialog', { name: 'GitHub webhook secret' });
  const secret = await shown.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();
  await expect(page.getByText('No event from GitHub yet')).toBeVisible();
  const url = await page.getByLabel('Payload URL').inputValue();
  expect(url).toMatch(new RegExp(`/hooks/github/${slug}$`));

  // The first project's opened pull requests go to In Review instead.
  await page.goto(`/${slug}/settings/projects`);
  const section = page.getByRole('region', { name: 'GitHub' });
  await expect(section.getByLabel('When a pull request is opened')).toHaveValue('in-progress');
  await section.getByLabel('When a pull request is opened').selectOption({ label: 'In Review' });
  await expect(page.getByText('Pull requests in Engineering: saved')).toBeVisible();
  await expect(keel.syncIndicator()).toHaveText('Synced', { timeout: 30_000 });

  await send(
    url,
    secret,
    'pull_request',
    pullRequest('opened', 7, 'Fix the redirect after sign-in', 'eng-1-login'),
  );
  await page.goto(`/${slug}/issue/ENG-1`);
  const issue = new IssuePageModel(page);
  const links = page.getByRole('region', { name: 'Pull requests and commits' });
  await expect(
    links.getByRole('link', { name: /#7 Fix the redirect after sign-in/ }),
  ).toHaveAttribute('href', 'https://github.com/acme/app/pull/7');
  await expect(links.getByText('Open', { exact: true })).toBeVisible();
  await expect(issue.combobox('State')).toHaveValue('In Review');
  await issue.expectActivity('linked pull request #7 “Fix the redirect after sign-in”');
  await keel.expectAccessible();

  await send(
    url,
    secret,
    'pull_request',
    pullRequest('closed', 7, 'Fix the redirect after sign-in', 'eng-1-login', true),
  );
  await expect(links.getByText('Merged', { exact: true })).toBeVisible();
  await expect(issue.combobox('State')).toHaveValue('Done');
  // ENG-2 was not named: nothing on it.
  await page.goto(`/${slug}/issue/ENG-2`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Polish the settings');
  await expect(page.getByRole('region', { name: 'Pull requests and commits' })).toHaveCount(0);
  await page.goto(`/${slug}/settings/github`);
  await expect(page.getByText(/Last event from GitHub/)).toBeVisible();
});
