import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subIssueProgress, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { WorkspaceStore } from './workspace-store.ts';

const project = testProject({ _id: 'project:p1', _rev: '1-a' });
const issue = (n: number, stateId: string, parent: number | null): IssueDoc =>
  testIssue({
    _id: `issue:i${n}`,
    _rev: '1-a',
    projectId: project._id,
    number: n,
    stateId,
    parentId: parent === null ? null : `issue:i${parent}`,
  });

function loaded(docs: (IssueDoc | ProjectDoc)[]): WorkspaceStore {
  const store = new WorkspaceStore();
  store.ingest([project, ...docs], 'replica');
  store.markLoaded('main');
  return store;
}

let seq = 10;
const put = (store: WorkspaceStore, doc: IssueDoc | ProjectDoc) =>
  store.apply([{ id: doc._id, seq: seq++, deleted: false, doc: { ...doc, _rev: `${seq}-a` } }]);

describe('WorkspaceStore sub-issue progress', () => {
  it('counts each parent, and keeps the same map until a figure moves', () => {
    const store = loaded([
      issue(1, 'todo', null),
      issue(2, 'done', 1),
      issue(3, 'todo', 1),
      issue(4, 'canceled', 5),
    ]);
    const before = store.subIssueProgress();
    expect([...before]).toEqual([['issue:i1', { done: 1, total: 2 }]]);
    // Another unfinished state, or a title: the same figure, so the same map and object.
    put(store, { ...issue(3, 'in-progress', 1), title: 'Renamed' });
    expect(store.subIssueProgress()).toBe(before);
    put(store, issue(3, 'done', 1));
    const after = store.subIssueProgress();
    expect(after).not.toBe(before);
    expect(after.get('issue:i1')).toEqual({ done: 2, total: 2 });
  });

  it('moves a sub-issue between parents, and forgets a parent with none left', () => {
    const store = loaded([issue(1, 'todo', null), issue(2, 'todo', null), issue(3, 'done', 1)]);
    put(store, issue(3, 'done', 2));
    expect([...store.subIssueProgress()]).toEqual([['issue:i2', { done: 1, total: 1 }]]);
    store.apply([{ id: 'issue:i3', seq: seq++, deleted: true, doc: null }]);
    expect(store.subIssueProgress().size).toBe(0);
  });

  it("recounts every parent when a project's workflow says otherwise what is done", () => {
    const store = loaded([issue(1, 'todo', null), issue(2, 'in-review', 1)]);
    expect(store.subIssueProgress().get('issue:i1')).toEqual({ done: 0, total: 1 });
    const states = project.states.map((s) =>
      s.id === 'in-review' ? { ...s, category: 'completed' as const } : s,
    );
    put(store, { ...project, states });
    expect(store.subIssueProgress().get('issue:i1')).toEqual({ done: 1, total: 1 });
  });

  it('agrees with each parent counted from scratch after any edits (property)', () => {
    const stateIds = project.states.map((s) => s.id);
    const edit = fc.tuple(
      fc.integer({ min: 1, max: 8 }),
      fc.constantFrom(...stateIds),
      fc.option(fc.integer({ min: 1, max: 8 })),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (edits) => {
        const store = loaded([]);
        const live = new Map<string, IssueDoc>();
        for (const [n, stateId, parent, remove] of edits) {
          const doc = issue(n, stateId, parent);
          if (remove) {
            store.apply([{ id: doc._id, seq: seq++, deleted: true, doc: null }]);
            live.delete(doc._id);
          } else {
            put(store, doc);
            live.set(doc._id, doc);
          }
          // Read between edits too: a stale parent must be recounted at the next read.
          if (n % 2 === 0) store.subIssueProgress();
        }
        const projects = new Map([[project._id, project]]);
        const expected = new Map<string, { done: number; total: number }>();
        const parents = new Set([...live.values()].flatMap((i) => i.parentId ?? []));
        for (const parentId of parents) {
          const own = subIssueProgress(
            [...live.values()].filter((i) => i.parentId === parentId),
            projects,
          );
          if (own) expected.set(parentId, own);
        }
        expect(new Map(store.subIssueProgress())).toEqual(expected);
      }),
    );
  });
});
