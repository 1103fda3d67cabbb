import { Marked, type Token, type Tokens } from 'marked';
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

export interface RenderOptions {
  /** Current display name of a mentioned member, if still known. */
  nameOf?: ((userId: string) => string | undefined) | undefined;
  /** The path of an issue's page by its key (`ENG-12`), for the keys of issues that exist. */
  issueHref?: ((key: string) => string | undefined) | undefined;
  /**
   * Task list boxes (`- [ ]`, `- [x]`): ticked by the reader when `editable`, else only shown.
   * `nonce` marks the boxes this parse made, so sanitizeHtml keeps them and no others.
   */
  tasks?: { editable: boolean; nonce: string } | undefined;
}

// The options of the parse running now: marked's renderers take no arguments of ours, and a
// parse is synchronous, so the one running is the one that set this.
let current: RenderOptions = {};
// Task list boxes of the parse running now, numbered in the order they appear.
let taskCount = 0;

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
  // Task boxes are numbered in document order, the order taskPositions walks them in too.
  walkTokens: (token) => {
    if (token.type === 'list_item' && token.task) taskLabel = plainText(token.tokens);
    if (token.type === 'checkbox') {
      const box = token as TaskCheckbox;
      box.index = taskCount++;
      box.label = taskLabel;
    }
  },
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
        const shown = current.nameOf?.(userId) ?? name;
        return `<span class="mention" data-user-id="${escapeHtml(userId)}">@${escapeHtml(shown)}</span>`;
      },
    },
    {
      // `ENG-12` becomes a link to that issue when it exists; inside code it stays text.
      name: 'issueKey',
      level: 'inline',
      start: (src: string) => issueKeyStart(src),
      tokenizer(src: string): IssueKeyToken | undefined {
        if (this.lexer.state.inLink) return undefined;
        const key = ISSUE_KEY_AT_START.exec(src)?.[0];
        const href = key ? current.issueHref?.(key) : undefined;
        return key && href ? { type: 'issueKey', raw: key, key, href } : undefined;
      },
      renderer: (token) => {
        const { key, href } = token as unknown as IssueKeyToken;
        return `<a class="issue-link" href="${escapeHtml(href)}">${escapeHtml(key)}</a>`;
      },
    },
  ],
  renderer: {
    checkbox(token) {
      const { checked, index, label } = token as TaskCheckbox;
      const tasks = current.tasks;
      if (!tasks || index === undefined) return false;
      return (
        `<input type="checkbox" class="task-checkbox" data-task="${index}" ` +
        `data-task-nonce="${escapeHtml(tasks.nonce)}" aria-label="${escapeHtml(label || 'Task')}"` +
        `${checked ? ' checked' : ''}${tasks.editable ? '' : ' disabled'}> `
      );
    },
  },
});

interface IssueKeyToken {
  type: 'issueKey';
  raw: string;
  key: string;
  href: string;
}

type TaskCheckbox = Tokens.Checkbox & { index?: number; label?: string };
let taskLabel = '';

const ISSUE_KEY = '[A-Z][A-Z0-9]{1,4}-[1-9][0-9]{0,8}(?![A-Za-z0-9_])';
const ISSUE_KEY_AT_START = new RegExp(`^${ISSUE_KEY}`);
// Not inside a word, a path or another key. marked passes the text after its first character,
// so a key at 0 has an unknown character before it: it is not offered (the text before a key
// always ends somewhere earlier, where this regex sees it).
const ISSUE_KEY_AFTER = new RegExp(`(?<=[^A-Za-z0-9_/-])${ISSUE_KEY}`);

function issueKeyStart(src: string): number | undefined {
  const at = ISSUE_KEY_AFTER.exec(src)?.index;
  return at === undefined ? undefined : at;
}

/** The words of some inline tokens, for a task box's accessible name: its item's first line. */
function plainText(tokens: readonly Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    if (token.type === 'list') break;
    if (token.type === 'mention') text += `@${(token as unknown as MentionToken).name}`;
    else if (token.type === 'br' || token.type === 'space') text += ' ';
    else if ('tokens' in token && token.tokens) text += plainText(token.tokens);
    else if (token.type !== 'checkbox' && 'text' in token) text += String(token.text);
  }
  return text.split('\n')[0]!.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export function markdownToHtml(markdown: string, options: RenderOptions = {}): string {
  current = options;
  taskCount = 0;
  try {
    return marked.parse(markdown) as string;
  } finally {
    current = {};
  }
}

/** The tokens marked reads a text as, for finding its task boxes again (task-list.ts). */
export function lexMarkdown(markdown: string) {
  return marked.lexer(markdown);
}

/** Visit tokens in the order the renderer meets them. */
export function walkMarkdownTokens(tokens: Token[], visit: (token: Token) => void): void {
  marked.walkTokens(tokens, visit);
}

/** Only these schemes survive in links and images; everything else (javascript:, data:) goes. */
export const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so do we.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const compact = url.replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
  return SAFE_URL.test(compact);
}
