import { describe, expect, it } from 'vitest';
import { conflictEntries } from '../conflict-entry.ts';
import type { WorkspaceDoc } from '../documents.ts';
import { newActivityDocument } from '../factories.ts';
import { relationId } from '../ids.ts';
import { FIXTURE_TIME, testIssue, testLabel, testMember, testProject } from '../test-fixtures.ts';
import { readsOfBatch } from './batch-reads.ts';
import { checkWorkspaceWrite } from './check-workspace-write.ts';
import { lookupOfDocs } from './lookup.ts';
import type { CatalogType, WorkspaceLookup, WriteBatchContext } from './types.ts';

const project = testProject();
const grandparent = testIssue({ number: 1, _rev: '1-a' });
const parent = testIssue({ number: 2, parentId: grandparent._id, _rev: '1-a' });
const issue = testIssue({ number: 3, _rev: '1-a', labelIds: ['label:l1'] });
const comment: WorkspaceDoc = {
  _id: 'comment:c1',
  type: 'comment',
  issueId: issue._id,
  body: 'Hello',
  authorId: 'u1',
  editedAt: null,
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
};
const workspace: WorkspaceDoc[] = [
  project,
  grandparent,
  parent,
  issue,
  comment,
  testLabel({ _id: 'label:l1', name: 'One' }),
  testLabel({ _id: 'label:l2', name: 'Two' }),
  testMember({ userId: 'u1' }),
  testMember({ userId: 'u2' }),
];
const side = (value: string) => ({ value, by: 'u1', at: FIXTURE_TIME });

/** Batches touching every rule: edits, creations, history, catalogs. */
const batches: unknown[][] = [
  [{ ...issue, title: 'Only the title' }],
  [{ ...issue, stateId: 'in-progress', assigneeId: 'u2', labelIds: ['label:l1', 'label:l2'] }],
  [{ ...issue, parentId: parent._id }],
  [{ ...testIssue({ number: 9, _id: 'issue:new', parentId: issue._id }) }],
  [
    newActivityDocument({
      id: 'activity:x',
      issueId: issue._id,
      actorId: 'u1',
      kind: 'title',
      from: 'a',
      to: 'b',
      now: FIXTURE_TIME,
    }),
    { ...comment, _id: 'comment:c2', body: 'Another' },
    ...conflictEntries(
      issue._id,
      comment._id,
      [{ field: 'comment', lost: side('a'), kept: side('b') }],
      FIXTURE_TIME,
    ),
  ],
  [testProject({ _id: 'project:p2', key: 'OPS' }), testLabel({ _id: 'label:l3', name: 'Three' })],
  [{ ...testLabel({ _id: 'label:l1', name: 'Renamed' }), _rev: '1-a' }],
  [
    {
      _id: relationId('blocks', issue._id, parent._id),
      type: 'relation',
      fromIssueId: issue._id,
      toIssueId: parent._id,
      kind: 'blocks',
      createdBy: 'u1',
      createdAt: FIXTURE_TIME,
      updatedAt: FIXTURE_TIME,
    },
  ],
];

/** Runs the rules over `docs`, recording every id, list and number they read. */
function readByRules(docs: unknown[]) {
  const held = lookupOfDocs(workspace);
  const ids = new Set<string>();
  const lists = new Set<CatalogType>();
  const numbers: string[] = [];
  const lookup: WorkspaceLookup = {
    get: (id) => {
      ids.add(id);
      return held.get(id);
    },
    all: (type) => {
      lists.add(type);
      return held.all(type);
    },
  };
  const context: WriteBatchContext = {
    role: 'admin',
    userId: 'u1',
    tombstone: () => null,
    numberReserved: (projectId, number) => {
      numbers.push(`${projectId} ${number}`);
      return true;
    },
  };
  const verdicts = checkWorkspaceWrite(docs, context, lookup);
  return { ids, lists, numbers, verdicts };
}

/** The ids reached walking up from `from`, parent by parent, in the workspace and the batch. */
function ancestors(from: Iterable<string>, docs: unknown[]): Set<string> {
  const parentOf = new Map<string, string | null>();
  for (const doc of [...workspace, ...(docs as WorkspaceDoc[])])
    if (doc.type === 'issue') parentOf.set(doc._id, doc.parentId);
  const reached = new Set<string>();
  for (let at of from)
    while (!reached.has(at)) {
      reached.add(at);
      const next = parentOf.get(at);
      if (!next) break;
      at = next;
    }
  return reached;
}

describe('readsOfBatch', () => {
  it.each(batches.map((docs, i) => [i, docs] as const))(
    'batch %i: every id, list and number the rules read was asked for',
    (_, docs) => {
      const stored = lookupOfDocs(workspace);
      const reads = readsOfBatch(docs, (id) => stored.get(id));
      const read = readByRules(docs);
      expect(read.verdicts.every((v) => v.ok)).toBe(true);
      // The batch's own documents and what they replace are read with it, not through `reads`.
      const inBatch = new Set(docs.map((d) => (d as WorkspaceDoc)._id));
      const walked = ancestors(reads.ancestorsOf, docs);
      const unasked = [...read.ids].filter(
        (id) => !reads.ids.has(id) && !walked.has(id) && !inBatch.has(id),
      );
      expect(unasked).toEqual([]);
      expect([...read.lists].filter((l) => !reads.lists.has(l))).toEqual([]);
      expect(read.numbers).toEqual(reads.numbers.map((n) => `${n.projectId} ${n.number}`));
    },
  );

  it('asks only for what the edit changes: nothing for a title, the project for a state', () => {
    const stored = lookupOfDocs(workspace);
    const of = (docs: unknown[]) => readsOfBatch(docs, (id) => stored.get(id));
    expect(of(batches[0]!)).toEqual({
      ids: new Set(),
      ancestorsOf: new Set(),
      lists: new Set(),
      numbers: [],
    });
    expect(of(batches[1]!).ids).toEqual(new Set([project._id, 'member:u2', 'label:l2']));
    expect(of(batches[2]!).ancestorsOf).toEqual(new Set([parent._id]));
    expect(of(batches[3]!).numbers).toEqual([{ projectId: project._id, number: 9 }]);
  });

  it('reads a field of the wrong kind as absent, without failing', () => {
    const odd = {
      _id: 'issue:odd',
      type: 'issue',
      projectId: 7,
      labelIds: 'label:l1',
      parentId: {},
    };
    expect(readsOfBatch([odd, null, 'text'], () => undefined)).toEqual({
      ids: new Set(),
      ancestorsOf: new Set(),
      lists: new Set(),
      numbers: [],
    });
  });
});
