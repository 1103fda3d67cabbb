import { useMemo } from 'react';
import { Link } from 'react-router';
import { useIssues } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { EmptyIssues } from './empty-issues.tsx';
import { IssueListView } from './issue-list-view.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

/** `/:ws/my-issues`: issues assigned to the signed-in member, grouped by state. */
export function MyIssuesPage() {
  const { userId, slug } = useWorkspace();
  const all = useIssues();
  useDocumentTitle('My issues');
  const mine = useMemo(() => all.filter((i) => i.assigneeId === userId), [all, userId]);
  return (
    <IssueListView
      title="My issues"
      issues={mine}
      empty={
        <EmptyIssues
          title="No issues assigned to you"
          hint="Issues assigned to you show up here. Assign yourself from an issue's Assignee field, or press A on a row of All issues."
          action={
            <Link to={`/${slug}/issues`} className="text-link">
              Go to All issues
            </Link>
          }
        />
      }
    />
  );
}
