import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  title: string;
  /** h1 when the empty state is the whole page, h2 under a page header. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  action?: ReactNode;
}

/** What an empty screen says: what will be here and what to do next. */
export function EmptyState({ title, headingLevel = 2, children, action }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="empty-state">
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
