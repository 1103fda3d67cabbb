import { describe, expect, it } from 'vitest';
import type { DocType, WorkspaceDoc } from '@keel/domain';
import { testIssue } from '@keel/domain/test-fixtures';
import { ManualClock } from '../../shared/lib/manual-clock.ts';
import type { SnapshotPart } from '../store-snapshot.ts';
import { HISTORY_SNAPSHOT_EVERY_MS, SNAPSHOT_DELAY_MS, SnapshotKeeper } from './snapshot-keeper.ts';

/**
 * A store whose parts change when the test says, and a snapshot store that records what it was
 * asked to write.
 */
function keeperOver(options: { historyLoaded?: boolean } = {}) {
  const clock = new ManualClock();
  const versions: Record<SnapshotPart, unknown[]> = { main: [1], history: [1] };
  const listeners = new Set<() => void>();
  const writes: { part: SnapshotPart; seq: unknown }[] = [];
  let writing = false;
  let seq: string | number = 10;
  let refuse = false;
  const partOf = (types: readonly DocType[]): SnapshotPart =>
    types.includes('issue') ? 'main' : 'history';
  const keeper = new SnapshotKeeper({
    store: {
      snapshot: (): WorkspaceDoc[] => [testIssue()],
      versions: (types) => [versions[partOf(types)]],
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      isHistoryLoaded: () => options.historyLoaded ?? true,
    },
    snapshots: {
      write: async (part, value) => {
        if (refuse) throw new DOMException('full', 'QuotaExceededError');
        writes.push({ part, seq: value.seq });
      },
    },
    clock,
    isWriting: () => writing,
    followedSeq: () => seq,
  });
  return {
    keeper,
    clock,
    writes,
    change(part: SnapshotPart) {
      versions[part] = [...versions[part]];
      for (const listener of listeners) listener();
    },
    setWriting: (value: boolean) => (writing = value),
    setSeq: (value: string | number) => (seq = value),
    refuseWrites: (value: boolean) => (refuse = value),
    listening: () => listeners.size,
  };
}

describe('SnapshotKeeper', () => {
  it('saves a part a few seconds after it changes, once for a burst, at the followed sequence', async () => {
    const fake = keeperOver();
    fake.keeper.keep({ fresh: true, historyRead: true });
    await fake.clock.advance(SNAPSHOT_DELAY_MS);
    expect(fake.writes).toEqual([]); // fresh: nothing changed since it was read

    fake.change('main');
    await fake.clock.advance(1_000);
    fake.setSeq('42-g1AAAA');
    fake.change('main');
    await fake.clock.advance(SNAPSHOT_DELAY_MS - 1);
    expect(fake.writes).toEqual([]);
    await fake.clock.advance(1);
    expect(fake.writes).toEqual([{ part: 'main', seq: '42-g1AAAA' }]);
  });

  it('saves the history at most every 30 s, and not before it is loaded', async () => {
    const fake = keeperOver();
    fake.keeper.keep({ fresh: true, historyRead: true });
    fake.change('history');
    await fake.clock.advance(SNAPSHOT_DELAY_MS);
    expect(fake.writes).toEqual([]);
    await fake.clock.advance(HISTORY_SNAPSHOT_EVERY_MS);
    expect(fake.writes.map((w) => w.part)).toEqual(['history']);

    const unloaded = keeperOver({ historyLoaded: false });
    unloaded.keeper.keep({ fresh: false, historyRead: false, firstDelay: 0 });
    await unloaded.clock.advance(0);
    expect(unloaded.writes.map((w) => w.part)).toEqual(['main']);
  });

  it('waits while a change is on screen but not committed, then saves it', async () => {
    const fake = keeperOver();
    fake.keeper.keep({ fresh: true, historyRead: false });
    fake.setWriting(true);
    fake.change('main');
    await fake.clock.advance(SNAPSHOT_DELAY_MS);
    expect(fake.writes).toEqual([]);
    fake.setWriting(false);
    await fake.clock.advance(SNAPSHOT_DELAY_MS);
    expect(fake.writes.map((w) => w.part)).toEqual(['main']);
  });

  it('shrugs off storage that refuses, saves once it takes them, and stops when told', async () => {
    const fake = keeperOver();
    const stop = fake.keeper.keep({ fresh: false, historyRead: false, firstDelay: 0 });
    fake.refuseWrites(true);
    await fake.clock.advance(0);
    expect(fake.writes).toEqual([]);
    fake.refuseWrites(false);
    fake.change('main');
    await fake.clock.advance(SNAPSHOT_DELAY_MS);
    expect(fake.writes.map((w) => w.part)).toEqual(['main', 'history']);

    stop();
    expect(fake.listening()).toBe(0);
    expect(fake.clock.pending).toBe(0);
  });

  it('saves parts now at a given sequence, and says when storage refuses', async () => {
    const fake = keeperOver();
    await fake.keeper.saveNow(['main', 'history'], 0);
    expect(fake.writes).toEqual([
      { part: 'main', seq: 0 },
      { part: 'history', seq: 0 },
    ]);
    fake.refuseWrites(true);
    await expect(fake.keeper.saveNow(['main'], 5)).rejects.toThrow('full');
  });
});
