import { useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { opensInPlace } from '../../shared/lib/plain-click.ts';
import { useIdleValue } from '../../shared/lib/use-idle-value.ts';
import { markdownToHtml, type RenderOptions } from './markdown-to-html.ts';
import { isFileHref, isInternalHref, sanitizeHtml } from './sanitize-html.ts';
import { useIssueLinks } from './use-issue-links.ts';
import './markdown.css';

export interface MarkdownViewProps {
  markdown: string;
  /** Current display name of a mentioned member, if still known. */
  nameOf?: (userId: string) => string | undefined;
  /**
   * Tick or untick task box `index` (`- [ ]` in the text), for whoever may edit the text; false
   * when that did not happen. Without it the boxes are shown, not ticked.
   */
  onToggleTask?: ((index: number, checked: boolean) => Promise<boolean>) | undefined;
  className?: string;
}

/**
 * Rendered Markdown: mentions as names, keys of existing issues as links, task lists as boxes.
 * The HTML is sanitised before React inserts it: never skip that step.
 */
export function MarkdownView({ markdown, nameOf, onToggleTask, className }: MarkdownViewProps) {
  const issueHref = useIssueLinks(markdown);
  const editable = onToggleTask !== undefined;
  const key = useMemo(() => ({ nameOf, issueHref, editable }), [nameOf, issueHref, editable]);
  // Parsing and sanitising take tens of milliseconds for a long text: an opened issue paints its
  // title, fields and activity first and its rendered text at the next idle moment, instead of
  // holding the whole page back. Text rendered before (going back to an issue) shows at once.
  const idle = useIdleValue(markdown, '');
  const source = isRendered(markdown, key) ? markdown : idle;
  const html = useMemo(() => (source ? renderedHtml(source, key) : ''), [source, key]);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // New HTML replaces every box, and focus would fall to the page: it goes back to the box that
  // had it (the one just ticked, or another one, reached before the text was saved).
  const replacedTask = useRef<{ box: Element; index: number } | null>(null);
  useLayoutEffect(() => {
    const replaced = replacedTask.current;
    replacedTask.current = null;
    const active = document.activeElement;
    if (!replaced || replaced.box.isConnected || (active && active !== document.body)) return;
    ref.current?.querySelector<HTMLElement>(`input[data-task="${replaced.index}"]`)?.focus();
  }, [html]);
  // A box being replaced loses focus as a click on the page would (Chromium: no related target,
  // still connected); told apart once the render is done: a replaced one is gone by then.
  // Listened to natively: it happens inside React's commit, where React hands out no events.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onFocusOut = (event: FocusEvent) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.dataset.task === undefined) return;
      const lost = { box, index: Number(box.dataset.task) };
      replacedTask.current = lost;
      queueMicrotask(() => {
        if (replacedTask.current === lost && box.isConnected) replacedTask.current = null;
      });
    };
    root.addEventListener('focusout', onFocusOut);
    return () => root.removeEventListener('focusout', onFocusOut);
  }, []);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target instanceof HTMLInputElement && target.dataset.task !== undefined) {
      if (!onToggleTask || target.disabled) return event.preventDefault();
      // Ticked at once on screen; the text follows, or the box goes back if it was refused.
      const checked = target.checked;
      void onToggleTask(Number(target.dataset.task), checked).then((done) => {
        if (!done) target.checked = !checked;
      });
      return;
    }
    // A link within Keel (an issue key) opens in the app, as the app's own links do.
    const href = target.closest('a')?.getAttribute('href');
    if (href && isInternalHref(href) && !isFileHref(href) && opensInPlace(event)) {
      event.preventDefault();
      void navigate(href);
    }
  };

  return (
    // The click handler serves the links and boxes inside, each keyboard reachable itself.
    <div
      ref={ref}
      className={['markdown', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

interface RenderKey {
  nameOf: RenderOptions['nameOf'];
  issueHref: RenderOptions['issueHref'];
  editable: boolean;
}

/** Random, and known only to this render (randomUUID needs a secure context; this does not). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The same text renders to the same HTML: going back to an issue does not parse it again.
const CACHE_SIZE = 200;
const cache = new Map<string, { key: RenderKey; html: string }>();

const sameKey = (a: RenderKey, b: RenderKey) =>
  a.nameOf === b.nameOf && a.issueHref === b.issueHref && a.editable === b.editable;

function isRendered(markdown: string, key: RenderKey): boolean {
  const hit = cache.get(markdown);
  return hit !== undefined && sameKey(hit.key, key);
}

function renderedHtml(markdown: string, key: RenderKey): string {
  const hit = cache.get(markdown);
  if (hit && sameKey(hit.key, key)) return hit.html;
  const nonce = newNonce();
  const html = sanitizeHtml(
    markdownToHtml(markdown, {
      nameOf: key.nameOf,
      issueHref: key.issueHref,
      tasks: { editable: key.editable, nonce },
    }),
    nonce,
  );
  cache.delete(markdown);
  cache.set(markdown, { key, html });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return html;
}
