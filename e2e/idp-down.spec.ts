import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { errorMessage } from '@keel/domain';
import { KeelPage } from './support/keel-page.ts';
import { freePort, startKeel, stopProcess } from './support/processes.ts';

/**
 * Keel configured for a hosted OpenID provider (OIDC_ISSUER) that is down. The shared test server
 * uses the embedded provider, so this spec starts a Keel of its own, the same way `npm start`
 * does, pointed at an address nothing listens on.
 */
let keel: ChildProcess | null = null;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  const deadProvider = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-idp-down-'));
  ({ keel, baseUrl } = await startKeel('the Keel with a hosted provider', dataDir, {
    OIDC_ISSUER: `http://127.0.0.1:${deadProvider}/`,
    OIDC_CLIENT_ID: 'keel',
    OIDC_CLIENT_SECRET: 'the-provider-is-down',
  }));
});

test.afterAll(async () => {
  await stopProcess(keel);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('signing in while the hosted provider is down shows IDP_UNAVAILABLE, and trying again says the same', async ({
  page,
}) => {
  const message = errorMessage('IDP_UNAVAILABLE');
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseUrl}/signin?error=IDP_UNAVAILABLE`);
  await expect(page.getByText(message)).toBeVisible();
  await new KeelPage(page).expectAccessible();
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/idp-down.png` });

  // Nothing sticks: the next attempt asks the provider again, and is told again.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseUrl}/signin?error=IDP_UNAVAILABLE`);
  await expect(page.getByText(message)).toHaveCount(1);
});
