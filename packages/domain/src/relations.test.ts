import { describe, expect, it } from 'vitest';
import { relationDocSchema, type WorkspaceDoc } from './documents.ts';
import { FIXTURE_TIME, testIssue, testProject } from './test-fixtures.ts';
import {
  blockSetsOf,
  duplicateOf,
  duplicateStateId,
  liveRelationCount,
  newRelation,
  RELATION_SIDES,
  relationActivities,
  relationProblem,
  relationSide,
} from './relations.ts';

const make = (side: (typeof RELATION_SIDES)[number]) =>
  newRelation({ side, issueId: 'issue:a', otherId: 'issue:b', createdBy: 'u1', now: FIXTURE_TIME });

describe('relations', () => {
  it('moves a duplicate to its project’s canceled state, unless it is finished already', () => {
    const project = testProject();
    const canceled = project.states.find((st) => st.category === 'canceled')!.id;
    const done = project.states.find((st) => st.category === 'completed')!.id;
    expect(duplicateStateId({ stateId: 'todo' }, project)).toBe(canceled);
    expect(duplicateStateId({ stateId: done }, project)).toBeNull();
    expect(duplicateStateId({ stateId: canceled }, project)).toBeNull();
    expect(duplicateOf('duplicates', 'issue:a', 'issue:b')).toBe('issue:a');
    expect(duplicateOf('duplicated-by', 'issue:a', 'issue:b')).toBe('issue:b');
    expect(duplicateOf('blocks', 'issue:a', 'issue:b')).toBeNull();
  });

  it('stores "blocked by" and "duplicated by" the other way round, under one valid id', () => {
    expect(make('blocked-by')).toMatchObject({
      kind: 'blocks',
      fromIssueId: 'issue:b',
      toIssueId: 'issue:a',
    });
    expect(make('duplicated-by')).toMatchObject({ kind: 'duplicates', fromIssueId: 'issue:b' });
    expect(make('blocks')._id).toBe(make('blocked-by')._id);
    for (const side of RELATION_SIDES)
      expect(relationDocSchema.safeParse(make(side)).success).toBe(true);
  });

  it('reads back the side each issue sees', () => {
    for (const side of RELATION_SIDES) {
      const relation = make(side);
      expect(relationSide(relation, 'issue:a')).toEqual({ side, otherId: 'issue:b' });
    }
    expect(relationSide(make('blocks'), 'issue:b').side).toBe('blocked-by');
    expect(relationSide(make('duplicates'), 'issue:b').side).toBe('duplicated-by');
    expect(relationSide(make('relates'), 'issue:b').side).toBe('relates');
  });

  it('writes one activity on each issue, with how it relates to the other', () => {
    let n = 0;
    const by = { actorId: 'u1', now: FIXTURE_TIME, newActivityId: () => `activity:r${++n}` };
    const added = relationActivities(make('blocks'), 'added', by);
    expect(added.map((a) => [a.issueId, a.from, a.to])).toEqual([
      ['issue:a', null, ['blocks', 'issue:b']],
      ['issue:b', null, ['blocked-by', 'issue:a']],
    ]);
    const removed = relationActivities(make('blocks'), 'removed', by);
    expect(removed.map((a) => [a.from, a.to])).toEqual([
      [['blocks', 'issue:b'], null],
      [['blocked-by', 'issue:a'], null],
    ]);
  });

  it('refuses an issue related to itself, or a pair related that way already', () => {
    const held = new Set([make('blocks')._id]);
    const has = (id: string) => held.has(id);
    expect(relationProblem({ _id: 'issue:a' }, 'issue:a', 'relates', has)).toMatch(/itself/);
    expect(relationProblem({ _id: 'issue:b' }, 'issue:a', 'blocks', has)).toMatch(/already/);
    expect(relationProblem({ _id: 'issue:a' }, 'issue:b', 'relates', has)).toBeNull();
    const full = (id: string) => (id === 'issue:b' ? 50 : 49);
    expect(relationProblem({ _id: 'issue:a' }, 'issue:b', 'relates', has, full)).toBe(
      'An issue has at most 50 relations',
    );
    expect(relationProblem({ _id: 'issue:a' }, 'issue:c', 'relates', has, full)).toBeNull();
  });
});

describe('blockSetsOf', () => {
  const blocker = testIssue({ _id: 'issue:b', number: 1 });
  const blocked = testIssue({ _id: 'issue:a', number: 2 });
  const relation = newRelation({
    side: 'blocks',
    issueId: blocker._id,
    otherId: blocked._id,
    createdBy: 'u1',
    now: FIXTURE_TIME,
  });
  const lookup =
    (...docs: WorkspaceDoc[]) =>
    (id: string) =>
      docs.find((d) => d._id === id);

  it('marks the blocked and the blocking issue while the blocker is open', () => {
    const sets = blockSetsOf([relation], lookup(blocker, blocked));
    expect([...sets.blocked]).toEqual([blocked._id]);
    expect([...sets.blocking]).toEqual([blocker._id]);
  });

  it('stops once the blocker is completed or canceled, or either issue is deleted', () => {
    const done = { ...blocker, completedAt: FIXTURE_TIME };
    const canceled = { ...blocker, canceledAt: FIXTURE_TIME };
    for (const docs of [[done, blocked], [canceled, blocked], [blocker], [blocked]]) {
      const sets = blockSetsOf([relation], lookup(...docs));
      expect(sets.blocked.size + sets.blocking.size).toBe(0);
    }
  });

  it('ignores relations of other kinds', () => {
    const relates = newRelation({
      side: 'relates',
      issueId: blocker._id,
      otherId: blocked._id,
      createdBy: 'u1',
      now: FIXTURE_TIME,
    });
    expect(blockSetsOf([relates], lookup(blocker, blocked)).blocked.size).toBe(0);
  });
});

describe('liveRelationCount', () => {
  it('counts only relations whose other issue exists', () => {
    const relations = ['issue:x', 'issue:y', 'issue:gone'].map((otherId) =>
      newRelation({
        side: 'relates',
        issueId: 'issue:a',
        otherId,
        createdBy: 'u1',
        now: FIXTURE_TIME,
      }),
    );
    const held = new Set(['issue:a', 'issue:x', 'issue:y']);
    const docOf = (id: string) => (held.has(id) ? testIssue({ _id: id, number: 1 }) : undefined);
    expect(liveRelationCount(relations, 'issue:a', docOf)).toBe(2);
  });
});
