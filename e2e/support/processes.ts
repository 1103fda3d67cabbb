import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Wait until `url` answers 2xx (a server a spec started itself), for up to a minute. */
export async function waitUntilServing(
  url: string,
  what: string,
  headers: Record<string, string> = {},
) {
  for (let i = 0; i < 120; i++) {
    const ready = await fetch(url, { headers }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start`);
}

/** Stop a process a spec started, and wait until it has gone. */
export async function stopProcess(child: ChildProcess | null) {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Start a Keel of a spec's own, the way `npm start` does but configured by `env` (a hosted
 * provider, a database of its own), with its data in `dataDir`; resolves once it is ready.
 * One process (no npx or tsx wrapper), so stopping it stops Keel and its embedded database.
 */
export async function startKeel(
  what: string,
  dataDir: string,
  env: Record<string, string>,
  /** Another way to boot it (a test-only entry such as `testing/server-ahead.ts`). */
  entry = 'apps/server/src/server.ts',
): Promise<{ keel: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const keel = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, PORT: String(port), KEEL_DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: 'ignore',
  });
  await waitUntilServing(`${baseUrl}/readyz`, what);
  return { keel, baseUrl };
}
