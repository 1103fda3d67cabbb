import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IssueDoc } from './documents.ts';
import { filterGroups, narrows } from './filter-groups.ts';
import { groupIssues } from './issue-grouping.ts';
import { EMPTY_FILTER, filterIssues, GROUP_BY, type IssueFilter } from './issue-query.ts';
import { testIssue, testProject } from './test-fixtures.ts';
import { DEFAULT_STATES } from './workflow.ts';

const project = testProject({ _id: 'project:p1' });
const ctx = { projects: new Map([[project._id, project]]), members: new Map(), labels: new Map() };
const keyOf = (i: IssueDoc) => `ENG-${i.number}`;

const issuesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 40 })
  .chain((numbers) =>
    fc.tuple(
      ...numbers.map((number) =>
        fc
          .record({
            title: fc.constantFrom('Crash on login', 'Login page slow', 'Dark mode', 'Export CSV'),
            stateId: fc.constantFrom(...DEFAULT_STATES.map((s) => s.id)),
            priority: fc.integer({ min: 0, max: 4 }),
            labelIds: fc.uniqueArray(fc.constantFrom('label:bug', 'label:ui'), { maxLength: 2 }),
          })
          .map((over) =>
            testIssue({ ...over, _id: `issue:${number}`, number, projectId: project._id }),
          ),
      ),
    ),
  );

// Issues by number: a third blocked, a fifth blocking.
const blocks = {
  blocked: new Set(
    Array.from({ length: 400 }, (_, i) => `issue:${i}`).filter((_, i) => i % 3 === 0),
  ),
  blocking: new Set(
    Array.from({ length: 400 }, (_, i) => `issue:${i}`).filter((_, i) => i % 5 === 0),
  ),
};

const textArb = fc.constantFrom('', 'l', 'lo', 'log', 'login', 'login s', 'eng-1', 'mode', 'x');
const filterArb: fc.Arbitrary<IssueFilter> = fc
  .record({
    text: textArb,
    priorities: fc.constantFrom([], [1], [1, 2]),
    labelIds: fc.constantFrom([], ['label:bug']),
    relations: fc.constantFrom([], ['blocked' as const], ['blocked' as const, 'blocking' as const]),
  })
  .map((parts) => ({ ...EMPTY_FILTER, ...parts }));

describe('filterGroups', () => {
  it('shows the same groups and count as filtering first and grouping after', () => {
    fc.assert(
      fc.property(issuesArb, filterArb, fc.constantFrom(...GROUP_BY), (issues, filter, by) => {
        const filtered = filterIssues(issues, filter, keyOf, blocks);
        const expected = groupIssues(filtered, by, ctx);
        const result = filterGroups(groupIssues(issues, by, ctx), filter, keyOf, null, blocks);
        expect(result.groups.map((g) => [g.key, g.issues.map((i) => i._id)])).toEqual(
          expected.map((g) => [g.key, g.issues.map((i) => i._id)]),
        );
        expect(result.count).toBe(filtered.length);
      }),
    );
  });

  it('gives the same result from the previous keystroke as from scratch', () => {
    fc.assert(
      fc.property(
        issuesArb,
        filterArb,
        filterArb,
        fc.constantFrom(...GROUP_BY),
        (issues, a, b, by) => {
          const source = groupIssues(issues, by, ctx);
          const previous = filterGroups(source, a, keyOf, null, blocks);
          const fromPrevious = filterGroups(source, b, keyOf, previous, blocks);
          const fromScratch = filterGroups(source, b, keyOf, null, blocks);
          expect(fromPrevious.groups).toEqual(fromScratch.groups);
          expect(fromPrevious.count).toBe(fromScratch.count);
        },
      ),
    );
  });

  it('starts again from everything when the relations changed', () => {
    const one = testIssue({ _id: 'issue:1', number: 1, title: 'Login', projectId: project._id });
    const two = testIssue({ _id: 'issue:2', number: 2, title: 'Logout', projectId: project._id });
    const source = groupIssues([one, two], 'none', ctx);
    const filter = { ...EMPTY_FILTER, relations: ['blocked' as const] };
    const before = { blocked: new Set(['issue:1']), blocking: new Set<string>() };
    const previous = filterGroups(source, filter, keyOf, null, before);
    expect(previous.count).toBe(1);
    const after = { blocked: new Set(['issue:1', 'issue:2']), blocking: new Set<string>() };
    expect(filterGroups(source, filter, keyOf, previous, after).count).toBe(2);
  });

  it('starts again from everything when the groups themselves changed', () => {
    const one = testIssue({ _id: 'issue:1', number: 1, title: 'Login', projectId: project._id });
    const two = testIssue({ _id: 'issue:2', number: 2, title: 'Logout', projectId: project._id });
    const before = groupIssues([one], 'none', ctx);
    const previous = filterGroups(before, { ...EMPTY_FILTER, text: 'log' }, keyOf);
    const after = groupIssues([one, two], 'none', ctx);
    const next = filterGroups(after, { ...EMPTY_FILTER, text: 'logo' }, keyOf, previous);
    expect(next.groups[0]!.issues.map((i) => i._id)).toEqual(['issue:2']);
  });
});

describe('narrows', () => {
  const text = (t: string): IssueFilter => ({ ...EMPTY_FILTER, text: t });
  it('holds for more letters or more words, not for fewer or other ones', () => {
    expect(narrows(text('log'), text('logi'))).toBe(true);
    expect(narrows(text('log'), text('log in'))).toBe(true);
    expect(narrows(text(''), text('a'))).toBe(true);
    expect(narrows(text('login'), text('logi'))).toBe(false);
    expect(narrows(text('log'), text('lug'))).toBe(false);
    expect(narrows(text('log in'), text('login'))).toBe(true);
  });

  it('never holds when a choice changed', () => {
    expect(narrows(text('a'), { ...text('a'), priorities: [1] })).toBe(false);
    expect(narrows({ ...text('a'), labelIds: ['label:x'] }, text('ab'))).toBe(false);
  });
});
