import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { testActivity, testIssue, testProject } from '@keel/domain/test-fixtures';
import { restoreInSlices } from './restore-in-slices.ts';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = testIssue({ _id: 'issue:i1', _rev: '1-a', projectId: project._id, number: 1 });
const activity = (n: number, rev = '1-a', to = 'x'): WorkspaceDoc =>
  testActivity(n, { issueId: issue._id, to, _rev: rev });

function storeWithMain() {
  const store = new WorkspaceStore();
  store.ingest([project, issue], 'replica');
  store.markLoaded('main');
  return store;
}

describe('restoreInSlices', () => {
  it('restores every document a slice per task, the history loaded only with the last', async () => {
    const store = storeWithMain();
    const docs = Array.from({ length: 25 }, (_, n) => activity(n));
    // What the page sees each time it gets its turn between two slices.
    const between: { held: number; loaded: boolean }[] = [];
    const look = () => {
      between.push({ held: store.activityOf(issue._id).length, loaded: store.isHistoryLoaded() });
      return Promise.resolve();
    };
    expect(await restoreInSlices(store, docs, 'history', () => true, 10, look)).toBe(true);
    expect(between).toEqual([
      { held: 10, loaded: false },
      { held: 20, loaded: false },
    ]);
    expect(store.activityOf(issue._id)).toHaveLength(25);
    expect(store.isHistoryLoaded()).toBe(true);
  });

  it('yields to the page between slices with a task of its own', async () => {
    const store = storeWithMain();
    let slicesDone = false;
    const restoring = restoreInSlices(
      store,
      Array.from({ length: 25 }, (_, n) => activity(n)),
      'history',
      () => true,
      10,
    ).then(() => (slicesDone = true));
    // The first slice is in before the first turn; the rest are not.
    expect(store.activityOf(issue._id)).toHaveLength(10);
    await Promise.resolve();
    expect(slicesDone).toBe(false);
    await restoring;
    expect(store.activityOf(issue._id)).toHaveLength(25);
  });

  it('keeps what the change feed brought between slices over the snapshot’s copy', async () => {
    const store = storeWithMain();
    const docs = Array.from({ length: 30 }, (_, n) => activity(n));
    // After the first slice, the feed brings another revision of the same generation of a
    // document of a later slice, and deletes another one of a later slice.
    const fromFeed = activity(25, '1-b', 'from the feed');
    const slices = restoreInSlices(
      store,
      docs,
      'history',
      () => true,
      10,
      async () => {
        if (store.get(fromFeed._id)) return;
        store.apply([
          { id: fromFeed._id, seq: 9, deleted: false, doc: fromFeed },
          { id: 'activity:a26', seq: 10, deleted: true, doc: null },
        ]);
      },
    );
    expect(await slices).toBe(true);
    expect(store.get(fromFeed._id)).toMatchObject({ _rev: '1-b', to: 'from the feed' });
    expect(store.get('activity:a26')).toBeUndefined();
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
