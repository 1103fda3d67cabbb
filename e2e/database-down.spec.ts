import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { errorMessage } from '@keel/domain';
import { newAccount, newSlug } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';
import { freePort, startKeel, stopProcess, waitUntilServing } from './support/processes.ts';
import { SYNCED } from './support/team.ts';

/**
 * Keel configured for a CouchDB of its own (COUCHDB_URL), the way it runs against a hosted
 * cluster. The database is Keel's embedded one started as a separate process, so this spec can
 * stop it while a member works and start it again on the same data.
 */
const DB_USER = 'keel-e2e';
const DB_PASSWORD = 'the-database-goes-down';
let database: ChildProcess | null = null;
let keel: ChildProcess | null = null;
let dbPort = 0;
let baseUrl = '';
let dataDir = '';

async function startDatabase() {
  // One process (no npx or tsx wrapper), so stopping it stops the database.
  database = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/embedded-db-child.ts'],
    {
      env: {
        ...process.env,
        KEEL_EMBEDDED_DIR: path.join(dataDir, 'couch'),
        KEEL_EMBEDDED_USER: DB_USER,
        KEEL_EMBEDDED_PASSWORD: DB_PASSWORD,
        KEEL_EMBEDDED_PORT: String(dbPort),
      },
      stdio: 'ignore',
    },
  );
  const auth = `Basic ${Buffer.from(`${DB_USER}:${DB_PASSWORD}`).toString('base64')}`;
  await waitUntilServing(`http://127.0.0.1:${dbPort}/`, 'the database', { authorization: auth });
}

test.beforeAll(async () => {
  dbPort = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-db-down-'));
  await startDatabase();
  ({ keel, baseUrl } = await startKeel('the Keel with its own database', dataDir, {
    COUCHDB_URL: `http://127.0.0.1:${dbPort}`,
    COUCHDB_USER: DB_USER,
    COUCHDB_PASSWORD: DB_PASSWORD,
  }));
});

test.afterAll(async () => {
  await stopProcess(keel);
  await stopProcess(database);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the database down while a member works: Sync error says why, the change waits on the device and goes up when it is back', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const keelPage = new KeelPage(page);
  await keelPage.signUp(newAccount('dbdown'));
  const slug = newSlug('dbdown');
  await keelPage.createWorkspace('Outage', slug);
  await page.goto(`/${slug}/issues`);
  await keelPage.createIssue('Written before the outage');
  await expect(keelPage.syncIndicator()).toHaveText('Synced', SYNCED);

  await stopProcess(database);
  await keelPage.createIssue('Written while the database is down');
  // On the device at once, whatever the server can do.
  await expect(keelPage.issueRow('Written while the database is down')).toBeVisible();
  await expect(keelPage.syncIndicator()).toHaveText('Sync error', SYNCED);
  await expect(page.getByText(errorMessage('DB_UNAVAILABLE'))).toBeVisible();
  await keelPage.expectAccessible();
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/database-down.png` });

  // Back on the same data: the waiting change goes up without the page being touched.
  await startDatabase();
  await expect(keelPage.syncIndicator()).toHaveText('Synced', { timeout: 90_000 });
  await expect(page.getByText(errorMessage('DB_UNAVAILABLE'))).toBeHidden();
  const changes = await page.request.get(`/db/${slug}/_changes?include_docs=true`);
  expect(changes.status()).toBe(200);
  const body = await changes.text();
  expect(body).toContain('Written while the database is down');
  expect(body).toContain('Written before the outage');
  await context.close();
});
