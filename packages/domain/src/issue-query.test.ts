import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  CycleDoc,
  IssueDoc,
  LabelDoc,
  MemberDoc,
  MilestoneDoc,
  ProjectDoc,
} from './documents.ts';
import {
  DEFAULT_VIEW,
  EMPTY_FILTER,
  GROUP_BY,
  SORT_BY,
  compareIssues,
  filterIssues,
  NO_MILESTONE,
  parseViewQuery,
  serializeViewQuery,
  sortIssues,
  RELATION_FILTERS,
  type IssueBlockSets,
  type IssueFilter,
  type ViewQuery,
} from './issue-query.ts';
import { groupIssues, type GroupContext } from './issue-grouping.ts';
import { DEFAULT_STATES } from './workflow.ts';
import { FIXTURE_TIME, testIssue, testLabel, testMember, testProject } from './test-fixtures.ts';

const project: ProjectDoc = testProject();
const member = (userId: string, name: string): MemberDoc => testMember({ userId, name });
const label = (id: string, name: string): LabelDoc => testLabel({ _id: `label:${id}`, name });
const ctx: GroupContext = {
  projects: new Map([[project._id, project]]),
  members: new Map([
    ['u1', member('u1', 'Ada')],
    ['u2', member('u2', 'Grace')],
  ]),
  labels: new Map([
    ['label:bug', label('bug', 'Bug')],
    ['label:ui', label('ui', 'UI')],
  ]),
};

function issue(n: number, over: Partial<IssueDoc> = {}): IssueDoc {
  return testIssue({
    _id: `issue:i${n}`,
    projectId: project._id,
    number: n,
    title: `Issue ${n}`,
    sortOrder: `a${n}`,
    subscriberIds: [],
    createdAt: `2026-01-0${(n % 9) + 1}T00:00:00.000Z`,
    updatedAt: `2026-02-0${(n % 9) + 1}T00:00:00.000Z`,
    ...over,
  });
}
const keyOf = (i: IssueDoc) => `ENG-${i.number}`;

const issueArb = fc
  .record({
    n: fc.integer({ min: 1, max: 100_000 }),
    title: fc.string({ minLength: 1, maxLength: 20 }),
    stateId: fc.constantFrom(...DEFAULT_STATES.map((s) => s.id), 'gone'),
    priority: fc.integer({ min: 0, max: 4 }),
    assigneeId: fc.constantFrom(null, 'u1', 'u2', 'u3'),
    labelIds: fc.uniqueArray(fc.constantFrom('label:bug', 'label:ui', 'label:x'), {
      maxLength: 3,
    }),
    dueDate: fc.constantFrom(null, '2026-03-01', '2026-04-01'),
    sortOrder: fc.constantFrom('a0', 'a1', 'a2', 'Zz', 'a0V'),
    cycleId: fc.constantFrom(undefined, null, 'cycle:p1.1', 'cycle:p1.2'),
    milestoneId: fc.constantFrom(undefined, null, 'milestone:m1', 'milestone:m2'),
  })
  .map(({ n, ...over }) => issue(n, over));
const issuesArb = fc
  .uniqueArray(issueArb, { selector: (i) => i._id, maxLength: 40 })
  .map((list) => list as readonly IssueDoc[]);
const filterArb: fc.Arbitrary<IssueFilter> = fc.record({
  stateIds: fc.uniqueArray(fc.constantFrom('todo', 'done', 'backlog'), { maxLength: 2 }),
  priorities: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
  assigneeIds: fc.uniqueArray(fc.constantFrom('u1', 'u2', 'none'), { maxLength: 2 }),
  labelIds: fc.uniqueArray(fc.constantFrom('label:bug', 'label:ui'), { maxLength: 2 }),
  projectIds: fc.uniqueArray(fc.constantFrom('project:p1', 'project:p2'), { maxLength: 1 }),
  cycleIds: fc.uniqueArray(fc.constantFrom('cycle:p1.1', 'cycle:p1.2', 'none'), { maxLength: 2 }),
  milestoneIds: fc.uniqueArray(fc.constantFrom('milestone:m1', 'milestone:m2', 'none'), {
    maxLength: 2,
  }),
  relations: fc.uniqueArray(fc.constantFrom(...RELATION_FILTERS), { maxLength: 2 }),
  text: fc.constantFrom('', 'issue', 'eng-1', 'a', 'ISSUE 2'),
});
// Issues 1-9 by number: some blocked, some blocking, one both.
const blocks: IssueBlockSets = {
  blocked: new Set(['issue:i1', 'issue:i3', 'issue:i5']),
  blocking: new Set(['issue:i2', 'issue:i5']),
};
const viewArb: fc.Arbitrary<ViewQuery> = fc.record({
  filter: filterArb,
  groupBy: fc.constantFrom(...GROUP_BY),
  sortBy: fc.constantFrom(...SORT_BY),
});

function matches(i: IssueDoc, f: IssueFilter): boolean {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${keyOf(i)} ${i.title}`.toLowerCase();
  return (
    (f.stateIds.length === 0 || f.stateIds.includes(i.stateId)) &&
    (f.priorities.length === 0 || f.priorities.includes(i.priority)) &&
    (f.assigneeIds.length === 0 || f.assigneeIds.includes(i.assigneeId ?? 'none')) &&
    (f.labelIds.length === 0 || i.labelIds.some((l) => f.labelIds.includes(l))) &&
    (f.projectIds.length === 0 || f.projectIds.includes(i.projectId)) &&
    (f.cycleIds.length === 0 || f.cycleIds.includes(i.cycleId ?? 'none')) &&
    (f.milestoneIds.length === 0 || f.milestoneIds.includes(i.milestoneId ?? 'none')) &&
    (f.relations.length === 0 || f.relations.some((r) => blocks[r].has(i._id))) &&
    words.every((w) => text.includes(w))
  );
}

describe('view query in the URL', () => {
  it('round-trips every view', () => {
    fc.assert(
      fc.property(viewArb, (view) => {
        const parsed = parseViewQuery(serializeViewQuery(view).toString());
        expect(parsed).toEqual({
          ...view,
          filter: { ...view.filter, priorities: [...view.filter.priorities] },
        });
      }),
    );
  });

  it('leaves defaults out of the link', () => {
    expect(serializeViewQuery(DEFAULT_VIEW).toString()).toBe('');
    expect(parseViewQuery('')).toEqual(DEFAULT_VIEW);
  });

  it('drops unknown and malformed values instead of failing', () => {
    const view = parseViewQuery('group=colour&sort=random&priority=9,2,x&state=todo,<b>&q=fix');
    expect(view.groupBy).toBe('state');
    expect(view.sortBy).toBe('manual');
    expect(view.filter.priorities).toEqual([2]);
    expect(view.filter.stateIds).toEqual(['todo']);
    expect(view.filter.text).toBe('fix');
  });

  it('never throws on any query string', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseViewQuery(s)));
  });
});

describe('filterIssues', () => {
  it('keeps exactly the matching issues, in input order', () => {
    fc.assert(
      fc.property(issuesArb, filterArb, (issues, filter) => {
        const result = filterIssues(issues, filter, keyOf, blocks);
        expect(result).toEqual(issues.filter((i) => matches(i, filter)));
      }),
    );
  });

  it('counts an issue naming a deleted milestone as in none, given the live milestones', () => {
    const issues = [
      issue(1, { milestoneId: 'milestone:m1' }),
      issue(2, { milestoneId: 'milestone:gone' }),
      issue(3, { milestoneId: null }),
    ];
    const live = new Set(['milestone:m1']);
    const only = (ids: string[]) =>
      filterIssues(issues, { ...EMPTY_FILTER, milestoneIds: ids }, keyOf, blocks, live).map(
        (i) => i.number,
      );
    expect(only([NO_MILESTONE])).toEqual([2, 3]);
    expect(only(['milestone:m1'])).toEqual([1]);
    expect(only(['milestone:gone'])).toEqual([]);
  });

  it('returns the same array for an empty filter, so nothing downstream recomputes', () => {
    const issues = [issue(1), issue(2)];
    expect(filterIssues(issues, EMPTY_FILTER, keyOf)).toBe(issues);
  });

  it('matches the key and every typed word, ignoring case', () => {
    const issues = [issue(1, { title: 'Crash on save' }), issue(12, { title: 'Save button' })];
    expect(filterIssues(issues, { ...EMPTY_FILTER, text: 'SAVE crash' }, keyOf)).toEqual([
      issues[0],
    ]);
    expect(filterIssues(issues, { ...EMPTY_FILTER, text: 'eng-12' }, keyOf)).toEqual([issues[1]]);
  });

  it('finds blocked and blocking issues from the relation sets, none without them', () => {
    const issues = [issue(1), issue(2), issue(4), issue(5)];
    const only = (relations: IssueFilter['relations']) =>
      filterIssues(issues, { ...EMPTY_FILTER, relations }, keyOf, blocks).map((i) => i.number);
    expect(only(['blocked'])).toEqual([1, 5]);
    expect(only(['blocking'])).toEqual([2, 5]);
    expect(only(['blocked', 'blocking'])).toEqual([1, 2, 5]);
    expect(filterIssues(issues, { ...EMPTY_FILTER, relations: ['blocked'] }, keyOf)).toEqual([]);
    expect(parseViewQuery('relation=blocked,follows').filter.relations).toEqual(['blocked']);
  });

  it('"none" finds unassigned issues', () => {
    const issues = [issue(1), issue(2, { assigneeId: 'u1' })];
    expect(filterIssues(issues, { ...EMPTY_FILTER, assigneeIds: ['none'] }, keyOf)).toEqual([
      issues[0],
    ]);
  });
});

describe('sortIssues', () => {
  it('is a permutation in comparator order, and stable under re-sorting', () => {
    fc.assert(
      fc.property(issuesArb, fc.constantFrom(...SORT_BY), (issues, sortBy) => {
        const sorted = sortIssues(issues, sortBy);
        expect(new Set(sorted)).toEqual(new Set(issues));
        const compare = compareIssues(sortBy);
        for (let i = 1; i < sorted.length; i++)
          expect(compare(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
        expect(sortIssues([...issues].reverse(), sortBy)).toEqual(sorted);
      }),
    );
  });

  it('puts urgent first and no priority last; undated issues after dated ones', () => {
    const issues = [
      issue(1, { priority: 0 }),
      issue(2, { priority: 4 }),
      issue(3, { priority: 1 }),
    ];
    expect(sortIssues(issues, 'priority').map((i) => i.priority)).toEqual([1, 4, 0]);
    const dated = [
      issue(1),
      issue(2, { dueDate: '2026-05-01' }),
      issue(3, { dueDate: '2026-04-01' }),
    ];
    expect(sortIssues(dated, 'dueDate').map((i) => i.number)).toEqual([3, 2, 1]);
  });
});

describe('groupIssues', () => {
  it('places every issue once (labels: once per label) and keeps input order in groups', () => {
    fc.assert(
      fc.property(issuesArb, fc.constantFrom(...GROUP_BY), (issues, groupBy) => {
        const groups = groupIssues(issues, groupBy, ctx);
        expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
        const expectedCount = issues.reduce(
          (n, i) => n + (groupBy === 'label' ? Math.max(1, i.labelIds.length) : 1),
          0,
        );
        expect(groups.reduce((n, g) => n + g.issues.length, 0)).toBe(expectedCount);
        for (const group of groups) {
          expect(group.issues.length).toBeGreaterThan(0);
          const positions = group.issues.map((i) => issues.indexOf(i));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        }
      }),
    );
  });

  it('groups by cycle, earliest first, named with the project’s key; no cycle last', () => {
    const cycleOf = (number: number, startsOn: string, endsOn: string): CycleDoc => ({
      _id: `cycle:p1.${number}`,
      type: 'cycle',
      projectId: 'project:p1',
      number,
      name: '',
      startsOn,
      endsOn,
      completedAt: null,
      createdAt: FIXTURE_TIME,
      updatedAt: FIXTURE_TIME,
    });
    const cycles = new Map(
      [cycleOf(2, '2026-12-07', '2026-12-20'), cycleOf(1, '2026-11-23', '2026-12-06')].map((c) => [
        c._id,
        c,
      ]),
    );
    const issues = [
      issue(1, { cycleId: 'cycle:p1.2' }),
      issue(2),
      issue(3, { cycleId: 'cycle:p1.1' }),
    ];
    expect(groupIssues(issues, 'cycle', { ...ctx, cycles }).map((g) => g.title)).toEqual([
      'ENG · Cycle 1',
      'ENG · Cycle 2',
      'No cycle',
    ]);
  });

  it('groups by milestone, each project’s in their order, named with its key; none last', () => {
    const milestoneOf = (tail: string, name: string, sortOrder: string): MilestoneDoc => ({
      _id: `milestone:${tail}`,
      type: 'milestone',
      projectId: 'project:p1',
      name,
      targetOn: null,
      sortOrder,
      createdAt: FIXTURE_TIME,
      updatedAt: FIXTURE_TIME,
    });
    const milestones = new Map(
      [milestoneOf('b', 'Launch', 'a1'), milestoneOf('a', 'Beta', 'a0')].map((m) => [m._id, m]),
    );
    const issues = [
      issue(1, { milestoneId: 'milestone:b' }),
      issue(2),
      issue(3, { milestoneId: 'milestone:a' }),
      // In a milestone deleted since: none.
      issue(4, { milestoneId: 'milestone:gone' }),
    ];
    const groups = groupIssues(issues, 'milestone', { ...ctx, milestones });
    expect(groups.map((g) => [g.title, g.issues.map((i) => i.number)])).toEqual([
      ['ENG · Beta', [3]],
      ['ENG · Launch', [1]],
      ['No milestone', [2, 4]],
    ]);
  });

  it('orders states by workflow, priorities urgent first, "none" groups last', () => {
    const issues = [
      issue(1, { stateId: 'done', priority: 0, assigneeId: 'u2' }),
      issue(2, { stateId: 'backlog', priority: 3 }),
      issue(3, { stateId: 'in-progress', priority: 1, assigneeId: 'u1', labelIds: ['label:ui'] }),
    ];
    expect(groupIssues(issues, 'state', ctx).map((g) => g.title)).toEqual([
      'Backlog',
      'In Progress',
      'Done',
    ]);
    expect(groupIssues(issues, 'priority', ctx).map((g) => g.title)).toEqual([
      'Urgent',
      'Medium',
      'No priority',
    ]);
    expect(groupIssues(issues, 'assignee', ctx).map((g) => g.title)).toEqual([
      'Ada',
      'Grace',
      'No assignee',
    ]);
    expect(groupIssues(issues, 'label', ctx).map((g) => g.title)).toEqual(['UI', 'No label']);
    expect(groupIssues(issues, 'none', ctx)).toHaveLength(1);
  });
});

describe('speed at 10,000 issues (SPEC §9)', () => {
  it('a filter keystroke over the sorted list takes well under a frame', () => {
    const words = ['crash', 'save', 'login', 'board', 'export', 'sync', 'label', 'offline'];
    const issues = Array.from({ length: 10_000 }, (_, n) =>
      issue(n + 1, {
        title: `${words[n % 8]} ${words[(n * 7) % 8]} issue ${n}`,
        priority: n % 5,
        stateId: DEFAULT_STATES[n % 6]!.id,
        assigneeId: n % 3 ? 'u1' : null,
        sortOrder: `a${n.toString(36)}`,
      }),
    );
    const sorted = sortIssues(issues, 'priority');
    const timings: number[] = [];
    for (const text of ['c', 'cr', 'cra', 'cras', 'crash', 'crash s', 'crash sa', 'crash save']) {
      const start = performance.now();
      filterIssues(sorted, { ...EMPTY_FILTER, text, priorities: [1, 2] }, keyOf);
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    // The median; the first keystroke also folds every issue's text once and is the slowest.
    expect(timings[timings.length / 2]!).toBeLessThan(16);
  });
});
