import { NavLink, useParams } from 'react-router';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { useIssues, useProjectByKey, useWorkspaceLoaded } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import { EmptyIssues } from './empty-issues.tsx';
import { IssueList } from './issue-list.tsx';
import { PageHeader } from './page-header.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

/** `/:ws/issues` (every project) and `/:ws/projects/:key/issues` (one project). */
export function IssuesPage() {
  const { key } = useParams();
  const { slug } = useWorkspace();
  const project = useProjectByKey(key);
  const loaded = useWorkspaceLoaded();
  const issues = useIssues(project?._id);
  useDocumentTitle(key ? project?.name : 'All issues');

  if (key && !project) return loaded ? <NotFound homeHref={`/${slug}`} /> : null;
  return (
    <div className="page">
      <PageHeader title={project ? project.name : 'All issues'} meta={issues.length || undefined}>
        {project ? (
          <nav className="view-tabs" aria-label="Views">
            <NavLink to={`/${slug}/projects/${project.key}/issues`}>List</NavLink>
            <NavLink to={`/${slug}/projects/${project.key}/board`}>Board</NavLink>
          </nav>
        ) : null}
      </PageHeader>
      <IssueList issues={issues} empty={<EmptyIssues />} />
    </div>
  );
}
