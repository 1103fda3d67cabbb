import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

export interface PlaceholderPageProps {
  title: string;
  /** What this screen will hold, in the user's words. */
  holds: string;
}

/** A screen that exists in the map but is not built yet: says what it will be, never breaks. */
export function PlaceholderPage({ title, holds }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <EmptyState title={`${title} is on its way`}>
        <p>{holds}</p>
      </EmptyState>
    </div>
  );
}
