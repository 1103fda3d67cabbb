import { useParams } from 'react-router';
import { can } from '@keel/domain';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { EmptyIssues } from '../issues/index.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useIssues, useProjectByKey, useWorkspaceLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { FilterBar, ProjectViewTabs, useViewQuery } from '../views/index.ts';
import { Board } from './board.tsx';
import { useBoardColumns } from './use-board-columns.ts';
import './board.css';

/** `/:ws/projects/:key/board`: a column per workflow state, drag and drop between them. */
export function BoardPage() {
  const { key } = useParams();
  const { slug, role } = useWorkspace();
  const project = useProjectByKey(key);
  const loaded = useWorkspaceLoaded();
  const issues = useIssues(project?._id);
  const [view, setView] = useViewQuery();
  const columns = useBoardColumns(project, issues, view.filter);
  useDocumentTitle(project ? `${project.name} board` : undefined);

  if (!project) return loaded ? <NotFound homeHref={`/${slug}`} /> : null;
  return (
    <div className="page page--fill">
      <PageHeader title={project.name} meta={issues.length || undefined}>
        <ProjectViewTabs slug={slug} projectKey={project.key} />
      </PageHeader>
      {issues.length ? (
        <>
          <FilterBar view={view} onChange={setView} project={project} showDisplay={false} />
          <Board
            // Another project starts afresh (columns shown in part, focus, a drag under way).
            key={project._id}
            slug={slug}
            project={project}
            columns={columns}
            draggable={can(role, 'issue:edit')}
          />
        </>
      ) : (
        <EmptyIssues />
      )}
    </div>
  );
}
