/**
 * The people of a load or fault run, seeded through the real server: an owner per workspace,
 * writers (members with a block of issue numbers each) and devices (members), each person a
 * browser of their own with a session cookie.
 */
import {
  addMember,
  createWorkspace,
  inPool,
  loadAccount,
  myUserId,
  reserveNumbers,
  signUp,
  type SeededWorkspace,
} from './accounts.ts';
import { HttpClient, type Target } from './http-client.ts';

/** Devices sharing one loopback address: sign-in limits per address allow 100 a minute. */
const DEVICES_PER_ADDRESS = 20;

/** A loopback address of its own for each group of people (127.0.0.0/8 is all local). */
const address = (group: number, index: number) =>
  `127.${group}.${Math.floor(index / 250)}.${(index % 250) + 1}`;

export interface SeededWriter {
  browser: HttpClient;
  ws: SeededWorkspace;
  userId: string;
  numbers: { start: number; end: number };
}

export interface SeededPeople {
  workspaces: { ws: SeededWorkspace; owner: HttpClient }[];
  /** Interleaved by workspace: writer i is in workspace i mod the number of workspaces. */
  writers: SeededWriter[];
  /** Device i is in workspace i mod the number of workspaces. */
  devices: { browser: HttpClient; slug: string }[];
  /** Every browser made, to close at the end. */
  browsers: HttpClient[];
}

export async function seedPeople(
  target: Target,
  counts: { workspaces: number; writersPerWorkspace: number; devices: number },
  prefix = 'load',
): Promise<SeededPeople> {
  const browsers: HttpClient[] = [];
  const browser = (localAddress: string) => {
    const b = new HttpClient({ ...target }, { localAddress });
    browsers.push(b);
    return b;
  };
  const workspaces: SeededPeople['workspaces'] = [];
  for (let w = 0; w < counts.workspaces; w++) {
    const owner = browser(address(78, w));
    await signUp(owner, loadAccount(`${prefix}-owner`, w));
    workspaces.push({ ws: await createWorkspace(owner, `${prefix}-${w + 1}`), owner });
  }
  const total = counts.writersPerWorkspace * counts.workspaces + counts.devices;
  let seeded = 0;
  const progress = () => {
    if (++seeded % 50 === 0 || seeded === total)
      console.log(`  seeding: ${seeded} of ${total} people signed up and invited`);
  };
  const writers: SeededWriter[] = [];
  const writerSlots = Array.from(
    { length: counts.writersPerWorkspace * counts.workspaces },
    (_, i) => i,
  );
  await inPool(writerSlots, 4, async (i) => {
    const { ws, owner } = workspaces[i % counts.workspaces]!;
    const b = browser(address(79, i));
    const account = loadAccount(`${prefix}-writer`, i);
    await signUp(b, account);
    await addMember(owner, b, ws.slug, account.email);
    writers[i] = {
      browser: b,
      ws,
      userId: await myUserId(b),
      numbers: await reserveNumbers(b, ws),
    };
    progress();
  });
  const devices: SeededPeople['devices'] = [];
  const deviceSlots = Array.from({ length: counts.devices }, (_, i) => i);
  await inPool(deviceSlots, 4, async (i) => {
    const { ws, owner } = workspaces[i % counts.workspaces]!;
    const b = browser(address(77, Math.floor(i / DEVICES_PER_ADDRESS)));
    const account = loadAccount(`${prefix}-device`, i);
    await signUp(b, account);
    await addMember(owner, b, ws.slug, account.email);
    devices[i] = { browser: b, slug: ws.slug };
    progress();
  });
  return { workspaces, writers, devices, browsers };
}
