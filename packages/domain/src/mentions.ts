/**
 * `@` mentions inside Markdown comments. A mention is stored as `@[Name](user:ID)` so the name
 * reads well in raw text and the id survives renames; the inbox and renderer find them here.
 */
const MENTION = /@\[([^[\]\n]{1,200})\]\(user:([A-Za-z0-9_-]{1,64})\)/g;

export interface Mention {
  name: string;
  userId: string;
  index: number;
  length: number;
}

export function formatMention(name: string, userId: string): string {
  const safe = name.replace(/[[\]\n]/g, ' ').trim() || 'member';
  return `@[${safe}](user:${userId})`;
}

export function parseMentions(text: string): Mention[] {
  return [...text.matchAll(MENTION)].map((m) => ({
    name: m[1]!,
    userId: m[2]!,
    index: m.index,
    length: m[0].length,
  }));
}

const MENTION_AT_START = new RegExp(`^${MENTION.source}`);

/** The mention `text` starts with, if it starts with one (for Markdown's inline tokenizer). */
export function mentionAtStart(text: string): Mention | null {
  const m = MENTION_AT_START.exec(text);
  return m ? { name: m[1]!, userId: m[2]!, index: 0, length: m[0].length } : null;
}

/** Distinct user ids mentioned, in order of first mention. */
export function mentionedUserIds(text: string): string[] {
  return [...new Set(parseMentions(text).map((m) => m.userId))];
}

/**
 * The `@query` being typed just before the caret, if any: `@` at the start or after whitespace,
 * followed by up to 40 characters without a line break or another `@`.
 */
export function activeMentionQuery(
  text: string,
  caret: number,
): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(before);
  if (!m) return null;
  return { query: m[2]!, start: caret - m[2]!.length - 1 };
}
