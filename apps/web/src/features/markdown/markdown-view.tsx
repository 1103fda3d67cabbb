import { useMemo } from 'react';
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
  const html = useMemo(() => sanitizeHtml(markdownToHtml(markdown, nameOf)), [markdown, nameOf]);
  return (
    <div
      className={['markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
