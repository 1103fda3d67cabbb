/**
 * A standalone embedded database for the fault script: the same express-pouchdb process Keel
 * forks for itself (apps/server/src/db/embedded-db-child.ts, compiled), on a fixed port with
 * fixed credentials, so it can be killed and started again and Keel's instances find it where
 * it was. It exits with the script (it leaves when its IPC channel closes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT } from './keel-process.ts';
import { SERVER_DIST } from '../server-build.ts';

export class DatabaseProcess {
  readonly user = 'keel';
  readonly password = randomBytes(24).toString('base64url');
  #child: ChildProcess | null = null;

  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  /** What Keel needs to use it. */
  get env(): Record<string, string> {
    return { COUCHDB_URL: this.url, COUCHDB_USER: this.user, COUCHDB_PASSWORD: this.password };
  }

  async start(): Promise<void> {
    const child = fork(path.join(ROOT, SERVER_DIST, 'embedded-db-child.js'), [this.dataDir], {
      env: {
        ...process.env,
        KEEL_EMBEDDED_DIR: path.join(this.dataDir, 'couch'),
        KEEL_EMBEDDED_USER: this.user,
        KEEL_EMBEDDED_PASSWORD: this.password,
        KEEL_EMBEDDED_PORT: String(this.port),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) =>
        reject(new Error(`the database exited before it was ready (${code ?? signal})`)),
      );
    });
  }

  /** Kill it as a crash would; resolves once it has gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** A JSON answer from the database (its admin's view). */
  async json<T>(pathAndQuery: string): Promise<T> {
    const auth = Buffer.from(`${this.user}:${this.password}`).toString('base64');
    const res = await fetch(this.url + pathAndQuery, {
      headers: { authorization: `Basic ${auth}` },
    });
    if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status}`);
    return (await res.json()) as T;
  }
}
