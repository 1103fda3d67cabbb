import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { earlierSeq, readSnapshot, SNAPSHOT_VERSION } from './store-snapshot.ts';
import { WorkspaceStore } from './workspace-store.ts';

describe('store snapshots', () => {
  it('trusts only a record of this build with a sequence and a list of documents', () => {
    const docs = [testProject()];
    expect(readSnapshot({ version: SNAPSHOT_VERSION, seq: 12, docs })).toEqual({
      version: SNAPSHOT_VERSION,
      seq: 12,
      docs,
    });
    expect(readSnapshot(null)).toBeNull();
    expect(readSnapshot({ version: 'another build', seq: 12, docs })).toBeNull();
    expect(readSnapshot({ version: SNAPSHOT_VERSION, seq: null, docs })).toBeNull();
    expect(readSnapshot({ version: SNAPSHOT_VERSION, seq: 3, docs: {} })).toBeNull();
  });

  it('compares local numeric and CouchDB-style string sequences', () => {
    expect(earlierSeq(3, 10)).toBe(3);
    expect(earlierSeq(10, 3)).toBe(3);
    expect(earlierSeq('12-g1AAAA', '9-g1AAAA')).toBe('9-g1AAAA');
  });

  it('a store restored from its own snapshot holds the same documents and says which part is loaded', () => {
    const project = testProject();
    const store = new WorkspaceStore();
    store.ingest([project], 'replica');
    store.markLoaded('main');
    const saved = store.snapshot(['project', 'issue']);

    const reopened = new WorkspaceStore();
    expect(reopened.isLoaded()).toBe(false);
    reopened.ingest(saved, 'snapshot');
    reopened.markLoaded('main');
    expect(reopened.isLoaded()).toBe(true);
    expect(reopened.isHistoryLoaded()).toBe(false);
    expect(reopened.get(project._id)).toEqual(store.get(project._id));
    reopened.markLoaded('history');
    expect(reopened.isHistoryLoaded()).toBe(true);
  });

  it('an older history snapshot is in the store but not called loaded until the rest is merged', () => {
    const project = testProject();
    const issue = testIssue();
    const comment: WorkspaceDoc = {
      _id: 'comment:c1',
      type: 'comment',
      issueId: issue._id,
      body: 'From an older snapshot',
      authorId: 'u1',
      editedAt: null,
      createdAt: issue.createdAt,
      updatedAt: issue.createdAt,
    };
    const store = new WorkspaceStore();
    store.ingest([project, issue], 'snapshot');
    store.markLoaded('main');
    store.ingest([comment], 'snapshot');
    expect(store.commentsOf(issue._id)).toHaveLength(1);
    expect(store.isHistoryLoaded()).toBe(false);
    store.markLoaded('history');
    expect(store.isHistoryLoaded()).toBe(true);
  });

  it('a later change replayed over a restored snapshot wins; an older revision does not', () => {
    const project = { ...testProject(), _rev: '2-b' };
    const store = new WorkspaceStore();
    store.ingest([project], 'snapshot');
    store.markLoaded('main');
    store.apply([
      { id: project._id, seq: 5, deleted: false, doc: { ...project, _rev: '1-a', name: 'Old' } },
    ]);
    expect(store.get(project._id)).toMatchObject({ name: project.name });
    store.apply([
      { id: project._id, seq: 6, deleted: false, doc: { ...project, _rev: '3-c', name: 'New' } },
    ]);
    expect(store.get(project._id)).toMatchObject({ name: 'New' });
    const versions = store.versions(['project']);
    store.apply([{ id: project._id, seq: 7, deleted: true, doc: null }]);
    expect(store.get(project._id)).toBeUndefined();
    expect(store.versions(['project'])[0]).not.toBe(versions[0]);
  });
});
