import { Marked } from 'marked';
import { mentionAtStart } from '@keel/domain';

/**
 * Markdown (GitHub flavour) to HTML, before sanitising. This module is pure so it can be tested
 * in Node; the HTML it returns is NOT safe to insert until `sanitizeHtml` has run on it.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// The names of the parse running now: marked's renderers take no arguments of ours, and a
// parse is synchronous, so the one running is the one that set this.
let currentNameOf: (userId: string) => string | undefined = () => undefined;

interface MentionToken {
  type: 'mention';
  raw: string;
  name: string;
  userId: string;
}

/**
 * Mentions `@[Name](user:ID)` become a highlighted name, the current member name winning over
 * the stored one (people rename). An inline token of Markdown's own, so it is not read as a
 * link, and inside code (`@[Ada](user:u1)` in backticks) it stays the text that was typed.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false }).use({
  extensions: [
    {
      name: 'mention',
      level: 'inline',
      start: (src: string) => {
        const at = src.indexOf('@[');
        return at < 0 ? undefined : at;
      },
      tokenizer: (src: string): MentionToken | undefined => {
        const m = mentionAtStart(src);
        return m
          ? { type: 'mention', raw: src.slice(0, m.length), name: m.name, userId: m.userId }
          : undefined;
      },
      renderer: (token) => {
        const { name, userId } = token as unknown as MentionToken;
        const shown = currentNameOf(userId) ?? name;
        return `<span class="mention" data-user-id="${escapeHtml(userId)}">@${escapeHtml(shown)}</span>`;
      },
    },
  ],
});

export function markdownToHtml(
  markdown: string,
  nameOf: (userId: string) => string | undefined = () => undefined,
): string {
  currentNameOf = nameOf;
  try {
    return marked.parse(markdown) as string;
  } finally {
    currentNameOf = () => undefined;
  }
}

/** Only these schemes survive in links and images; everything else (javascript:, data:) goes. */
export const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so do we.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const compact = url.replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
  return SAFE_URL.test(compact);
}
