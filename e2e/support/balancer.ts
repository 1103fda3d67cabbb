import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startKeel, stopProcess, waitUntilServing } from './processes.ts';

/**
 * Keel as it runs in production, on one machine: a database of its own (Keel's embedded one,
 * started as a separate process), two stateless Keel instances over it, and HAProxy from
 * Debian's packages in front, spreading requests round-robin with no stickiness and taking an
 * instance out of rotation when its `/healthz` stops answering. Both instances have the
 * balancer's address as their public one, as instances behind one domain do, and both serve the
 * embedded sign-in provider, whose state lives in the shared database.
 */

/** Which instance answered: the balancer adds it to every response. */
export const INSTANCE_HEADER = 'x-keel-instance';
/** A request carrying it goes to that instance only (while it is up): a test pins a browser. */
export const PIN_HEADER = 'x-keel-pin';
const DB_USER = 'keel-balancer';
const DB_PASSWORD = 'two-instances-one-database';

export type InstanceName = 'a' | 'b';

export interface Cluster {
  /** The balancer's address: Keel's public address. */
  publicUrl: string;
  /** The database's own address and what to send to read it directly. */
  database: { url: string; authorization: string };
  /** Stop one instance the hard way (SIGKILL), as a crash would: nothing is finished cleanly. */
  kill(name: InstanceName): Promise<void>;
  /** How many requests `name` is answering right now, by the balancer's count. */
  openRequests(name: InstanceName): Promise<number>;
  stop(): Promise<void>;
}

/** Debian puts it in /usr/sbin, which an unprivileged user's PATH may leave out. */
function haproxyBinary(): string {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'haproxy'));
  const found = [...onPath, '/usr/sbin/haproxy'].find((file) => fs.existsSync(file));
  if (!found)
    throw new Error(
      'HAProxy is not installed: `apt-get install -y haproxy` (CI installs it in .ci/run)',
    );
  return found;
}

// A checked server is out of rotation after two failed checks 300 ms apart. `timeout server`
// outlasts the longest request Keel holds open (a longpoll answers within a minute).
function haproxyConfig(port: number, instances: Record<InstanceName, number>, statsPort: number) {
  return `
global
  maxconn 2000

defaults
  mode http
  option forwardfor
  option redispatch
  retries 2
  timeout connect 1s
  timeout client 90s
  timeout server 90s
  timeout http-request 10s

frontend keel
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server check inter 300ms fall 2 rise 2
  http-response set-header ${INSTANCE_HEADER} %[srv_name]
  use-server a if { req.hdr(${PIN_HEADER}) -m str a }
  use-server b if { req.hdr(${PIN_HEADER}) -m str b }
  server a 127.0.0.1:${instances.a}
  server b 127.0.0.1:${instances.b}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

async function startDatabase(dataDir: string, started: ChildProcess[]) {
  const port = await freePort();
  // One process (no npx or tsx wrapper), so stopping it stops the database.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/embedded-db-child.ts'],
    {
      env: {
        ...process.env,
        KEEL_EMBEDDED_DIR: path.join(dataDir, 'couch'),
        KEEL_EMBEDDED_USER: DB_USER,
        KEEL_EMBEDDED_PASSWORD: DB_PASSWORD,
        KEEL_EMBEDDED_PORT: String(port),
      },
      stdio: 'ignore',
    },
  );
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${DB_USER}:${DB_PASSWORD}`).toString('base64')}`;
  await waitUntilServing(`${url}/`, 'the database', { authorization });
  return { url, authorization };
}

function portOf(url: string) {
  return Number(new URL(url).port);
}

/** Each instance's status (UP, DOWN…) and open requests, from the balancer's statistics. */
async function servers(statsPort: number): Promise<Map<string, { up: boolean; open: number }>> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const [header = '', ...lines] = csv.replace(/^# /, '').split('\n');
  const column = header.split(',');
  const [name, status, open] = ['svname', 'status', 'scur'].map((c) => column.indexOf(c));
  const out = new Map<string, { up: boolean; open: number }>();
  for (const line of lines) {
    const fields = line.split(',');
    if (fields[0] !== 'instances' || !['a', 'b'].includes(fields[name!]!)) continue;
    out.set(fields[name!]!, {
      up: fields[status!]!.startsWith('UP'),
      open: Number(fields[open!]),
    });
  }
  return out;
}

export async function startCluster(): Promise<Cluster> {
  const haproxy = haproxyBinary();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-balancer-'));
  // Whatever started is stopped again if the rest does not come up.
  const started: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of [...started].reverse())
      if (child.exitCode === null && child.signalCode === null) await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return await start(haproxy, dataDir, started, stopAll);
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function start(
  haproxy: string,
  dataDir: string,
  started: ChildProcess[],
  stopAll: () => Promise<void>,
): Promise<Cluster> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const publicUrl = `http://localhost:${port}`;
  const database = await startDatabase(dataDir, started);
  const env = {
    COUCHDB_URL: database.url,
    COUCHDB_USER: DB_USER,
    COUCHDB_PASSWORD: DB_PASSWORD,
    PUBLIC_URL: publicUrl,
    // The balancer says who the client is (X-Forwarded-For); the per-address limits need it.
    TRUST_PROXY: 'true',
    // Each holds half of every rate limit, so together they hold a person to it.
    KEEL_INSTANCES: '2',
  };
  // Both at once, as instances of one deployment start: their first boot races to create the
  // app database and its secrets.
  const [a, b] = await Promise.all([
    startKeel('instance a', path.join(dataDir, 'a'), env),
    startKeel('instance b', path.join(dataDir, 'b'), env),
  ]);
  started.push(a.keel, b.keel);
  const instances = { a: portOf(a.baseUrl), b: portOf(b.baseUrl) };
  const configPath = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(configPath, haproxyConfig(port, instances, statsPort));
  const balancer: ChildProcess = spawn(haproxy, ['-db', '-f', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Kept for a failure's message: it also reports, as a warning, the instance a test stops.
  started.push(balancer);
  let balancerSays = '';
  balancer.stderr?.on('data', (chunk: Buffer) => (balancerSays += chunk.toString()));
  const processes = { a: a.keel, b: b.keel };

  const waitForStats = async (
    want: (stats: Map<string, { up: boolean; open: number }>) => boolean,
    what: string,
  ) => {
    for (let i = 0; i < 150; i++) {
      if (want(await servers(statsPort).catch(() => new Map()))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the balancer never saw ${what}; HAProxy said:\n${balancerSays}`);
  };
  await waitForStats((stats) => !!stats.get('a')?.up && !!stats.get('b')?.up, 'both instances up');
  await waitUntilServing(`${publicUrl}/readyz`, 'the balancer');

  return {
    publicUrl,
    database: { url: database.url, authorization: database.authorization },
    async kill(name) {
      const child = processes[name];
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    openRequests: async (name) => (await servers(statsPort)).get(name)?.open ?? 0,
    stop: stopAll,
  };
}
