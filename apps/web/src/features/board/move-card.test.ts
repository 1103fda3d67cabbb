import { describe, expect, it } from 'vitest';
import { DEFAULT_STATES, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { moveCard, neighboursAt, sortKeyBetween } from './move-card.ts';

const project = { _id: 'project:p', states: [...DEFAULT_STATES] } as unknown as ProjectDoc;
const card = (id: string, sortOrder: string, over: Partial<IssueDoc> = {}) =>
  ({
    _id: id,
    type: 'issue',
    projectId: 'project:p',
    stateId: 'todo',
    sortOrder,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }) as IssueDoc;
const column = [card('A', 'a0'), card('B', 'a1'), card('C', 'a2'), card('D', 'a3')];
const ids = (n: { before: IssueDoc | null; after: IssueDoc | null }) => [
  n.before?._id ?? null,
  n.after?._id ?? null,
];
const ctx = {
  project,
  actorId: 'u1',
  now: '2026-02-02T00:00:00.000Z',
  newActivityId: () => 'activity:x',
};

describe('neighboursAt', () => {
  it('within a column takes the dropped-on card’s place, up or down', () => {
    expect(ids(neighboursAt(column, 'A', 2))).toEqual(['C', 'D']);
    expect(ids(neighboursAt(column, 'D', 1))).toEqual(['A', 'B']);
    expect(ids(neighboursAt(column, 'B', 0))).toEqual([null, 'A']);
  });
  it('from another column goes before the card, or to the end of the column', () => {
    expect(ids(neighboursAt(column, 'X', 0))).toEqual([null, 'A']);
    expect(ids(neighboursAt(column, 'X', null))).toEqual(['D', null]);
    expect(ids(neighboursAt([], 'X', null))).toEqual([null, null]);
  });
  it('in the empty space of a long column lands after the last card shown, in sight', () => {
    // A B C shown, D hidden behind "Show more".
    expect(ids(neighboursAt(column, 'X', null, 3))).toEqual(['C', 'D']);
    expect(ids(neighboursAt(column, 'A', null, 3))).toEqual(['C', 'D']);
    expect(ids(neighboursAt(column, 'C', null, 3))).toEqual(['B', 'D']);
    expect(ids(neighboursAt(column, 'D', null, 3))).toEqual(['C', null]);
  });
});

describe('sortKeyBetween', () => {
  it('sorts between its neighbours by code units', () => {
    const key = sortKeyBetween('a1', 'a2');
    expect('a1' < key && key < 'a2').toBe(true);
  });
  it('still gives a key when the neighbours are equal or out of order', () => {
    expect(sortKeyBetween('a1', 'a1') > 'a1').toBe(true);
    expect(typeof sortKeyBetween('zz', 'a0')).toBe('string');
  });
});

describe('moveCard', () => {
  it('reordering within a column writes the issue only, no activity', () => {
    const docs = moveCard(column[0]!, { stateId: 'todo', sortOrder: 'a2V' }, ctx);
    expect(docs).toHaveLength(1);
    expect(docs![0]).toMatchObject({ sortOrder: 'a2V', stateId: 'todo', updatedAt: ctx.now });
  });
  it('dropping in another column changes state, sets times and writes one state activity', () => {
    const docs = moveCard(column[0]!, { stateId: 'done', sortOrder: 'a0' }, ctx)!;
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ stateId: 'done', completedAt: ctx.now, canceledAt: null });
    expect(docs[1]).toMatchObject({ type: 'activity', kind: 'state', from: 'todo', to: 'done' });
  });
  it('writes nothing when dropped where it was, or on a state the project lacks', () => {
    expect(moveCard(column[0]!, { stateId: 'todo', sortOrder: 'a0' }, ctx)).toBeNull();
    expect(moveCard(column[0]!, { stateId: 'nope', sortOrder: 'b0' }, ctx)).toBeNull();
  });
});
