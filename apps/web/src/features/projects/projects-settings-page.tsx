import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useDocs, useMemberMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { projectControls } from './project-controls.ts';
import { ProjectDialog } from './project-dialog.tsx';
import { setArchived } from './project-writes.ts';
import { sortProjects } from './sort-projects.ts';
import { CycleSettingsSection } from './cycle-settings.tsx';
import { EstimateSettingsSection } from './estimate-settings.tsx';
import { GitStateSettingsSection } from './git-state-settings.tsx';
import { WorkflowEditor } from './workflow-editor.tsx';
import './projects-settings.css';

/**
 * `/:ws/settings/projects`: every project (archived ones too) and the workflow of the one chosen
 * in `?project=KEY`. Admins and owners edit; everyone else reads.
 */
export function ProjectsSettingsPage() {
  useDocumentTitle('Projects settings');
  const session = useWorkspace();
  const { create: canCreate, edit: canEdit } = projectControls(session.role);
  const all = useDocs('project');
  const members = useMemberMap();
  const projects = useMemo(() => sortProjects(all), [all]);
  const [params, setParams] = useSearchParams();
  const selected = projects.find((p) => p.key === params.get('project')) ?? projects[0];
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null);

  const toggleArchived = async () => {
    if (!selected) return;
    const archive = !selected.archivedAt;
    const outcome = await setArchived(session, selected._id, archive);
    if (!outcome.ok) showToast(outcome.message, 'error');
    else showToast(`${selected.name} ${archive ? 'archived' : 'restored'}`, 'success');
  };

  return (
    <div className="settings-section">
      <header className="settings-projects__header">
        <h1>Projects</h1>
        {canCreate ? (
          <Button variant="primary" onClick={() => setDialog('new')}>
            New project
          </Button>
        ) : null}
      </header>
      <p className="settings-section__intro">
        Projects hold issues. Each has a key used in its issue keys (ENG-42) and its own workflow.
        {canEdit ? null : ' Only admins and owners can change projects.'}
      </p>
      {projects.length === 0 ? (
        <EmptyState title="No projects yet">
          <p>
            {canCreate
              ? 'Create the first project to start filing issues.'
              : 'An admin can create one.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="settings-projects__list" aria-label="Projects">
            {projects.map((p) => (
              <li key={p._id}>
                <Link
                  to={`?project=${p.key}`}
                  aria-current={p._id === selected?._id ? 'true' : undefined}
                  className="settings-projects__item"
                >
                  <span
                    className="settings-projects__swatch"
                    style={{ background: p.color }}
                    aria-hidden="true"
                  />
                  <span className="settings-projects__name">{p.name}</span>
                  <span className="settings-projects__key">{p.key}</span>
                  {p.archivedAt ? <span className="settings-projects__badge">Archived</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          {selected ? (
            <div className="settings-projects__detail">
              <div className="settings-projects__summary">
                <div>
                  <h2>
                    {selected.name} <span className="settings-projects__key">{selected.key}</span>
                  </h2>
                  <p className="settings-projects__meta">
                    Lead:{' '}
                    {selected.leadId
                      ? (members.get(selected.leadId)?.name ?? 'a former member')
                      : 'none'}
                    {selected.description ? ` · ${selected.description}` : ''}
                  </p>
                </div>
                {canEdit ? (
                  <div className="settings-projects__actions">
                    <Button onClick={() => setDialog('edit')}>Edit project</Button>
                    <Button onClick={() => void toggleArchived()}>
                      {selected.archivedAt ? 'Unarchive' : 'Archive'}
                    </Button>
                  </div>
                ) : null}
              </div>
              {selected.archivedAt ? (
                <p className="settings-projects__note">
                  Archived: hidden from the sidebar. Its issues stay reachable by link and in All
                  issues.
                </p>
              ) : null}
              <WorkflowEditor key={selected._id} project={selected} canEdit={canEdit} />
              <CycleSettingsSection
                // Another admin's change of the settings starts the form again from it.
                key={`${selected._id}-cycles-${JSON.stringify(selected.cycles ?? null)}`}
                project={selected}
                canEdit={canEdit}
              />
              <EstimateSettingsSection project={selected} canEdit={canEdit} />
              <GitStateSettingsSection project={selected} canEdit={canEdit} />
            </div>
          ) : null}
        </>
      )}
      <ProjectDialog
        open={dialog !== null}
        project={dialog === 'edit' ? selected : undefined}
        onClose={() => setDialog(null)}
        onCreated={(p) => setParams({ project: p.key })}
      />
    </div>
  );
}
