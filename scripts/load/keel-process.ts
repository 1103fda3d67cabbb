/**
 * Keel as its own process for the load and fault scripts: the way `npm start` runs it (the
 * compiled server, built first when its sources changed), with a data directory of its own, its
 * output kept in a file there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerIfChanged, SERVER_ENTRY } from '../server-build.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Build the server unless `apps/server/dist` is up to date (as `npm start` does). */
export async function buildKeel() {
  if (await buildServerIfChanged(ROOT)) console.log('  (server built)');
}

export interface KeelProcess {
  process: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  logFile: string;
  stop(): Promise<void>;
  /** Kill it as a crash would (SIGKILL); resolves once it has gone. */
  kill(): Promise<void>;
}

export async function waitUntilReady(port: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Keel on port ${port} did not become ready`);
}

/** Start Keel on `port` with `dataDir`; `env` adds configuration (COUCHDB_URL, …). */
export async function startKeel(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  logName = 'keel.log',
): Promise<KeelProcess> {
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, logName);
  const log = fs.openSync(logFile, 'a');
  // One process, no npx wrapper: its pid is the server's, and the embedded database is its
  // child. `--cpu-prof` and the like pass through KEEL_NODE_OPTIONS.
  const nodeOptions = (process.env.KEEL_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  // A profile is written as the process exits: a busy server gets longer to finish its shutdown.
  const stopGraceMs = nodeOptions.some((o) => o.startsWith('--cpu-prof')) ? 120_000 : 10_000;
  const child = spawn(process.execPath, [...nodeOptions, '--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      KEEL_DATA_DIR: dataDir,
      LOG_LEVEL: process.env.KEEL_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(port);
  } catch (err) {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
    throw err;
  }
  return {
    process: child,
    pid: child.pid!,
    port,
    origin: `http://localhost:${port}`,
    logFile,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, stopGraceMs);
      await exited;
      clearTimeout(killed);
    },
  };
}
