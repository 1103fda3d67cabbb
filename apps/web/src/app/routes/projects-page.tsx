import { Link } from 'react-router';
import { useIssues, useProjects } from '../../features/sync/use-docs.ts';
import { useWorkspace } from '../../features/sync/workspace-context.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import './projects-page.css';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

/** `/:ws/projects`: the workspace's projects with their open issue counts. */
export function ProjectsPage() {
  const { slug } = useWorkspace();
  const projects = useProjects();
  const issues = useIssues();
  useDocumentTitle('Projects');
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(issue.projectId, (counts.get(issue.projectId) ?? 0) + 1);

  return (
    <div className="page">
      <header className="page-header">
        <h1>Projects</h1>
        <span className="page-header__meta">{projects.length || null}</span>
      </header>
      {projects.length === 0 ? (
        <EmptyState title="No projects yet">
          <p>Projects arrive with the workspace. Admins will create more in Settings.</p>
        </EmptyState>
      ) : (
        <ul className="project-list">
          {projects.map((project) => (
            <li key={project._id}>
              <Link to={`/${slug}/projects/${project.key}/issues`} className="project-list__row">
                <span className="project-list__swatch" style={{ background: project.color }} />
                <span className="project-list__name">{project.name}</span>
                <span className="project-list__key">{project.key}</span>
                <span className="project-list__count">{counts.get(project._id) ?? 0} issues</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
