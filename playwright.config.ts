import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive a real Chromium against the real server, the embedded database and the
 * embedded sign-in provider. Playwright's own browser download does not work everywhere, so
 * Debian's Chromium is used when present.
 */
const PORT = Number(process.env.E2E_PORT ?? 8199);
const baseURL = `http://localhost:${PORT}`;
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) =>
  fs.existsSync(p),
);
// Set once in the main process; workers inherit it, so tests can find this server's processes.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `keel-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/server.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Webhook tests deliver to a receiver on loopback, which only this allows.
    env: {
      PORT: String(PORT),
      KEEL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      KEEL_WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
