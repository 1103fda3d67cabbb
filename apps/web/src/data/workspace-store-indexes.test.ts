import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { newRelation } from '@keel/domain';
import { testActivity, testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const parent = testIssue({ _id: 'issue:p', _rev: '1-a', projectId: project._id, number: 1 });
const child = (n: number) =>
  testIssue({
    _id: `issue:c${n}`,
    _rev: '1-a',
    projectId: project._id,
    number: n,
    parentId: parent._id,
  });
const activity = (id: string, issueId: string, at: string) =>
  testActivity(0, {
    _id: `activity:${id}`,
    issueId,
    to: 'x',
    createdAt: at,
    updatedAt: at,
    _rev: '1-a',
  });

const at = '2026-01-02T00:00:00.000Z';

describe('WorkspaceStore indexes', () => {
  it('lists relations on both issues, and knows which issues are blocked', () => {
    const store = new WorkspaceStore();
    const a = child(2);
    const b = child(3);
    const blocks = {
      ...newRelation({
        side: 'blocked-by',
        issueId: a._id,
        otherId: b._id,
        createdBy: 'u1',
        now: at,
      }),
      _rev: '1-a',
    };
    const relates = {
      ...newRelation({
        side: 'relates',
        issueId: a._id,
        otherId: parent._id,
        createdBy: 'u1',
        now: at,
      }),
      _rev: '1-a',
    };
    store.ingest([project, parent, a, b, blocks, relates], 'replica');
    store.markLoaded('main');
    expect(store.relationsTo(a._id)).toEqual([blocks]);
    expect(store.relationsFrom(a._id)).toEqual([relates]);
    expect(store.relationsFrom(b._id)).toEqual([blocks]);
    const sets = store.blockSets();
    expect([...sets.blocked]).toEqual([a._id]);
    expect([...sets.blocking]).toEqual([b._id]);
    // The same set until a relation changes, so rows that read it do not redraw.
    store.apply([
      { id: a._id, seq: 2, deleted: false, doc: { ...a, title: 'Renamed', _rev: '2-a' } },
    ]);
    expect(store.blockSets()).toBe(sets);
    // Completing the blocker unblocks; reopening it blocks again.
    store.apply([
      { id: b._id, seq: 3, deleted: false, doc: { ...b, completedAt: at, _rev: '2-b' } },
    ]);
    expect(store.blockSets().blocked.size).toBe(0);
    store.apply([{ id: b._id, seq: 4, deleted: false, doc: { ...b, _rev: '3-b' } }]);
    expect([...store.blockSets().blocked]).toEqual([a._id]);
    // So does deleting either issue; its relation stays for a restore.
    store.apply([{ id: a._id, seq: 5, deleted: true, doc: null }]);
    expect(store.blockSets().blocked.size).toBe(0);
    expect(store.relationsFrom(b._id)).toEqual([blocks]);
    store.apply([{ id: blocks._id, seq: 6, deleted: true, doc: null }]);
    expect(store.blockSets().blocked.size).toBe(0);
    expect(store.relationsTo(a._id)).toEqual([]);
  });

  it('finds issues by project and number, and follows a move or a deletion', () => {
    const store = new WorkspaceStore();
    store.ingest([project, parent], 'replica');
    store.markLoaded('main');
    expect(store.issueByNumber(project._id, 1)?._id).toBe(parent._id);
    expect(store.issueByNumber(project._id, 2)).toBeUndefined();
    store.apply([{ id: parent._id, seq: 2, deleted: true, doc: null }]);
    expect(store.issueByNumber(project._id, 1)).toBeUndefined();
  });

  it('lists sub-issues by number, the same array until one of them changes', () => {
    const store = new WorkspaceStore();
    store.ingest([project, parent, child(9), child(3)], 'replica');
    store.markLoaded('main');
    const children = store.childrenOf(parent._id);
    expect(children.map((i) => i.number)).toEqual([3, 9]);
    expect(store.childrenOf(parent._id)).toBe(children);
    store.apply([
      { id: parent._id, seq: 2, deleted: false, doc: { ...parent, _rev: '2-b', title: 'Renamed' } },
    ]);
    expect(store.childrenOf(parent._id)).toBe(children);
    // Moving a sub-issue to no parent takes it off the list.
    store.apply([
      { id: 'issue:c3', seq: 3, deleted: false, doc: { ...child(3), _rev: '2-b', parentId: null } },
    ]);
    expect(store.childrenOf(parent._id).map((i) => i.number)).toEqual([9]);
    expect(store.childrenOf('issue:none')).toEqual([]);
  });

  it('keeps each issue’s activity oldest first, changed only for the issue it belongs to', () => {
    const store = new WorkspaceStore();
    store.ingest(
      [
        project,
        parent,
        child(2),
        activity('b', parent._id, '2026-01-02T00:00:00.000Z'),
        activity('a', parent._id, '2026-01-01T00:00:00.000Z'),
      ],
      'replica',
    );
    store.markLoaded('main');
    const ofParent = store.activityOf(parent._id);
    const ofChild = store.activityOf('issue:c2');
    expect(ofParent.map((a) => a._id)).toEqual(['activity:a', 'activity:b']);
    store.apply([
      {
        id: 'activity:c',
        seq: 2,
        deleted: false,
        doc: activity('c', 'issue:c2', '2026-01-03T00:00:00.000Z'),
      },
    ]);
    expect(store.activityOf(parent._id)).toBe(ofParent);
    expect(store.activityOf('issue:c2')).not.toBe(ofChild);
    expect(store.activityOf('issue:c2').map((a) => a._id)).toEqual(['activity:c']);
  });

  it('indexes what this device saved as soon as it is shown', () => {
    const store = new WorkspaceStore();
    store.ingest([project, parent], 'replica');
    store.markLoaded('main');
    store.showSaved([child(4)], new Map([['issue:c4', '1-b']]));
    expect(store.childrenOf(parent._id).map((i) => i.number)).toEqual([4]);
    expect(store.issueByNumber(project._id, 4)?._id).toBe('issue:c4');
  });
});

describe('WorkspaceStore late reads', () => {
  // A session reads its history once, from a snapshot or from the replica.
  const readHistory = {
    replica: (store: WorkspaceStore, docs: WorkspaceDoc[]) => {
      store.ingest(docs, 'replica');
      store.markLoaded('history');
    },
    snapshot: (store: WorkspaceStore, docs: WorkspaceDoc[]) => {
      store.ingest(docs, 'snapshot');
      store.markLoaded('history');
    },
  };

  it.each(Object.entries(readHistory))(
    'does not bring back what the change feed deleted before the history was read (%s)',
    (_, read) => {
      const store = new WorkspaceStore();
      store.ingest([project, parent], 'replica');
      store.markLoaded('main');
      const note = activity('gone', parent._id, '2026-01-01T00:00:00.000Z');
      const kept = activity('kept', parent._id, '2026-01-02T00:00:00.000Z');
      store.apply([{ id: note._id, seq: 5, deleted: true, doc: null }]);
      read(store, [note, kept]);
      expect(store.get(note._id)).toBeUndefined();
      expect(store.activityOf(parent._id).map((a) => a._id)).toEqual([kept._id]);
      expect(store.isHistoryLoaded()).toBe(true);
    },
  );

  it('does not bring back what this device deleted before the history was read', () => {
    const store = new WorkspaceStore();
    store.ingest([project, parent], 'replica');
    store.markLoaded('main');
    const note = activity('mine', parent._id, '2026-01-01T00:00:00.000Z');
    store.showSaved([{ _id: note._id, _deleted: true }], new Map([[note._id, '2-b']]));
    store.ingest([note], 'replica');
    store.markLoaded('history');
    expect(store.get(note._id)).toBeUndefined();
  });

  it.each(Object.entries(readHistory))(
    'forgets the deletions once the history is in, and remembers no more (%s)',
    (_, read) => {
      const store = new WorkspaceStore();
      store.ingest([project, parent], 'replica');
      store.markLoaded('main');
      const gone = (n: number) => ({ id: `comment:gone${n}`, seq: n, deleted: true, doc: null });
      store.apply([gone(1), gone(2), gone(3)]);
      store.showSaved(
        [{ _id: 'comment:gone4', _deleted: true }],
        new Map([['comment:gone4', '2-b']]),
      );
      expect(store.rememberedDeletions()).toBe(4);

      read(store, []);
      expect(store.rememberedDeletions()).toBe(0);

      // Whatever the feed deletes from now on is simply gone from memory: nothing to remember.
      const note = activity('later', parent._id, '2026-01-03T00:00:00.000Z');
      store.apply([{ id: note._id, seq: 6, deleted: false, doc: note }]);
      expect(store.activityOf(parent._id)).toHaveLength(1);
      store.apply(Array.from({ length: 50 }, (_, i) => gone(10 + i)));
      store.apply([{ id: note._id, seq: 70, deleted: true, doc: null }]);
      store.showSaved(
        [{ _id: 'comment:gone99', _deleted: true }],
        new Map([['comment:gone99', '2-b']]),
      );
      expect(store.rememberedDeletions()).toBe(0);
      expect(store.get(note._id)).toBeUndefined();
      expect(store.activityOf(parent._id)).toEqual([]);
    },
  );
});
