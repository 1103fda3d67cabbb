import { useDeferredValue, useMemo } from 'react';
import { markdownToHtml } from './markdown-to-html.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import './markdown.css';

export interface MarkdownViewProps {
  markdown: string;
  /** Current display name of a mentioned member, if still known. */
  nameOf?: (userId: string) => string | undefined;
  className?: string;
}

/** Rendered Markdown. The HTML is sanitised before React inserts it: never skip that step. */
export function MarkdownView({ markdown, nameOf, className }: MarkdownViewProps) {
  // Parsing and sanitising cost milliseconds per block: an opened issue shows its title and
  // fields in the first frame and its rendered text in the next (React renders the deferred
  // value right after), instead of holding the whole page back.
  const deferred = useDeferredValue(markdown, '');
  const html = useMemo(() => (deferred ? renderedHtml(deferred, nameOf) : ''), [deferred, nameOf]);
  return (
    <div
      className={['markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

// The same text renders to the same HTML: going back to an issue does not parse it again.
const CACHE_SIZE = 200;
const cache = new Map<string, { nameOf: MarkdownViewProps['nameOf']; html: string }>();

function renderedHtml(markdown: string, nameOf: MarkdownViewProps['nameOf']): string {
  const hit = cache.get(markdown);
  if (hit && hit.nameOf === nameOf) return hit.html;
  const html = sanitizeHtml(markdownToHtml(markdown, nameOf));
  cache.delete(markdown);
  cache.set(markdown, { nameOf, html });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return html;
}
