import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface EmbeddedDb {
  url: string;
  user: string;
  password: string;
  stop(): Promise<void>;
  /** Kill the child as a crash would (tests use it to prove the app survives and recovers). */
  crash(): void;
}

interface ReadyMessage {
  ready: true;
  port: number;
}

/**
 * Starts the embedded database in a child process with fresh admin credentials, and restarts it
 * on the same port if it dies, so the server's client keeps working after a crash.
 */
export async function startEmbeddedDb(
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<EmbeddedDb> {
  const user = 'keel';
  const password = randomBytes(24).toString('base64url');
  // Built (`npm start`, production), the child is the JavaScript beside the server's, run by
  // plain Node; from source (tests, `npm run dev`) it is the TypeScript beside this file.
  const built = import.meta.url.endsWith('.js');
  const script = path.join(import.meta.dirname, `embedded-db-child.${built ? 'js' : 'ts'}`);
  let child: ChildProcess | null = null;
  let stopping = false;
  let port = 0;

  const spawnChild = () =>
    new Promise<number>((resolve, reject) => {
      // The data directory is passed as an argument so the process is identifiable in `ps`.
      const proc = fork(script, [dataDir], {
        execArgv: built ? [] : ['--import', import.meta.resolve('tsx')],
        env: {
          ...process.env,
          KEEL_EMBEDDED_DIR: path.join(dataDir, 'couch'),
          KEEL_EMBEDDED_USER: user,
          KEEL_EMBEDDED_PASSWORD: password,
          KEEL_EMBEDDED_PORT: String(port),
        },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        // A process group of its own: Ctrl-C in a terminal (SIGINT to the whole foreground
        // group) would stop it before the server had saved what it holds. The server stops it
        // last, and it exits when the server is gone (the IPC channel closing).
        detached: true,
      });
      child = proc;
      let stderr = '';
      proc.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      proc.once('message', (msg: ReadyMessage) => resolve(msg.port));
      proc.once('exit', (code, signal) => {
        if (child === proc) child = null;
        if (stopping) return;
        reject(new Error(`embedded database exited (${code ?? signal}): ${stderr}`));
        log.error({ code, signal, stderr }, 'embedded database exited; restarting');
        setTimeout(() => {
          if (!stopping)
            spawnChild().catch((err: unknown) =>
              log.error({ err }, 'embedded database restart failed'),
            );
        }, 500).unref();
      });
    });

  port = await spawnChild();
  return {
    url: `http://127.0.0.1:${port}`,
    user,
    password,
    crash() {
      child?.kill('SIGKILL');
    },
    async stop() {
      stopping = true;
      const proc: ChildProcess | null = child;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    },
  };
}
