import type { IssueDoc } from './documents.ts';
import { issueSearchText, type IssueKeyOf } from './issue-query.ts';

/**
 * The search texts of a list of issues (key and folded title, `issueSearchText`) joined into one
 * string, so a text filter finds its matches with the engine's own substring search over the
 * whole list instead of a lookup and a check per issue: a filter keystroke over 10,000 issues
 * is then a scan of one string plus work for the issues that match.
 */
export interface TextIndex {
  text: string;
  /** Where each issue's text starts; one more entry than issues, as if a text followed. */
  starts: Int32Array;
}

// Between two issues' texts. Words are folded typed text, which never holds it (the filter's
// words are checked), so no match can run from one issue's text into the next.
const SEPARATOR = '\u0000';

// Lists of issues never change once made (a change makes a new list), so each is indexed once.
const indexes = new WeakMap<readonly IssueDoc[], TextIndex>();

export function textIndexOf(issues: readonly IssueDoc[], keyOf: IssueKeyOf): TextIndex {
  let index = indexes.get(issues);
  if (!index) {
    const texts = issues.map((issue) => issueSearchText(issue, keyOf));
    const starts = new Int32Array(texts.length + 1);
    let at = 0;
    texts.forEach((text, i) => {
      starts[i] = at;
      at += text.length + SEPARATOR.length;
    });
    starts[texts.length] = at;
    index = { text: texts.join(SEPARATOR), starts };
    indexes.set(issues, index);
  }
  return index;
}

/**
 * The positions, in order, of the issues whose text contains every one of `words` (non-empty,
 * already folded). The longest word is searched for across the whole text, since it matches
 * least; the others only inside the issues it found.
 */
export function issuesWithWords(index: TextIndex, words: readonly string[]): number[] {
  if (words.some((word) => word.includes(SEPARATOR))) return [];
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
  if (first === undefined) return [];
  const { text, starts } = index;
  const count = starts.length - 1;
  const found: number[] = [];
  let issue = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(first, from);
    if (at < 0) break;
    while (starts[issue + 1]! <= at) issue++;
    const end = starts[issue + 1]! - SEPARATOR.length;
    if (rest.length === 0 || hasAll(text.slice(starts[issue]!, end), rest)) found.push(issue);
    if (++issue >= count) break;
    from = starts[issue]!;
  }
  return found;
}

function hasAll(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}
