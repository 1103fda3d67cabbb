import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isFinishedCategory, type ProjectDoc } from '@keel/domain';
import { projectControls, ProjectDialog, sortProjects } from '../../features/projects/index.ts';
import { useDocs, useIssues, useMemberMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import './projects-page.css';

/** `/:ws/projects`: the workspace's projects with their open and total issue counts. */
export function ProjectsPage() {
  const session = useWorkspace();
  const { slug } = session;
  const all = useDocs('project');
  const projects = useMemo(() => sortProjects(all), [all]);
  const issues = useIssues();
  const members = useMemberMap();
  const [creating, setCreating] = useState(false);
  const canCreate = projectControls(session.role).create;
  useDocumentTitle('Projects');

  const counts = useMemo(() => {
    const open = new Map<string, number>();
    const total = new Map<string, number>();
    const closed = new Map<string, Set<string>>();
    for (const p of all)
      closed.set(
        p._id,
        new Set(p.states.filter((s) => isFinishedCategory(s.category)).map((s) => s.id)),
      );
    for (const issue of issues) {
      total.set(issue.projectId, (total.get(issue.projectId) ?? 0) + 1);
      if (!closed.get(issue.projectId)?.has(issue.stateId))
        open.set(issue.projectId, (open.get(issue.projectId) ?? 0) + 1);
    }
    return { open, total };
  }, [all, issues]);

  const row = (project: ProjectDoc) => (
    <li key={project._id}>
      <Link to={`/${slug}/projects/${project.key}`} className="project-list__row">
        <span className="project-list__swatch" style={{ background: project.color }} />
        <span className="project-list__name">{project.name}</span>
        <span className="project-list__key">{project.key}</span>
        {project.archivedAt ? <span className="project-list__badge">Archived</span> : null}
        <span className="project-list__lead">
          {project.leadId ? `Lead: ${members.get(project.leadId)?.name ?? 'former member'}` : null}
        </span>
        <span className="project-list__count">
          {counts.open.get(project._id) ?? 0} open · {counts.total.get(project._id) ?? 0} issues
        </span>
      </Link>
    </li>
  );

  return (
    <div className="page">
      <header className="page-header">
        <h1>Projects</h1>
        <span className="page-header__meta">{projects.length || null}</span>
        {canCreate ? (
          <Button size="sm" className="project-list__new" onClick={() => setCreating(true)}>
            New project
          </Button>
        ) : null}
      </header>
      {projects.length === 0 ? (
        <EmptyState title="No projects yet">
          <p>
            {canCreate
              ? 'Create a project to start filing issues; each gets its own key and workflow.'
              : 'An admin or owner can create the first project.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="project-list">{projects.map(row)}</ul>
      )}
      <ProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
