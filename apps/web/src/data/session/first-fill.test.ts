import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import type { OnlineStatus } from '../../shared/lib/online-status.ts';
import type { Written } from '../replica-push-ahead.ts';
import type { FillHooks, FillResult, Seq } from '../replica-types.ts';
import { SNAPSHOT_VERSION, type SnapshotPart } from '../store-snapshot.ts';
import type { Pushed } from '../sync-monitor.ts';
import { WorkspaceStore } from '../workspace-store.ts';
import { FirstFill, type Filled, type FillReplica } from './first-fill.ts';

const project = { ...testProject(), _rev: '1-a' };
const issue = { ...testIssue(), _rev: '1-a' };

/** A fill the test drives through its hooks, then ends with `result` (or fails). */
type Script = (hooks: FillHooks, fill: FirstFill) => Promise<FillResult | null>;

function fillOver(
  script: Script,
  options: {
    online?: boolean;
    writing?: boolean;
    /** What a cut-off fill's page saved, per part. */
    snapshots?: Partial<Record<SnapshotPart, readonly WorkspaceDoc[]>>;
  } = {},
) {
  const store = new WorkspaceStore();
  const log: string[] = [];
  const saved: { parts: readonly SnapshotPart[]; seq: Seq }[] = [];
  const marks: Pushed[] = [];
  const pushed: (readonly Written[])[] = [];
  const shown: string[] = [];
  const conflicts: string[] = [];
  let closed = false;
  const online: OnlineStatus = {
    isOnline: () => options.online ?? true,
    subscribe: () => () => undefined,
  };
  const fill: FirstFill = new FirstFill({
    store,
    readSnapshot: async (part) => {
      const docs = options.snapshots?.[part];
      return docs ? { version: SNAPSHOT_VERSION, seq: 0, docs } : null;
    },
    saveSnapshots: async (parts, seq) => {
      saved.push({ parts, seq });
    },
    remoteUrl: 'http://keel.test/db/acme',
    online,
    isClosed: () => closed,
    isWriting: () => options.writing ?? false,
    release: () => log.push('release'),
    topUpNumbers: () => log.push('numbers'),
    showFilling: (pull, push, pending) => shown.push(`${pull}/${push}/${pending}`),
    onUnauthorized: () => log.push('unauthorized'),
    pushAhead: async (written) => {
      pushed.push(written);
      return { pushed: written.map((w) => w.id), denied: [] };
    },
    onDenied: () => undefined,
    noticedConflict: (id) => conflicts.push(id),
    writePushMark: async (mark) => {
      marks.push(mark);
    },
  });
  const versions = new Map<string, { winner: object; others: object[] }>();
  const replica: FillReplica = {
    fill: (_url, hooks) => script(hooks, fill),
    loadTypes: async () => [issue, { ...project, name: 'Written offline', _rev: '2-b' }],
    versions: async (id) => versions.get(id) ?? null,
  };
  let filled: Filled | null = null;
  return {
    store,
    log,
    saved,
    marks,
    pushed,
    shown,
    conflicts,
    versions,
    close: () => (closed = true),
    run: async () => {
      const result = await fill.run(replica, (f) => (filled = f));
      return { result, filled: filled as Filled | null, phase: fill.currentPhase };
    },
    settle: () => fill.settle(replica),
  };
}

const freshResult: FillResult = { seq: 40, push: 38, resumed: false, mine: ['issue:mine'] };

describe('FirstFill', () => {
  it('shows pages as they come, opens for changes once the lists are whole, and saves at the end', async () => {
    const phases: string[] = [];
    const fake = fillOver(async (hooks, fill) => {
      hooks.onDocs([project], []);
      await hooks.onMainRead?.();
      phases.push(fill.currentPhase);
      hooks.onDocs([issue as WorkspaceDoc], []);
      await hooks.onCaughtUp();
      await hooks.onFilled?.(freshResult);
      phases.push(fill.currentPhase);
      return freshResult;
    });
    const { result, filled, phase } = await fake.run();
    expect(result).toBe(true);
    expect(fake.store.get(issue._id)).toMatchObject({ _rev: '1-a' });
    expect(fake.store.isLoaded() && fake.store.isHistoryLoaded()).toBe(true);
    expect(fake.saved).toEqual([
      { parts: ['main'], seq: 0 },
      { parts: ['main', 'history'], seq: 0 },
      { parts: ['main', 'history'], seq: 40 },
    ]);
    expect(phases).toEqual(['on-device', 'saved-at-end']);
    expect(fake.shown.at(-1)).toBe('idle/idle/0');
    expect(fake.marks).toEqual([{ seq: 40, waiting: ['issue:mine'] }]);
    expect(filled).toEqual({
      seq: 40,
      pushed: { seq: 40, waiting: ['issue:mine'] },
      savedAtEnd: true,
    });
    expect(phase).toBe('idle');
    expect(fake.log.filter((l) => l === 'release').length).toBeGreaterThanOrEqual(2);
  });

  it('sends what the page writes at once, and counts it on the indicator until sent', async () => {
    const fake = fillOver(async (hooks, fill) => {
      await hooks.onMainRead?.();
      expect(fill.active()).toBe(true);
      fill.wrote([
        { id: 'issue:new', ok: true, rev: '1-c' },
        { id: 'activity:a', ok: true, rev: '1-d' },
      ]);
      expect(fake.shown.at(-1)).toBe('idle/starting/1');
      await new Promise((resolve) => setTimeout(resolve, 0));
      return freshResult;
    });
    await fake.run();
    expect(fake.pushed).toEqual([
      [
        { id: 'issue:new', rev: '1-c' },
        { id: 'activity:a', rev: '1-d' },
      ],
    ]);
    expect(fake.shown).toContain('idle/idle/0');
  });

  it('says Offline when its feed stops answering, and lets go of a session that lost access', async () => {
    const fake = fillOver(async (hooks) => {
      await hooks.onCaughtUp();
      hooks.onLive?.(false, null);
      hooks.onLive?.(false, 404);
      return null;
    });
    const { result } = await fake.run();
    expect(result).toBe(false);
    expect(fake.shown).toContain('unreachable/idle/0');
    expect(fake.log).toContain('unauthorized');
  });

  it('resumed, reads what the cut-off fill wrote and counts everything from its start as unpushed', async () => {
    const resumed: FillResult = { seq: 60, push: 12, resumed: true, mine: [] };
    const fake = fillOver(async (hooks) => {
      await hooks.onCaughtUp();
      await hooks.onFilled?.(resumed);
      return resumed;
    });
    const { filled } = await fake.run();
    expect(filled).toEqual({ seq: 60, pushed: { seq: 12, waiting: [] }, savedAtEnd: false });
    expect(fake.store.get(project._id)).toMatchObject({ name: 'Written offline' });
    // Its store lacked what the cut-off one wrote: no snapshot at the end.
    expect(fake.saved.map((s) => s.seq)).toEqual([0]);
  });

  it('cut off before it read comments and activity, shows the lists its page saved until it has them', async () => {
    let before: { main: boolean; history: boolean; issue: unknown } | null = null;
    const fake = fillOver(
      async (hooks) => {
        before = {
          main: fake.store.isLoaded(),
          history: fake.store.isHistoryLoaded(),
          issue: fake.store.get(issue._id),
        };
        await hooks.onCaughtUp();
        return { ...freshResult, resumed: true };
      },
      { snapshots: { main: [project, issue] } },
    );
    await fake.run();
    expect(before).toEqual({ main: true, history: false, issue });
    expect(fake.store.isHistoryLoaded()).toBe(true);
  });

  it('saves no snapshot at the end while a change is not yet committed', async () => {
    const fake = fillOver(
      async (hooks) => {
        await hooks.onFilled?.(freshResult);
        return freshResult;
      },
      { writing: true },
    );
    const { filled } = await fake.run();
    expect(filled?.savedAtEnd).toBe(false);
    expect(fake.marks).toHaveLength(1);
  });

  it('does nothing offline, and lets the replica open as it is when the server fails', async () => {
    let asked = false;
    const offline = fillOver(
      async () => {
        asked = true;
        return freshResult;
      },
      { online: false },
    );
    expect((await offline.run()).result).toBe(false);
    expect(asked).toBe(false);

    const failing = fillOver(() => Promise.reject(new Error('500')));
    expect(await failing.run()).toMatchObject({ result: false, phase: 'idle' });
    expect(failing.log).toContain('release');
  });

  it('shows each document it wrote as the replica has it after the fill, and merges a conflict', async () => {
    const fake = fillOver(async (_hooks, fill) => {
      fill.wrote([{ id: issue._id, ok: true, rev: '2-c' }]);
      return freshResult;
    });
    await fake.run();
    fake.versions.set(issue._id, {
      winner: { ...issue, _rev: '3-e', title: 'Theirs', _revisions: { start: 3, ids: ['e'] } },
      others: [{ ...issue, _rev: '3-d' }],
    });
    await fake.settle();
    expect(fake.store.get(issue._id)).toMatchObject({ _rev: '3-e', title: 'Theirs' });
    expect(fake.conflicts).toEqual([issue._id]);
  });
});
