import { describe, expect, it } from 'vitest';
import { testIssue } from '@keel/domain/test-fixtures';
import type { PendingChange } from '../pending-journal.ts';
import type { ReplayOutcome } from '../pending-replay.ts';
import { OVERTAKEN_REASON, overtakenChange, replayLeftBehind } from './left-behind.ts';

const change = (key: string, id: string): PendingChange => ({
  key,
  at: 0,
  docs: [{ _id: id, _rev: '1-a', title: key }],
});

/** A journal over plain maps; a tab is gone when the test says so. */
function journalOf(tabs: Record<string, PendingChange[]>) {
  const pending = new Set(Object.values(tabs).flatMap((changes) => changes.map((c) => c.key)));
  const gone = new Map<string, () => Promise<void>>();
  return {
    pending,
    journal: {
      leftBehind: () =>
        new Map(
          Object.entries(tabs).map(([tab, changes]) => [
            tab,
            changes.filter((c) => pending.has(c.key)),
          ]),
        ),
      whenTabGone: (tab: string, _changes: PendingChange[], save: () => Promise<void>) =>
        void gone.set(tab, save),
      isPending: (key: string) => pending.has(key),
      forget: (key: string) => void pending.delete(key),
    },
    /** The tab's page is gone: its changes are replayed. */
    close: (tab: string) => gone.get(tab)!(),
  };
}

const inOrder = { run: <T>(task: () => Promise<T>) => task() };

describe('replayLeftBehind', () => {
  it("saves a closed page's changes in order once it is gone, and forgets each", async () => {
    const { journal, pending, close } = journalOf({
      tabA: [change('k1', 'issue:i1'), change('k2', 'issue:i1')],
    });
    const replayed: string[] = [];
    replayLeftBehind({
      replicaName: 'r',
      queue: inOrder,
      isClosed: () => false,
      journal,
      replay: async (docs) => {
        replayed.push((docs[0] as { title: string }).title);
        return { saved: true };
      },
      keepOvertaken: () => undefined,
    });
    expect(replayed).toEqual([]);
    await close('tabA');
    expect(replayed).toEqual(['k1', 'k2']);
    expect(pending.size).toBe(0);
  });

  it('keeps an overtaken change, and stops at one the device refuses, for the next open', async () => {
    const { journal, pending, close } = journalOf({
      tabA: [change('k1', 'issue:i1'), change('k2', 'issue:i2'), change('k3', 'issue:i3')],
    });
    const overtaken: string[] = [];
    const outcomes: Record<string, () => Promise<ReplayOutcome>> = {
      k1: async () => ({ saved: false, mine: { _id: 'issue:i1' }, held: null }),
      k2: () => Promise.reject(new Error('QuotaExceededError')),
      k3: async () => ({ saved: true }),
    };
    replayLeftBehind({
      replicaName: 'r',
      queue: inOrder,
      isClosed: () => false,
      journal,
      replay: (docs) => outcomes[(docs[0] as { title: string }).title]!(),
      keepOvertaken: (mine) => overtaken.push(mine._id),
    });
    await close('tabA');
    expect(overtaken).toEqual(['issue:i1']);
    // k2 could not be written: it and the change built on it wait.
    expect([...pending]).toEqual(['k2', 'k3']);
  });

  it('replays nothing once the session is closed', async () => {
    const { journal, pending, close } = journalOf({ tabA: [change('k1', 'issue:i1')] });
    replayLeftBehind({
      replicaName: 'r',
      queue: inOrder,
      isClosed: () => true,
      journal,
      replay: () => Promise.reject(new Error('must not replay')),
      keepOvertaken: () => undefined,
    });
    await close('tabA');
    expect([...pending]).toEqual(['k1']);
  });
});

describe('overtakenChange', () => {
  it('names the issue and keeps what was typed', () => {
    const issue = testIssue();
    const kept = overtakenChange({ ...issue, title: 'Mine' } as { _id: string }, issue, {
      slug: 'acme',
      lookup: () => undefined,
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(kept).toMatchObject({ slug: 'acme', docId: issue._id, reason: OVERTAKEN_REASON });
    expect(kept?.text).toContain('Mine');
    expect(
      overtakenChange({ _id: 'nonsense' }, null, { slug: 'a', lookup: () => undefined, at: '' }),
    ).toBeNull();
  });
});
