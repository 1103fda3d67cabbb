import { Link } from 'react-router';
import { errorMessage } from '@keel/domain';
import { EmptyState } from './empty-state.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The body of every "not found": a missing page, issue, or a workspace the user is not in. */
export function NotFound({
  homeHref = '/',
  headingLevel = 2,
}: {
  homeHref?: string;
  headingLevel?: 1 | 2;
}) {
  useDocumentTitle('Not found');
  return (
    <EmptyState
      title="Not found"
      headingLevel={headingLevel}
      action={
        <Link to={homeHref} className="text-link">
          Go to your issues
        </Link>
      }
    >
      <p>{errorMessage('NOT_FOUND')}</p>
    </EmptyState>
  );
}
