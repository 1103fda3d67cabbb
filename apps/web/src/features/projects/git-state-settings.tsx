import { useState } from 'react';
import { gitStateChoice, type ProjectDoc, type StateCategory } from '@keel/domain';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { saveGitStates } from './project-writes.ts';
import './cycle-settings.css';

type Move = 'started' | 'completed';
const OFF = '';

/** The state a move goes to, as the server decides it (the domain's rule), or Don't move. */
const chosen = (project: ProjectDoc, move: Move): string => gitStateChoice(project, move) ?? OFF;

/**
 * What a linked pull request does to this project's issues (SPEC §11, GitHub): the state it
 * moves them to when opened and when merged, or nothing. Owners and admins choose.
 */
export function GitStateSettingsSection({
  project,
  canEdit,
}: {
  project: ProjectDoc;
  canEdit: boolean;
}) {
  const session = useWorkspace();
  const [saving, setSaving] = useState(false);
  const headingId = `git-states-${project._id}`;
  const options = (category: StateCategory) => [
    ...project.states
      .filter((s) => s.category === category)
      .map((s) => ({ value: s.id, label: s.name })),
    { value: OFF, label: 'Don’t move' },
  ];
  const name = (id: string) => project.states.find((s) => s.id === id)?.name ?? 'Don’t move';

  const choose = async (move: Move, value: string) => {
    const next = {
      started: chosen(project, 'started') || null,
      completed: chosen(project, 'completed') || null,
      [move]: value || null,
    };
    setSaving(true);
    const outcome = await saveGitStates(session, project._id, next);
    setSaving(false);
    if (!outcome.ok) return showToast(outcome.message, 'error');
    showToast(`Pull requests in ${project.name}: saved`, 'success');
  };

  const started = chosen(project, 'started');
  const completed = chosen(project, 'completed');
  return (
    <section className="cycle-settings" aria-labelledby={headingId}>
      <h3 id={headingId}>GitHub</h3>
      <p className="cycle-settings__summary">
        {canEdit
          ? 'Where a pull request that names an issue moves it. Only forward: an issue already past that state stays.'
          : `Opened: ${name(started)}. Merged: ${name(completed)}.`}
      </p>
      {canEdit ? (
        <div className="cycle-settings__fields">
          <SelectField
            label="When a pull request is opened"
            value={started}
            disabled={saving}
            options={options('started')}
            onChange={(e) => void choose('started', e.target.value)}
          />
          <SelectField
            label="When it is merged"
            value={completed}
            disabled={saving}
            options={options('completed')}
            onChange={(e) => void choose('completed', e.target.value)}
          />
        </div>
      ) : null}
    </section>
  );
}
