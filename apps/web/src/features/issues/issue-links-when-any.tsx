import { lazy, Suspense } from 'react';
import { useDocs } from '../../data/use-docs.ts';

// The list and its styles load the first time an issue with links is opened.
const IssueLinks = lazy(() =>
  import('./issue-page-links.tsx').then((module) => ({ default: module.IssueLinks })),
);

/** The pull requests and commits linked on the issue, when it has any (issue-page-links.tsx). */
export function IssueLinksWhenAny({ issueId }: { issueId: string }) {
  const any = useDocs('link').some((link) => link.issueId === issueId);
  return any ? (
    <Suspense fallback={null}>
      <IssueLinks issueId={issueId} />
    </Suspense>
  ) : null;
}
