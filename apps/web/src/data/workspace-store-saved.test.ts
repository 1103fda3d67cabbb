import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = testIssue({ _id: 'issue:i1', _rev: '3-a', projectId: project._id, title: 'Old' });

function storeWithIssue() {
  const store = new WorkspaceStore();
  store.ingest([project, issue], 'replica');
  store.markLoaded('main');
  return store;
}

describe('WorkspaceStore.showSaved', () => {
  it('shows a saved edit with its new revision and tells the screens in the same task', async () => {
    const store = storeWithIssue();
    await Promise.resolve();
    let calls = 0;
    store.subscribe(() => calls++);
    store.showSaved([{ ...issue, title: 'New' }], new Map([[issue._id, '4-b']]));
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '4-b' });
    await Promise.resolve();
    expect(calls).toBe(1);
  });

  it('does not wait behind a burst of synced changes', async () => {
    const store = storeWithIssue();
    let calls = 0;
    store.subscribe(() => calls++);
    await Promise.resolve(); // the load's notification: a burst window starts now
    const notified = calls;
    store.apply([{ id: project._id, seq: 2, deleted: false, doc: { ...project, _rev: '2-b' } }]);
    store.showSaved([{ ...issue, title: 'New' }], new Map([[issue._id, '4-b']]));
    await Promise.resolve();
    expect(calls).toBe(notified + 1);
  });

  it('lets the change feed bring the same revision again, and keeps a newer one that came first', () => {
    const store = storeWithIssue();
    store.apply([
      { id: issue._id, seq: 4, deleted: false, doc: { ...issue, _rev: '5-f', title: 'Theirs' } },
    ]);
    store.showSaved([{ ...issue, title: 'Mine' }], new Map([[issue._id, '4-b']]));
    expect(store.get(issue._id)).toMatchObject({ title: 'Theirs', _rev: '5-f' });
    store.apply([
      { id: issue._id, seq: 5, deleted: false, doc: { ...issue, _rev: '5-f', title: 'Theirs' } },
    ]);
    expect(store.get(issue._id)).toMatchObject({ title: 'Theirs', _rev: '5-f' });
  });

  it('removes a saved deletion, and shows nothing without a revision from the device', () => {
    const store = storeWithIssue();
    store.showSaved([{ _id: issue._id, _deleted: true }], new Map([[issue._id, '4-d']]));
    expect(store.get(issue._id)).toBeUndefined();
    const other = testIssue({ _id: 'issue:i2', projectId: project._id, number: 2 });
    store.showSaved([other], new Map());
    expect(store.get(other._id)).toBeUndefined();
  });
});
