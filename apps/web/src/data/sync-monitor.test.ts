import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplicationEvents } from './replica-types.ts';
import {
  PUSH_MARK,
  readPushed,
  SyncMonitor,
  type MonitoredReplica,
  type Pushed,
} from './sync-monitor.ts';
import { deriveSyncStatus, syncStatusLabel } from './sync-status.ts';

/**
 * A replica whose `_local` writes finish only when the test lets them, in the order it chooses,
 * as IndexedDB transactions of two callers may. Each write stores the value it was given.
 */
function heldReplica(updateSeq: number) {
  const marks = new Map<string, Record<string, unknown>>();
  const held: (() => void)[] = [];
  let events: ReplicationEvents | null = null;
  const replica: MonitoredReplica = {
    startSync: (_url, e) => {
      events = e;
      return () => undefined;
    },
    readLocal: async (id) => marks.get(id) ?? null,
    writeLocal: (id, value) =>
      new Promise<void>((resolve) =>
        held.push(() => {
          marks.set(id, value);
          resolve();
        }),
      ),
    updateSeq: async () => updateSeq,
    countChangesSince: async () => 0,
  };
  return {
    replica,
    stored: () => readPushed(marks.get(PUSH_MARK) ?? null),
    events: () => events!,
    /** Let the last write that is still held finish first. */
    finishNewest: async () => {
      await flush();
      held.pop()?.();
    },
    finishAll: async () => {
      await flush();
      while (held.length) {
        held.shift()!();
        await flush();
      }
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A monitor started on `device` with a fill's mark, its first write let through. */
async function startedAfterFill(device: ReturnType<typeof heldReplica>, pushed: Pushed) {
  const monitor = new SyncMonitor('/db/acme', { onDenied: () => {}, onUnauthorized: () => {} });
  const started = monitor.start(device.replica, pushed);
  await device.finishAll();
  await started;
  return monitor;
}

describe('SyncMonitor push mark', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the latest mark when two pushes are reported close together', async () => {
    const device = heldReplica(40);
    const monitor = await startedAfterFill(device, { seq: 10, waiting: ['issue:a'] });
    expect(device.stored()).toEqual({ seq: 10, waiting: ['issue:a'] });

    // The push reports a checkpoint, then pauses cleanly (everything up to 40 sent); the newer
    // write finishing first must not let the older one land last.
    device.events().onPushed(25);
    device.events().onPaused('push', null);
    await device.finishNewest();
    await device.finishAll();
    expect(device.stored()).toEqual({ seq: 40, waiting: [] });
    monitor.stop();
  });

  it('never moves the mark back for a checkpoint older than what was pushed', async () => {
    const device = heldReplica(40);
    const monitor = await startedAfterFill(device, { seq: 30, waiting: [] });
    // The push after a first fill starts before the fill's documents and reports them.
    device.events().onPushed(12);
    await device.finishAll();
    expect(device.stored().seq).toBe(30);
    monitor.stop();
  });

  it('reads the stored mark when started without one', async () => {
    const device = heldReplica(40);
    (await startedAfterFill(device, { seq: 33, waiting: [] })).stop();

    const again = new SyncMonitor('/db/acme', { onDenied: () => {}, onUnauthorized: () => {} });
    await again.start(device.replica);
    device.events().onPushed(20);
    await device.finishAll();
    expect(device.stored().seq).toBe(33);
    again.stop();
  });
});

describe('SyncMonitor while a change is saved on the device', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('never says Synced between a change being committed and the push that takes it', async () => {
    const device = heldReplica(40);
    let unpushed = 0;
    device.replica.countChangesSince = async () => unpushed;
    const monitor = await startedAfterFill(device, { seq: 40, waiting: [] });
    device.events().onPaused('push', null);
    device.events().onPaused('pull', null);
    await device.finishAll();
    const status = () => syncStatusLabel(deriveSyncStatus(monitor.signals.get()));
    expect(status()).toBe('Synced');

    const saved = monitor.startSaving();
    expect(status()).toBe('Syncing…');
    // Committed: the replica now holds one change the push has not taken yet.
    unpushed = 1;
    saved();
    saved(); // a second call is the same save
    await flush();
    expect(monitor.signals.get()).toMatchObject({ saving: false, pending: 1 });
    expect(status()).toBe('Syncing…');

    device.events().onPushed(41);
    unpushed = 0;
    await device.finishAll();
    expect(status()).toBe('Synced');
    monitor.stop();
  });

  it('stays Syncing… until the last of two overlapping saves is committed', async () => {
    const device = heldReplica(40);
    const monitor = await startedAfterFill(device, { seq: 40, waiting: [] });
    const first = monitor.startSaving();
    const second = monitor.startSaving();
    first();
    await flush();
    expect(monitor.signals.get().saving).toBe(true);
    second();
    await flush();
    expect(monitor.signals.get().saving).toBe(false);
    monitor.stop();
  });
});
