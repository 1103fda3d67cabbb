import { Link } from 'react-router';
import type { IssueDoc } from '@keel/domain';
import { issueKeyOf, useDoc, useProjectMap } from '../../data/use-docs.ts';

export interface ParentIssue {
  key: string;
  title: string;
}

/** A sub-issue's parent, as its page shows it; null for a top issue (or a parent not here). */
export function useParentIssue(issue: IssueDoc | undefined): ParentIssue | null {
  // Follows the parent alone, so a renamed parent shows its new title.
  const parent = useDoc(issue?.parentId);
  const projects = useProjectMap();
  if (parent?.type !== 'issue') return null;
  return { key: issueKeyOf(parent, projects), title: parent.title };
}

/** Above a sub-issue's title: the issue it belongs to, as a link. */
export function ParentLine({ slug, parent }: { slug: string; parent: ParentIssue }) {
  return (
    <p className="issue-parent">
      <span className="issue-parent__label">Sub-issue of</span>
      <Link className="issue-parent__link" to={`/${slug}/issue/${parent.key}`}>
        <span className="issue-parent__key">{parent.key}</span>{' '}
        <span className="issue-parent__title">{parent.title}</span>
      </Link>
    </p>
  );
}
