import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IssueDoc } from './documents.ts';
import { filterWords, issueSearchText } from './issue-query.ts';
import { issuesWithWords, textIndexOf } from './text-index.ts';
import { testIssue } from './test-fixtures.ts';

const keyOf = (i: IssueDoc) => `ENG-${i.number}`;
const titled = (titles: string[]) =>
  titles.map((title, n) => testIssue({ _id: `issue:${n}`, number: n + 1, title }));

describe('issuesWithWords', () => {
  it('finds the issues holding every word, each once, in order', () => {
    const issues = titled(['Login crash', 'Crash on save', 'Dark mode', 'crash crash login']);
    const index = textIndexOf(issues, keyOf);
    expect(issuesWithWords(index, ['crash'])).toEqual([0, 1, 3]);
    expect(issuesWithWords(index, ['crash', 'login'])).toEqual([0, 3]);
    expect(issuesWithWords(index, ['eng-3'])).toEqual([2]);
    expect(issuesWithWords(index, ['nothing'])).toEqual([]);
  });

  it('never matches across two issues', () => {
    const issues = titled(['ends in ab', 'cd starts']);
    const index = textIndexOf(issues, keyOf);
    // "ab" closes the first text and "eng-2" opens the second: nothing spans the gap.
    expect(issuesWithWords(index, ['abeng'])).toEqual([]);
    expect(issuesWithWords(index, ['ab eng'.replace(' ', '\u0000')])).toEqual([]);
    expect(issuesWithWords(index, ['ab'])).toEqual([0]);
  });

  it('agrees with checking each issue on its own', () => {
    const word = fc.stringMatching(/^[a-c1-3 -]{1,4}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 30 }),
        fc.array(word, { maxLength: 3 }),
        (titles, typed) => {
          const words = filterWords(typed.join(' '));
          fc.pre(words.length > 0);
          const issues = titled(titles);
          const expected = issues.flatMap((issue, at) => {
            const text = issueSearchText(issue, keyOf);
            return words.every((w) => text.includes(w)) ? [at] : [];
          });
          expect(issuesWithWords(textIndexOf(issues, keyOf), words)).toEqual(expected);
        },
      ),
    );
  });

  it('indexes a list once', () => {
    const issues = titled(['One']);
    expect(textIndexOf(issues, keyOf)).toBe(textIndexOf(issues, keyOf));
    expect(textIndexOf([...issues], keyOf)).not.toBe(textIndexOf(issues, keyOf));
  });
});
