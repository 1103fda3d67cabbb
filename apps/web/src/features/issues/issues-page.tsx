import { useParams } from 'react-router';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { useIssues, useProjectByKey, useWorkspaceLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { ProjectViewTabs, SaveViewButton } from '../views/index.ts';
import { FavoriteButton } from '../favorites/index.ts';
import { EmptyIssues } from './empty-issues.tsx';
import { IssueListView } from './issue-list-view.tsx';
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
    <IssueListView
      // Another project is another list: its selection, focused row and scroll start afresh
      // (the route keeps this element when only :key changes).
      key={project?._id ?? 'all'}
      title={project ? project.name : 'All issues'}
      issues={issues}
      project={project}
      headerExtra={
        <>
          {project ? (
            <>
              <FavoriteButton target={project._id} what={`project ${project.name}`} />
              <ProjectViewTabs slug={slug} projectKey={project.key} />
            </>
          ) : null}
          <SaveViewButton projectId={project?._id ?? null} />
        </>
      }
      empty={<EmptyIssues />}
    />
  );
}
