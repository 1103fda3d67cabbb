import { Marked } from 'marked';
import { parseMentions } from '@keel/domain';

/**
 * Markdown (GitHub flavour) to HTML, before sanitising. This module is pure so it can be tested
 * in Node; the HTML it returns is NOT safe to insert until `sanitizeHtml` has run on it.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Mentions `@[Name](user:ID)` become a highlighted name. Done before Markdown so the mention is
 * not read as a link; the current member name wins over the stored one (people rename).
 */
export function replaceMentions(
  markdown: string,
  nameOf: (userId: string) => string | undefined,
): string {
  let out = '';
  let at = 0;
  for (const m of parseMentions(markdown)) {
    const name = nameOf(m.userId) ?? m.name;
    out += markdown.slice(at, m.index);
    out += `<span class="mention" data-user-id="${escapeHtml(m.userId)}">@${escapeHtml(name)}</span>`;
    at = m.index + m.length;
  }
  return out + markdown.slice(at);
}

export function markdownToHtml(
  markdown: string,
  nameOf: (userId: string) => string | undefined = () => undefined,
): string {
  return marked.parse(replaceMentions(markdown, nameOf)) as string;
}

/** Only these schemes survive in links and images; everything else (javascript:, data:) goes. */
export const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so do we.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const compact = url.replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
  return SAFE_URL.test(compact);
}
