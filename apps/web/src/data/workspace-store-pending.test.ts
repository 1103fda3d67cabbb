import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = testIssue({ _id: 'issue:i1', _rev: '3-a', projectId: project._id, title: 'Old' });
const sub = testIssue({ _id: 'issue:i2', projectId: project._id, number: 2, parentId: issue._id });

function storeWithIssue() {
  const store = new WorkspaceStore();
  store.ingest([project, issue], 'replica');
  store.markLoaded('main');
  return store;
}

describe('WorkspaceStore.showPending', () => {
  it('shows a change before the device commits it and tells the screens at once', async () => {
    const store = storeWithIssue();
    await Promise.resolve();
    let calls = 0;
    store.subscribe(() => calls++);
    store.showPending([{ ...issue, title: 'New' }, sub]);
    // Synchronously: inside a click's handler, screens re-render with the rest of the click.
    expect(calls).toBe(1);
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '3-a' });
    expect(store.childrenOf(issue._id).map((i) => i._id)).toEqual([sub._id]);
    await Promise.resolve();
    expect(calls).toBe(1);
  });

  it('takes a refused change back: the old version again, a new document gone', () => {
    const store = storeWithIssue();
    const loaded = store.get(issue._id);
    const takeBack = store.showPending([{ ...issue, title: 'New' }, sub]);
    takeBack();
    expect(store.get(issue._id)).toBe(loaded);
    expect(store.get(sub._id)).toBeUndefined();
    expect(store.childrenOf(issue._id)).toEqual([]);
  });

  it('takes back a deletion', () => {
    const store = storeWithIssue();
    const loaded = store.get(issue._id);
    const takeBack = store.showPending([{ _id: issue._id, _deleted: true }]);
    expect(store.get(issue._id)).toBeUndefined();
    takeBack();
    expect(store.get(issue._id)).toBe(loaded);
  });

  it('leaves a document that changed again meanwhile as it now is', () => {
    const store = storeWithIssue();
    const takeBack = store.showPending([{ ...issue, title: 'Mine' }]);
    store.apply([
      { id: issue._id, seq: 4, deleted: false, doc: { ...issue, _rev: '4-f', title: 'Theirs' } },
    ]);
    takeBack();
    expect(store.get(issue._id)).toMatchObject({ title: 'Theirs', _rev: '4-f' });
  });

  it("keeps showing a change over the feed's copy of the revision it was made from", () => {
    const store = storeWithIssue();
    store.showPending([{ ...issue, title: 'Second edit' }]);
    // The feed brings the first edit's revision, the one the second edit starts from.
    store.apply([
      { id: issue._id, seq: 4, deleted: false, doc: { ...issue, title: 'First edit' } },
    ]);
    expect(store.get(issue._id)).toMatchObject({ title: 'Second edit' });
    store.showSaved([{ ...issue, title: 'Second edit' }], new Map([[issue._id, '4-b']]));
    store.apply([
      { id: issue._id, seq: 5, deleted: false, doc: { ...issue, title: 'First edit' } },
    ]);
    expect(store.get(issue._id)).toMatchObject({ title: 'Second edit', _rev: '4-b' });
  });

  it('is replaced by the committed revision when the save lands', () => {
    const store = storeWithIssue();
    store.showPending([{ ...issue, title: 'New' }]);
    store.showSaved([{ ...issue, title: 'New' }], new Map([[issue._id, '4-b']]));
    expect(store.get(issue._id)).toMatchObject({ title: 'New', _rev: '4-b' });
  });
});
