/** A piece of text to show under a search result, with the matched words marked. */
export interface Snippet {
  text: string;
  /** [start, end) offsets in `text` to highlight. */
  marks: readonly (readonly [number, number])[];
}

/** Markdown punctuation that reads as noise in a one-line excerpt. */
const MARKUP = /\]\([^)]*\)|[*_`#>~[\]|!]+/g;

export function plainText(markdown: string): string {
  return markdown.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The part of `text` around the first word starting with one of `terms` (as the index stores
 * them: lower case), `radius` characters each side, cut at word boundaries.
 */
export function snippetAround(markdown: string, terms: readonly string[], radius = 48): Snippet {
  const text = plainText(markdown);
  const words = terms.filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return { text: text.slice(0, radius * 2), marks: [] };
  // A term starts a word: after the start or a character that is not a letter or digit.
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${words.join('|')})`, 'giu');
  const first = pattern.exec(text);
  if (!first) return { text: text.slice(0, radius * 2), marks: [] };
  const at = first.index + first[1]!.length;

  let start = Math.max(0, at - radius);
  let end = Math.min(text.length, at + first[2]!.length + radius);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const body = text.slice(start, end);

  const marks: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(body); m; m = pattern.exec(body)) {
    const from = m.index + m[1]!.length + prefix.length;
    marks.push([from, from + m[2]!.length]);
  }
  return { text: prefix + body + suffix, marks };
}
