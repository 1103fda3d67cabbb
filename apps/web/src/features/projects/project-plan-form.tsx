import { useState } from 'react';
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  projectStatus,
  type ProjectDoc,
} from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { dayLabel } from '../../shared/lib/day-label.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { saveProjectPlan, type ProjectPlan } from './project-writes.ts';

const STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({
  value,
  label: PROJECT_STATUS_LABELS[value],
}));
const BAD_DAY = 'Must be a real date (YYYY-MM-DD)';

interface Edit {
  value: string;
  over: string;
}

const planOf = (project: ProjectDoc): ProjectPlan => ({
  status: projectStatus(project),
  startsOn: project.startsOn ?? '',
  targetOn: project.targetOn ?? '',
});

/** "Nov 2 → Jan 29, 2027", "Target Jan 29", or nothing when neither day is set. */
export function planDays(project: ProjectDoc, today: string): string | null {
  const { startsOn, targetOn } = project;
  if (startsOn && targetOn) return `${dayLabel(startsOn, today)} → ${dayLabel(targetOn, today)}`;
  if (targetOn) return `Target ${dayLabel(targetOn, today)}`;
  if (startsOn) return `Started ${dayLabel(startsOn, today)}`;
  return null;
}

/**
 * A project's status, start and target dates (SPEC §10): owners and admins change them here; the
 * domain's message for a target before the start appears under the target. The form holds only
 * what was changed: the other fields follow the project as other admins change it, and a save
 * writes only the changed ones.
 */
export function ProjectPlanForm({ project }: { project: ProjectDoc }) {
  const session = useWorkspace();
  const saved = planOf(project);
  // Each change with the value it was made over: it holds while the project still has that value,
  // and goes once the project changes it (this save arriving, or another admin's).
  const [edits, setEdits] = useState<Partial<Record<keyof ProjectPlan, Edit>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof ProjectPlan, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changes: Partial<ProjectPlan> = {};
  for (const [field, edit] of Object.entries(edits) as [keyof ProjectPlan, Edit][])
    if (saved[field] === edit.over && edit.value !== edit.over)
      Object.assign(changes, { [field]: edit.value });
  const shown: ProjectPlan = { ...saved, ...changes };
  const changed = Object.keys(changes).length > 0;

  const set = (field: keyof ProjectPlan, value: string, bad = false) => {
    setEdits((e) => ({ ...e, [field]: { value, over: saved[field] } }));
    // Either day can settle "the target is on or after the start": both messages go.
    const dates = field === 'startsOn' || field === 'targetOn';
    setErrors((e) => ({
      ...e,
      ...(dates ? { startsOn: undefined, targetOn: undefined } : {}),
      [field]: bad ? BAD_DAY : undefined,
    }));
  };

  const save = async () => {
    if (busy || errors.startsOn === BAD_DAY || errors.targetOn === BAD_DAY) return;
    setBusy(true);
    setMessage(null);
    const outcome = await saveProjectPlan(session, project._id, changes);
    setBusy(false);
    if (!outcome.ok) {
      setErrors(Object.fromEntries(outcome.errors.map((e) => [e.path, e.message])));
      // A message with no field of this form (someone else's change, a lost connection).
      if (!outcome.errors.some((e) => e.path in saved)) setMessage(outcome.message);
      return;
    }
    showToast(`Plan saved for ${project.name}`, 'success');
  };

  return (
    <form
      className="project-plan"
      aria-label="Project plan"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <FormError className="project-plan__wide">{message}</FormError>
      <SelectField
        label="Status"
        value={shown.status}
        options={STATUS_OPTIONS}
        error={errors.status}
        onChange={(e) => set('status', e.target.value)}
      />
      <TextField
        label="Start date"
        type="date"
        value={shown.startsOn}
        error={errors.startsOn}
        onChange={(e) => set('startsOn', e.target.value, e.target.validity.badInput)}
      />
      <TextField
        label="Target date"
        type="date"
        value={shown.targetOn}
        error={errors.targetOn}
        onChange={(e) => set('targetOn', e.target.value, e.target.validity.badInput)}
      />
      <div className="project-plan__actions">
        <Button type="submit" variant="primary" disabled={!changed || busy}>
          Save plan
        </Button>
        {changed ? (
          <Button
            onClick={() => {
              setEdits({});
              setErrors({});
              setMessage(null);
            }}
          >
            Discard
          </Button>
        ) : null}
      </div>
    </form>
  );
}
