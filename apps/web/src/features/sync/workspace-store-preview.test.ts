import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = testIssue({ _id: 'issue:i1', _rev: '3-a', projectId: project._id, title: 'Old' });

function storeWithIssue() {
  const store = new WorkspaceStore();
  store.load([project, issue]);
  return store;
}

describe('WorkspaceStore.preview', () => {
  it('shows an edit at once and tells the screens in the same task', async () => {
    const store = storeWithIssue();
    await Promise.resolve();
    let calls = 0;
    store.subscribe(() => calls++);
    store.preview([{ ...issue, title: 'New' }]);
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '3-a' });
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
    store.preview([{ ...issue, title: 'New' }]);
    await Promise.resolve();
    expect(calls).toBe(notified + 1);
  });

  it('is replaced by the saved revision from the change feed', () => {
    const store = storeWithIssue();
    const handle = store.preview([{ ...issue, title: 'New' }]);
    expect(store.hasPreviews()).toBe(true);
    store.apply([
      { id: issue._id, seq: 3, deleted: false, doc: { ...issue, _rev: '4-b', title: 'New' } },
    ]);
    handle.saved();
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '4-b' });
    expect(store.hasPreviews()).toBe(false);
    handle.undo(); // too late: the change was saved
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '4-b' });
  });

  it('puts back the previous version, and removes a created document, on undo', () => {
    const store = storeWithIssue();
    const created = testIssue({ _id: 'issue:i2', projectId: project._id, number: 2 });
    const handle = store.preview([{ ...issue, title: 'New' }, created]);
    expect(store.list('issue')).toHaveLength(2);
    handle.undo();
    expect(store.get(issue._id)).toBe(store.list('issue')[0]);
    expect(store.get(issue._id)).toMatchObject({ title: 'Old', _rev: '3-a' });
    expect(store.get(created._id)).toBeUndefined();
    expect(store.hasPreviews()).toBe(false);
  });

  it('brings a deleted document back on undo', () => {
    const store = storeWithIssue();
    const handle = store.preview([{ _id: issue._id, _deleted: true }]);
    expect(store.get(issue._id)).toBeUndefined();
    handle.undo();
    expect(store.get(issue._id)).toMatchObject({ title: 'Old' });
  });

  it('never takes back a newer revision that another device sent meanwhile', () => {
    const store = storeWithIssue();
    const handle = store.preview([{ ...issue, title: 'Mine' }]);
    store.apply([
      { id: issue._id, seq: 3, deleted: false, doc: { ...issue, _rev: '4-f', title: 'Theirs' } },
    ]);
    handle.undo();
    expect(store.get(issue._id)).toMatchObject({ title: 'Theirs', _rev: '4-f' });
  });
});
