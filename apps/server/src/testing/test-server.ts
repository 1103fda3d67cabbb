import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type KeelApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Boots the whole server in-process with the real embedded database and provider on a free
 * loopback port, so tests exercise the same HTTP paths a browser does.
 */
export interface TestServer extends KeelApp {
  url: string;
  dataDir: string;
  close(): Promise<void>;
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
    /** From how many milliseconds a request is logged as slow. */
    slowRequestMs?: number;
    /** How long a connection may take to send its request's headers. */
    headersTimeoutMs?: number;
  } = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'keel-test-'));
  const config = loadConfig({
    PORT: String(port),
    KEEL_DATA_DIR: dataDir,
    KEEL_WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const keel = await buildApp(config, {
    now: options.now,
    logStream: options.logStream,
    slowRequestMs: options.slowRequestMs,
    headersTimeoutMs: options.headersTimeoutMs,
  });
  await keel.app.listen({ port, host: '127.0.0.1' });
  return {
    ...keel,
    url: config.publicUrl,
    dataDir,
    close: () => keel.app.close(),
  };
}
