import { useState, type FormEvent } from 'react';
import { COLOR_PALETTE, type ProjectDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { ColorField } from '../../shared/ui/color-field.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useDocs, useMembers } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import {
  draftOf,
  EMPTY_PROJECT_DRAFT,
  hasErrors,
  normalizeKeyInput,
  suggestKey,
  validateProjectDraft,
  type ProjectDraft,
  type ProjectErrors,
} from './project-draft.ts';
import { createProject, updateProject } from './project-writes.ts';
import './projects.css';

export interface ProjectDialogProps {
  open: boolean;
  onClose: () => void;
  /** The project to edit; a new one is created when absent. */
  project?: ProjectDoc | undefined;
  onCreated?: (project: ProjectDoc) => void;
}

/** Create or edit a project. The draft survives a refused save, so nothing typed is lost. */
export function ProjectDialog({ open, onClose, project, onCreated }: ProjectDialogProps) {
  return (
    <Dialog open={open} title={project ? `Edit ${project.name}` : 'New project'} onClose={onClose}>
      <ProjectForm
        key={project?._id ?? 'new'}
        project={project}
        onDone={onClose}
        onCreated={onCreated}
      />
    </Dialog>
  );
}

interface ProjectFormProps {
  project: ProjectDoc | undefined;
  onDone: () => void;
  onCreated: ((project: ProjectDoc) => void) | undefined;
}

function ProjectForm({ project, onDone, onCreated }: ProjectFormProps) {
  const session = useWorkspace();
  const projects = useDocs('project');
  const members = useMembers();
  const [draft, setDraft] = useState<ProjectDraft>(
    project ? draftOf(project) : EMPTY_PROJECT_DRAFT,
  );
  const [keyEdited, setKeyEdited] = useState(Boolean(project));
  const [errors, setErrors] = useState<ProjectErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (next: Partial<ProjectDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (attempted) setErrors(validateProjectDraft(merged, projects, project?._id));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setMessage(null);
    const local = validateProjectDraft(draft, projects, project?._id);
    setErrors(local);
    if (hasErrors(local)) return;
    setBusy(true);
    let outcome;
    if (project) outcome = await updateProject(session, project._id, draft);
    else {
      const created = await createProject(session, draft);
      outcome = created.outcome;
      if (outcome.ok) onCreated?.(created.project);
    }
    setBusy(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      return;
    }
    showToast(project ? 'Project saved' : `Project ${draft.key} created`, 'success');
    onDone();
  };

  const leadOptions = [
    { value: '', label: 'No lead' },
    ...members.filter((m) => m.active).map((m) => ({ value: m.userId, label: m.name || m.email })),
  ];

  return (
    <form className="form project-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormError>{message}</FormError>
      <div className="project-form__row">
        <TextField
          label="Project name"
          name="name"
          autoComplete="off"
          value={draft.name}
          error={errors.name}
          onChange={(e) => {
            const name = e.target.value;
            update(keyEdited ? { name } : { name, key: suggestKey(name, projects) });
          }}
        />
        <TextField
          label="Project key"
          name="key"
          className="project-form__key"
          autoComplete="off"
          value={draft.key}
          readOnly={Boolean(project)}
          error={errors.key}
          hint={
            project ? 'Fixed once created: issue keys use it.' : '2–5 capitals or digits, e.g. ENG'
          }
          onChange={(e) => {
            setKeyEdited(true);
            update({ key: normalizeKeyInput(e.target.value) });
          }}
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        value={draft.description}
        error={errors.description}
        onChange={(e) => update({ description: e.target.value })}
      />
      <SelectField
        label="Lead"
        value={draft.leadId}
        options={leadOptions}
        onChange={(e) => update({ leadId: e.target.value })}
      />
      <ColorField
        label="Colour"
        value={draft.color}
        palette={COLOR_PALETTE}
        error={errors.color}
        onChange={(color) => update({ color })}
      />
      <FormActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {project ? 'Save project' : 'Create project'}
        </Button>
      </FormActions>
    </form>
  );
}
