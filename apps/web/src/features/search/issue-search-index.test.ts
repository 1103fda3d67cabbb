import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { IssueSearchIndex } from './issue-search-index.ts';
import { testComment } from './test-docs.ts';

const projects = [testProject(), testProject({ _id: 'project:p2', key: 'OPS', name: 'Ops' })];

function built(issues = ISSUES, comments = COMMENTS) {
  const index = new IssueSearchIndex();
  index.update(issues, comments, projects);
  expect(index.work(Infinity)).toBe(true);
  return index;
}

const ISSUES = [
  testIssue({
    number: 1,
    title: 'Login page is slow',
    description: 'Measure the **database** query',
  }),
  testIssue({ number: 2, title: 'Database migration', description: 'Add an index' }),
  testIssue({ number: 3, title: 'Dark mode', description: 'Colours on the login form look off' }),
  testIssue({ number: 12, title: 'Release notes', description: '' }),
  testIssue({
    _id: 'issue:o1',
    projectId: 'project:p2',
    number: 1,
    title: 'Rotate certificates',
    description: '',
  }),
];
const COMMENTS = [testComment('c1', 'issue:i12', 'Blocked on the flamingo rollout, see thread')];

const keys = (hits: { issue: { _id: string } }[]) => hits.map((h) => h.issue._id);

describe('IssueSearchIndex', () => {
  it('finds an issue by its exact key first, whatever the case', () => {
    const index = built();
    expect(keys(index.search('ENG-12'))[0]).toBe('issue:i12');
    expect(index.search('eng-12')[0]).toMatchObject({ field: 'key' });
    expect(keys(index.search('OPS-1'))[0]).toBe('issue:o1');
    expect(index.search('ENG-99').some((h) => h.field === 'key')).toBe(false);
  });

  it('ranks title matches above description matches', () => {
    const hits = built().search('login');
    expect(keys(hits)).toEqual(['issue:i1', 'issue:i3']);
    expect(hits.map((h) => h.field)).toEqual(['title', 'description']);
    expect(hits[1]!.snippet?.text).toContain('login form');
  });

  it('finds a word that only appears in a comment, with a snippet around it', () => {
    const [hit, ...rest] = built().search('flamingo');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ field: 'comment', issue: { _id: 'issue:i12' } });
    const { text, marks } = hit!.snippet!;
    expect(marks.map(([a, b]) => text.slice(a, b))).toEqual(['flamingo']);
  });

  it('finds an issue whose words are spread over its title and a comment, after one-place matches', () => {
    const [hit, ...rest] = built().search('release flamingo');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ field: 'comment', issue: { _id: 'issue:i12' } });
    expect(hit!.snippet?.text).toContain('flamingo');
    // Both words in one place still come first; a word found nowhere finds nothing.
    const comments = [...COMMENTS, testComment('c2', 'issue:i2', 'The login screen needs this')];
    expect(keys(built(ISSUES, comments).search('login database'))).toEqual([
      'issue:i1',
      'issue:i2',
    ]);
    expect(built().search('release zebra')).toEqual([]);
  });

  it('matches as you type (prefixes) and with a typo in longer words', () => {
    const index = built();
    expect(keys(index.search('datab'))).toEqual(['issue:i2', 'issue:i1']);
    expect(keys(index.search('certifcates'))).toEqual(['issue:o1']);
    expect(keys(index.search('dark mo'))).toEqual(['issue:i3']);
  });

  it('finds nothing for blank queries or unknown words', () => {
    const index = built();
    expect(index.search('   ')).toEqual([]);
    expect(index.search('zyzzyva')).toEqual([]);
  });

  it('follows changes incrementally: edits, new documents and deletions', () => {
    const index = built();
    const renamed = { ...ISSUES[1]!, title: 'Schema upgrade', _rev: '2-x' };
    const comments = [...COMMENTS, testComment('c2', 'issue:i2', 'Talked to the penguin team')];
    index.update([ISSUES[0]!, renamed, ...ISSUES.slice(2)], comments, projects);
    expect(index.pending).toBe(2);
    index.work(Infinity);
    expect(keys(index.search('schema'))).toEqual(['issue:i2']);
    expect(keys(index.search('migration'))).toEqual([]);
    expect(keys(index.search('penguin'))).toEqual(['issue:i2']);

    // ENG-12 deleted: its key and its comment stop matching.
    const remaining = [ISSUES[0]!, renamed, ISSUES[2]!, ISSUES[4]!];
    index.update(remaining, comments, projects);
    index.work(Infinity);
    expect(index.search('ENG-12')).toEqual([]);
    expect(index.search('flamingo')).toEqual([]);
  });

  it('does no work when nothing changed', () => {
    const index = built();
    index.update([...ISSUES], [...COMMENTS], projects);
    expect(index.pending).toBe(0);
  });

  it('indexes in slices within the budget, issues before comments', () => {
    const index = new IssueSearchIndex();
    const comments = Array.from({ length: 300 }, (_, i) =>
      testComment(`k${i}`, 'issue:i1', `note ${i} about walrus`),
    );
    index.update(ISSUES, comments, projects);
    let clock = 0;
    // Each call to the clock advances it by 1 ms: the budget of 0 stops at the first check.
    expect(index.work(0, () => clock++)).toBe(false);
    expect(index.pending).toBeGreaterThan(0);
    expect(index.pending).toBeLessThan(305);
    expect(keys(index.search('rotate'))).toEqual(['issue:o1']);
    while (!index.work(5)) {
      /* keep slicing */
    }
    expect(keys(index.search('walrus'))).toEqual(['issue:i1']);
  });
});
