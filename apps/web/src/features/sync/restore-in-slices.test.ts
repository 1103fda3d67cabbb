import { describe, expect, it } from 'vitest';
import { newActivityDocument, type WorkspaceDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { restoreInSlices } from './restore-in-slices.ts';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = testIssue({ _id: 'issue:i1', _rev: '1-a', projectId: project._id, number: 1 });
const activity = (n: number, rev = '1-a', to = 'x'): WorkspaceDoc => ({
  ...newActivityDocument({
    id: `activity:a${n}`,
    issueId: issue._id,
    actorId: 'u1',
    kind: 'title',
    from: null,
    to,
    now: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
  }),
  _rev: rev,
});

function storeWithMain() {
  const store = new WorkspaceStore();
  store.load([project, issue]);
  return store;
}

describe('restoreInSlices', () => {
  it('restores every document a slice per task, the history loaded only with the last', async () => {
    const store = storeWithMain();
    const docs = Array.from({ length: 25 }, (_, n) => activity(n));
    let between: { held: number; loaded: boolean }[] = [];
    const restoring = restoreInSlices(store, docs, 'history', () => true, 10);
    // The page gets tasks of its own in between: look at the store from one each time.
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      between.push({ held: store.activityOf(issue._id).length, loaded: store.isHistoryLoaded() });
    }
    expect(await restoring).toBe(true);
    between = between.filter((b) => b.held < 25);
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((b) => !b.loaded)).toBe(true);
    expect(store.activityOf(issue._id)).toHaveLength(25);
    expect(store.isHistoryLoaded()).toBe(true);
  });

  it('keeps what the change feed brought between slices over the older snapshot copy', async () => {
    const store = storeWithMain();
    const docs = Array.from({ length: 30 }, (_, n) => activity(n));
    const restoring = restoreInSlices(store, docs, 'history', () => true, 10);
    // After the first slice, the feed brings a newer revision of a document of a later slice
    // and the same revision of one of the first.
    const newer = activity(25, '2-b', 'edited');
    store.apply([
      { id: newer._id, seq: 9, deleted: false, doc: newer },
      { id: 'activity:a3', seq: 10, deleted: true, doc: null },
    ]);
    expect(await restoring).toBe(true);
    expect(store.get(newer._id)).toMatchObject({ _rev: '2-b', to: 'edited' });
    expect(store.get('activity:a3')).toBeUndefined();
    expect(store.activityOf(issue._id)).toHaveLength(29);
  });

  it('stops when the session closes part-way, the history not called loaded', async () => {
    const store = storeWithMain();
    const docs = Array.from({ length: 30 }, (_, n) => activity(n));
    let open = true;
    const restoring = restoreInSlices(store, docs, 'history', () => open, 10);
    open = false;
    expect(await restoring).toBe(false);
    expect(store.activityOf(issue._id)).toHaveLength(10);
    expect(store.isHistoryLoaded()).toBe(false);
  });

  it('tells subscribers once, with the last slice', async () => {
    const store = storeWithMain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    let told = 0;
    store.subscribe(() => told++);
    await restoreInSlices(
      store,
      Array.from({ length: 30 }, (_, n) => activity(n)),
      'history',
      () => true,
      10,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(told).toBe(1);
  });
});
