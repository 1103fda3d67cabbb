import { lazy, Suspense } from 'react';
import { useDocs } from '../../data/use-docs.ts';

// The list and its styles load the first time an issue with files is opened.
const IssueFiles = lazy(() =>
  import('./issue-files.tsx').then((module) => ({ default: module.IssueFiles })),
);

/** The issue's Files section, when it has any (issue-files.tsx). */
export function IssueFilesWhenAny({ issueId }: { issueId: string }) {
  const any = useDocs('attachment').some((file) => file.issueId === issueId);
  return any ? (
    <Suspense fallback={null}>
      <IssueFiles issueId={issueId} />
    </Suspense>
  ) : null;
}
