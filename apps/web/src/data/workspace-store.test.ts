import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const now = '2025-06-10T12:00:00.000Z';
const project = testProject({ _rev: '1-a', createdAt: now, updatedAt: now });

describe('WorkspaceStore', () => {
  it('files documents by type and keeps a list stable until it changes', () => {
    const store = new WorkspaceStore();
    store.ingest([project], 'replica');
    store.markLoaded('main');
    const projects = store.list('project');
    expect(projects.map((p) => p.key)).toEqual(['ENG']);
    expect(store.list('project')).toBe(projects);
    expect(store.list('issue')).toEqual([]);
    expect(store.isLoaded()).toBe(true);
  });

  it('replaces and deletes through the change feed', () => {
    const store = new WorkspaceStore();
    store.ingest([project], 'replica');
    store.markLoaded('main');
    const before = store.list('project');
    store.apply([
      { id: 'project:p1', seq: 1, deleted: false, doc: { ...project, name: 'Platform' } },
    ]);
    expect(store.list('project')).not.toBe(before);
    expect(store.get('project:p1')).toMatchObject({ name: 'Platform' });
    store.apply([{ id: 'project:p1', seq: 1, deleted: true, doc: null }]);
    expect(store.list('project')).toEqual([]);
    expect(store.get('project:p1')).toBeUndefined();
  });

  it('keeps documents that fail the schema out of view', () => {
    const store = new WorkspaceStore();
    store.ingest([{ ...project, key: 'lowercase' }, { _id: 'junk' }], 'replica');
    store.markLoaded('main');
    expect(store.list('project')).toEqual([]);
    expect(store.invalid).toBe(2);
  });

  it('coalesces a burst of changes into few notifications', async () => {
    const store = new WorkspaceStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.ingest([project], 'replica');
    store.markLoaded('main');
    await Promise.resolve();
    expect(calls).toBe(1); // the first change after a quiet spell is immediate
    for (let i = 0; i < 50; i++)
      store.apply([
        { id: 'project:p1', seq: 1, deleted: false, doc: { ...project, name: `P${i}` } },
      ]);
    await Promise.resolve();
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(2);
    expect(store.get('project:p1')).toMatchObject({ name: 'P49' });
  });

  it('tells subscribers once per batch', async () => {
    const store = new WorkspaceStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.ingest([project], 'replica');
    store.markLoaded('main');
    store.apply([{ id: 'project:p1', seq: 1, deleted: true, doc: null }]);
    await Promise.resolve();
    expect(calls).toBe(1);
  });
});

describe('WorkspaceStore.whenApplied', () => {
  it('resolves when the revision arrives through the change feed', async () => {
    const store = new WorkspaceStore();
    store.ingest([project], 'replica');
    store.markLoaded('main');
    let done = false;
    const waiting = store.whenApplied('project:p1', '2-b').then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    store.apply([{ id: 'project:p1', seq: 1, deleted: false, doc: { ...project, _rev: '2-b' } }]);
    await waiting;
    expect(done).toBe(true);
  });

  it('resolves at once for a revision already in memory', async () => {
    const store = new WorkspaceStore();
    store.ingest([project], 'replica');
    store.markLoaded('main');
    await expect(store.whenApplied('project:p1', '1-a')).resolves.toBeUndefined();
  });
});

describe('WorkspaceStore.ingest from the replica', () => {
  it('never replaces a newer revision with an older one read later', () => {
    const store = new WorkspaceStore();
    const newer = { ...testIssue({ title: 'Newer' }), _rev: '3-c' };
    const older = { ...testIssue({ title: 'Older' }), _rev: '2-b' };
    store.markLoaded('main');
    store.apply([{ id: newer._id, seq: 1, deleted: false, doc: newer }]);
    store.ingest([older], 'replica');
    store.markLoaded('history');
    expect((store.get(newer._id) as { title: string }).title).toBe('Newer');
  });

  it('says when the history (comments, activity) is in memory, even when there is none', () => {
    const store = new WorkspaceStore();
    store.markLoaded('main');
    expect(store.isHistoryLoaded()).toBe(false);
    store.markLoaded('history');
    expect(store.isHistoryLoaded()).toBe(true);
  });
});
