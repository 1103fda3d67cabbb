import { diff3Merge } from 'node-diff3';

/**
 * Three-way merge of one text edited on two devices from a common version (issue title,
 * description, comment body): what each side changed of the base is kept, so edits to
 * different parts of a description both survive. Lines are merged first (node-diff3); where
 * both sides changed the same lines, their words are merged; where both changed the same words,
 * the merge gives up (`null`) and the caller keeps one side whole and the other as a conflict
 * entry, so nothing typed is lost either way.
 *
 * Text added by both sides at the same place (nothing of the base replaced) keeps both, `a`
 * first: two people appending a paragraph each is not a conflict. The caller passes the earlier
 * edit as `a`, so the result is the same whoever merges.
 */
export function mergeText(base: string, a: string, b: string): string | null {
  if (a === b) return a;
  if (a === base) return b;
  if (b === base) return a;
  // A text of one line (a title) stays on one line when two additions are kept side by side.
  const level = /\n/.test(base + a + b) ? LINES : { ...LINES, separator: ' ' };
  return mergeSequences(lines(a), lines(base), lines(b), level, (ra, ro, rb) =>
    mergeSequences(
      tokens(ra.join('')),
      tokens(ro.join('')),
      tokens(rb.join('')),
      WORDS,
      () => null,
    ),
  );
}

// node-diff3's longest common subsequence grows with the number of equal pairs of items, so
// words carry the white space before them (a lone space, the commonest item, would pair with
// every other): about 40 ms for 2,000 words a side. Past these sizes on any side (after the
// common start and end are set aside) the region counts as changed on both sides.
const LINES = { max: 3_000, separator: '\n' };
const WORDS = { max: 3_000, separator: ' ' };

/** Two insertions at one place, kept apart by white space when neither brings its own. */
function both(a: string, b: string, separator: string): string {
  if (!a || !b || /\s$/.test(a) || /^\s/.test(b)) return a + b;
  return a + separator + b;
}

type Resolve = (a: string[], o: string[], b: string[]) => string | null;

function mergeSequences(
  a: string[],
  o: string[],
  b: string[],
  level: { max: number; separator: string },
  resolve: Resolve,
): string | null {
  const head = commonPrefix(a, o, b);
  const tail = commonSuffix(a, o, b, head);
  const middle = (s: string[]) => s.slice(head, s.length - tail);
  const [ma, mo, mb] = [middle(a), middle(o), middle(b)];
  const out: string[] = [o.slice(0, head).join('')];
  if (Math.max(ma.length, mo.length, mb.length) > level.max) {
    const whole = mo.length === 0 ? both(ma.join(''), mb.join(''), level.separator) : null;
    if (whole === null) return null;
    out.push(whole);
  } else {
    for (const region of diff3Merge(ma, mo, mb)) {
      if (region.ok) {
        out.push(region.ok.join(''));
        continue;
      }
      const { a: ra, o: ro, b: rb } = region.conflict!;
      // Both inserted here and neither replaced anything: keep both.
      const merged =
        ro.length === 0 ? both(ra.join(''), rb.join(''), level.separator) : resolve(ra, ro, rb);
      if (merged === null) return null;
      out.push(merged);
    }
  }
  out.push(o.slice(o.length - tail).join(''));
  return out.join('');
}

function commonPrefix(a: string[], o: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < o.length && i < b.length && a[i] === o[i] && b[i] === o[i]) i++;
  return i;
}

function commonSuffix(a: string[], o: string[], b: string[], head: number): number {
  let i = 0;
  const room = Math.min(a.length, o.length, b.length) - head;
  while (
    i < room &&
    a[a.length - 1 - i] === o[o.length - 1 - i] &&
    b[b.length - 1 - i] === o[o.length - 1 - i]
  )
    i++;
  return i;
}

/** Lines with their line break, so joining them gives the text back exactly. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Words and each other character, with the white space before them (so text added after the
 * last word leaves that word alone); white space at the end on its own.
 */
function tokens(text: string): string[] {
  return text.match(/\s*[\p{L}\p{N}\p{M}_]+|\s*[^\s\p{L}\p{N}\p{M}_]|\s+$/gu) ?? [];
}
