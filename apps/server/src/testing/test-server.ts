import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type KeelApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Boots the whole server in-process with the real embedded database and provider on a free
 * loopback port, so tests exercise the same HTTP paths a browser does. With COUCHDB_URL set
 * (and COUCHDB_USER, COUCHDB_PASSWORD), every test server uses that database instead, each with
 * an app database of its own, so the whole suite runs against a CouchDB cluster.
 */
export interface TestServer extends KeelApp {
  url: string;
  dataDir: string;
  /** The database the server uses and the credentials it uses it with. */
  database: { url: string; user?: string; password?: string };
  close(): Promise<void>;
}

/** The CouchDB the suite runs against (COUCHDB_URL), or null for the embedded database. */
export const externalDatabase: string | null = process.env.COUCHDB_URL || null;

/** Why a test is skipped against an external database: it stops or crashes the embedded one. */
export const NEEDS_EMBEDDED_DB = 'it stops or crashes the embedded database';

/**
 * The environment that points a server (or the seed CLI) at the test database of `dataDir`:
 * nothing for the embedded database, which lives in the data directory; with COUCHDB_URL, an app
 * database named after the directory, so tests never share users or URL keys and a server
 * restarted on the same directory finds its data again.
 */
export function databaseEnv(dataDir: string): Record<string, string> {
  if (!externalDatabase) return {};
  const name = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 20);
  const env: Record<string, string> = {
    COUCHDB_URL: externalDatabase,
    KEEL_APP_DB: `keel_test_${name}`,
  };
  if (process.env.COUCHDB_USER !== undefined) env.COUCHDB_USER = process.env.COUCHDB_USER;
  if (process.env.COUCHDB_PASSWORD !== undefined)
    env.COUCHDB_PASSWORD = process.env.COUCHDB_PASSWORD;
  return env;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestServer(
  options: {
    dataDir?: string;
    port?: number;
    /** More environment, e.g. `{ TRUST_PROXY: 'true' }`. */
    env?: Record<string, string>;
    /** The clock the rate limits read. */
    now?: () => number;
    /** Where the server's log lines go (pino's JSON, one per line); none by default. */
    logStream?: { write(line: string): void };
    /** How long a connection may take to send its request's headers. */
    headersTimeoutMs?: number;
    /** What waiting for a write to settle means (the multi-master harness). */
    settle?: BuildOptions['settle'];
    /** Bytes a change-stream device may leave unread before it is cut off. */
    streamUnreadLimit?: number;
    /** How often cycles are kept; tests pass 0 and ask for a pass themselves. */
    cycleKeeperMs?: number;
    /** The webhook dispatcher's timing; by default not started (tests tick it). */
    webhookTiming?: BuildOptions['webhookTiming'];
    /** How webhook targets' names resolve. */
    webhookLookup?: BuildOptions['webhookLookup'];
  } = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'keel-test-'));
  const config = loadConfig({
    PORT: String(port),
    KEEL_DATA_DIR: dataDir,
    KEEL_WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'warn',
    ...databaseEnv(dataDir),
    ...options.env,
  });
  const keel = await buildApp(config, {
    now: options.now,
    logStream: options.logStream,
    headersTimeoutMs: options.headersTimeoutMs,
    settle: options.settle,
    streamUnreadLimit: options.streamUnreadLimit,
    // A pass a minute reads every workspace; tests that want one ask for it.
    cycleKeeperMs: options.cycleKeeperMs ?? 0,
    // Not started unless a test asks: it would follow every workspace that has webhooks.
    webhookTiming: options.webhookTiming ?? null,
    webhookLookup: options.webhookLookup,
  });
  await keel.app.listen({ port, host: '127.0.0.1' });
  return {
    ...keel,
    url: config.publicUrl,
    dataDir,
    database: keel.embeddedDb ?? config.couch!,
    close: () => keel.app.close(),
  };
}
