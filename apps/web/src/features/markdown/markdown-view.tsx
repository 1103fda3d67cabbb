import { useMemo } from 'react';
import { useIdleValue } from '../../shared/lib/use-idle-value.ts';
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
  // Parsing and sanitising take tens of milliseconds for a long text: an opened issue paints its
  // title, fields and activity first and its rendered text at the next idle moment, instead of
  // holding the whole page back. Text rendered before (going back to an issue) shows at once.
  const idle = useIdleValue(markdown, '');
  const source = isRendered(markdown, nameOf) ? markdown : idle;
  const html = useMemo(() => (source ? renderedHtml(source, nameOf) : ''), [source, nameOf]);
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

function isRendered(markdown: string, nameOf: MarkdownViewProps['nameOf']): boolean {
  return cache.get(markdown)?.nameOf === nameOf;
}

function renderedHtml(markdown: string, nameOf: MarkdownViewProps['nameOf']): string {
  const hit = cache.get(markdown);
  if (hit && hit.nameOf === nameOf) return hit.html;
  const html = sanitizeHtml(markdownToHtml(markdown, nameOf));
  cache.delete(markdown);
  cache.set(markdown, { nameOf, html });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return html;
}
