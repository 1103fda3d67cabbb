import { formatMention, parseMentions } from '@keel/domain';

/**
 * The comment box shows a mention as `@Name`, while the comment stores `@[Name](user:id)`
 * (packages/domain/src/mentions.ts). This is the mapping between the two: the text as shown,
 * and where in it each mention is. A mention only exists while its place still reads exactly
 * `@Name`; an edit inside it turns it back into plain text.
 */
export interface ShownMention {
  /** Where `@Name` starts and ends (exclusive) in the shown text. */
  start: number;
  end: number;
  name: string;
  userId: string;
}

export interface MentionText {
  text: string;
  mentions: readonly ShownMention[];
}

export const EMPTY_MENTION_TEXT: MentionText = { text: '', mentions: [] };

/** Names chosen in this box (or found in the text it started with), name → user id. */
export type KnownMentions = ReadonlyMap<string, string>;

/** The name a mention is shown and stored under (what formatMention keeps of it). */
export function mentionName(name: string, userId: string): string {
  return parseMentions(formatMention(name, userId))[0]?.name ?? name;
}

/** A stored text as the box shows it. */
export function fromStored(stored: string): MentionText {
  let text = '';
  let at = 0;
  const mentions: ShownMention[] = [];
  for (const m of parseMentions(stored)) {
    text += stored.slice(at, m.index);
    const shown = `@${m.name}`;
    mentions.push({
      start: text.length,
      end: text.length + shown.length,
      name: m.name,
      userId: m.userId,
    });
    text += shown;
    at = m.index + m.length;
  }
  return { text: text + stored.slice(at), mentions };
}

/** The shown text as it is stored. */
export function toStored({ text, mentions }: MentionText): string {
  let stored = '';
  let at = 0;
  for (const m of mentions) {
    stored += text.slice(at, m.start) + formatMention(m.name, m.userId);
    at = m.end;
  }
  return stored + text.slice(at);
}

/** The mention that starts at `start`, if one does. */
export function mentionStartingAt(value: MentionText, start: number): ShownMention | undefined {
  return value.mentions.find((m) => m.start === start);
}

/**
 * The box's text changed (typing, a paste, a cut, the browser's undo or redo) to `next`, with the
 * caret now at `caret`: where did the mentions go? The change is the span between the common
 * start and end of the two texts (the caret settles which, when a letter is repeated). Mentions
 * before it stay, after it they move, inside it they become plain text. Text that arrives whole
 * and reads `@Name` for a name chosen in this box becomes a mention again: a redo of a choice,
 * or a mention cut and pasted elsewhere.
 */
export function applyTextChange(
  previous: MentionText,
  next: string,
  caret: number,
  known: KnownMentions,
): MentionText {
  const old = previous.text;
  if (old === next) return previous;
  const delta = next.length - old.length;
  const prefixLimit = Math.min(old.length, next.length, Math.max(0, caret - Math.max(0, delta)));
  let from = 0;
  while (from < prefixLimit && old[from] === next[from]) from++;
  let suffix = 0;
  while (
    suffix < old.length - from &&
    suffix < next.length - from &&
    old[old.length - 1 - suffix] === next[next.length - 1 - suffix]
  )
    suffix++;
  const oldEnd = old.length - suffix;
  const newEnd = next.length - suffix;

  const mentions: ShownMention[] = [];
  for (const m of previous.mentions) {
    if (m.end <= from) mentions.push(m);
    else if (m.start >= oldEnd) mentions.push({ ...m, start: m.start + delta, end: m.end + delta });
  }
  // A whole paste or redo can hold mentions; one typed letter cannot complete one.
  if (newEnd - from > 1)
    for (const found of knownMentionsAround(next, from, newEnd, known))
      if (!mentions.some((m) => m.start < found.end && found.start < m.end)) mentions.push(found);
  return {
    text: next,
    mentions: mentions
      .filter((m) => next.slice(m.start, m.end) === `@${m.name}`)
      .sort((a, b) => a.start - b.start),
  };
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * `@Name` of a known name that takes in some of next[from, to): at the start of a word and
 * ending one. A redo can bring back the name without its `@` ("@A" → "@Ada Lovelace").
 */
function knownMentionsAround(next: string, from: number, to: number, known: KnownMentions) {
  const found: ShownMention[] = [];
  // Longest first, so "@Ada Lovelace" is not taken for "@Ada".
  const names = [...known.keys()].sort((a, b) => b.length - a.length);
  const earliest = Math.max(0, from - 1 - (names[0]?.length ?? 0));
  for (let at = next.indexOf('@', earliest); at >= 0 && at < to; at = next.indexOf('@', at + 1)) {
    if (at > 0 && !/\s/.test(next[at - 1]!)) continue;
    const name = names.find((n) => {
      const end = at + 1 + n.length;
      return end > from && next.startsWith(n, at + 1) && !WORD.test(next[end] ?? '');
    });
    if (name === undefined) continue;
    const end = at + 1 + name.length;
    found.push({ start: at, end, name, userId: known.get(name)! });
    at = end - 1;
  }
  return found;
}
