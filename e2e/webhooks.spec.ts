import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import { IssuePageModel } from './support/issue-page.ts';
import { KeelPage } from './support/keel-page.ts';
import { startKeel, stopProcess } from './support/processes.ts';
import { inviteAndJoin, ownerWithWorkspace } from './support/team.ts';

/**
 * Webhooks (SPEC §11) from the settings page to a real receiver on loopback (the e2e server
 * allows private targets: KEEL_WEBHOOKS_ALLOW_PRIVATE in playwright.config.ts).
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: { type: string; data: { title?: string; key?: string }; changes?: { field: string } };
}

async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: req.headers,
        body,
        payload: JSON.parse(body) as Received['payload'],
      });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keel`;
  return {
    url,
    received,
    failNext: (status: number) => answers.push(status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signatureValid(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

test('an admin adds a webhook; issues made and edited, offline too, reach it signed; the log redelivers', async ({
  browser,
}) => {
  test.slow();
  const receiver = await startReceiver();
  const context = await browser.newContext();
  const keel = new KeelPage(await context.newPage());
  const { page } = keel;
  const slug = newSlug('hooks');
  await keel.signUp(newAccount('hooks'));
  await keel.createWorkspace('Hooks', slug);

  await page.goto(`/${slug}/settings`);
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  await keel.expectAccessible();

  await page.getByRole('button', { name: 'New webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  // Nothing typed: each field says what it needs, and nothing is made.
  await dialog.getByRole('checkbox', { name: 'Created' }).first().uncheck();
  await dialog
    .getByRole('group', { name: 'Issues' })
    .getByRole('checkbox', { name: 'Updated' })
    .uncheck();
  await dialog
    .getByRole('group', { name: 'Issues' })
    .getByRole('checkbox', { name: 'Deleted' })
    .uncheck();
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Enter a full URL, starting with https://')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();
  await dialog.getByLabel('Name').fill('Release notes');
  await dialog.getByLabel('URL').fill(receiver.url);
  const issues = dialog.getByRole('group', { name: 'Issues' });
  await issues.getByRole('checkbox', { name: 'Created' }).check();
  await issues.getByRole('checkbox', { name: 'Updated' }).check();
  await keel.expectAccessible();
  await dialog.getByRole('button', { name: 'Create webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Your signing secret' });
  const field = shown.getByLabel('Signing secret');
  await expect(field).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  const secret = await field.inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem');
  await expect(row).toContainText('Release notes');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('2 events');
  await expect(page.getByText(secret)).toHaveCount(0);

  // An issue made in the app reaches the receiver, signed with the secret shown once.
  await page.goto(`/${slug}/issues`);
  await keel.createIssue('Ship the webhooks');
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
  const [first] = receiver.received;
  expect(first!.payload).toMatchObject({
    type: 'issue.created',
    data: { title: 'Ship the webhooks' },
  });
  expect(signatureValid(secret, String(first!.headers['keel-signature']), first!.body)).toBe(true);

  // Edited offline: sent once the edit syncs.
  await keel.issueRow('Ship the webhooks').click();
  const issue = new IssuePageModel(page);
  await context.setOffline(true);
  await issue.choose('Priority', 'High');
  await expect(issue.combobox('Priority')).toHaveValue('High');
  await page.waitForTimeout(1_500);
  expect(receiver.received).toHaveLength(1);
  await context.setOffline(false);
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
  expect(receiver.received[1]!.payload).toMatchObject({
    type: 'issue.updated',
    changes: { field: 'priority' },
  });

  // The log: what was sent and what came back, and Redeliver.
  await page.goto(`/${slug}/settings/webhooks`);
  await page.getByRole('link', { name: 'Release notes' }).click();
  await expect(page.getByRole('heading', { name: 'Release notes', level: 1 })).toBeVisible();
  const log = page.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  const created = log.getByRole('listitem').filter({ hasText: 'Issue created' });
  await expect(created).toContainText('Delivered · 200');
  await created.getByText('Issue created').click();
  await expect(created.getByLabel('Request body')).toContainText('"title": "Ship the webhooks"');
  await expect(created.getByLabel('Response body')).toContainText('"received": true');
  await keel.expectAccessible();
  receiver.failNext(503);
  await created.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByText('Sent again; it failed (503)')).toBeVisible();
  // A redelivery is sent once: failed, it is not retried (the endpoint is now failing).
  await expect(created).toContainText('Failed · 503');
  await expect(page.getByText(/Failing since/)).toBeVisible();
  expect(receiver.received[2]!.body).toBe(first!.body);
  await created.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByText('Delivered again')).toBeVisible();
  await expect(created).toContainText('Delivered · 200');
  await expect(page.getByText('Active')).toBeVisible();
  await context.close();
  await receiver.close();
});

test('a member is not shown webhooks; the page says who manages them', async ({ browser }) => {
  test.slow();
  const owner = await ownerWithWorkspace(browser, 'No hooks');
  await owner.page.goto(`/${owner.slug}/settings`);
  const nav = (page: Page) =>
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' });
  await expect(nav(owner.page)).toBeVisible();
  const member = await inviteAndJoin(browser, owner, 'Member');
  await member.page.goto(`/${owner.slug}/settings`);
  await expect(member.page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(nav(member.page)).toHaveCount(0);
  await member.page.goto(`/${owner.slug}/settings/webhooks`);
  await expect(
    member.page.getByText("Only the workspace's owner and admins manage its webhooks."),
  ).toBeVisible();
  await member.context.close();
  await owner.context.close();
});

test('a webhook failing for a day is turned off, and its admins are told in the inbox until it is back on', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A Keel of its own whose clock a signal moves a day on (apps/server/src/testing/server-ahead.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-hooks-'));
  const { keel: server, baseUrl } = await startKeel(
    'the Keel whose clock jumps',
    dataDir,
    { KEEL_WEBHOOKS_ALLOW_PRIVATE: 'true', KEEL_TEST_JUMP_MS: String(25 * 60 * 60 * 1000) },
    'apps/server/src/testing/server-ahead.ts',
  );
  const receiver = await startReceiver();
  for (let i = 0; i < 20; i++) receiver.failNext(500);
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const keel = new KeelPage(await context.newPage());
    const { page } = keel;
    const slug = newSlug('down');
    await keel.signUp(newAccount('down'));
    await keel.createWorkspace('Down', slug);
    await page.goto(`/${slug}/settings/webhooks`);
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('Name').fill('Always down');
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await page
      .getByRole('dialog', { name: 'Your signing secret' })
      .getByRole('button', { name: 'Done' })
      .click();
    await page.goto(`/${slug}/issues`);
    await keel.createIssue('Nobody hears this');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

    // A day later, the next attempt fails too: the webhook is turned off and its admins told.
    server.kill('SIGUSR2');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
    const notices = page.getByRole('region', { name: 'Needs attention' });
    await expect(notices).toContainText('Webhook “Always down” was turned off.');
    await expect(notices).toContainText('Every delivery failed for 24 hours.');
    await keel.expectAccessible();
    await notices.getByRole('link', { name: 'Open webhook' }).click();
    await expect(page.getByText(/Turned off .*: it failed for 24 hours/)).toBeVisible();
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Always down is on')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
    await context.close();
  } finally {
    await receiver.close();
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
