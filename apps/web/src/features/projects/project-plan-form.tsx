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
 * domain's message for a target before the start appears under the target.
 */
export function ProjectPlanForm({ project }: { project: ProjectDoc }) {
  const session = useWorkspace();
  const saved = planOf(project);
  const [draft, setDraft] = useState<ProjectPlan>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof ProjectPlan, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = (field: keyof ProjectPlan, value: string, bad = false) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: bad ? BAD_DAY : undefined }));
  };

  const save = async () => {
    if (busy || errors.startsOn || errors.targetOn) return;
    setBusy(true);
    setMessage(null);
    const outcome = await saveProjectPlan(session, project._id, draft);
    setBusy(false);
    if (!outcome.ok) {
      const byField = Object.fromEntries(outcome.errors.map((e) => [e.path, e.message]));
      setErrors(byField);
      // A message with no field of this form (someone else's change, a lost connection).
      if (!outcome.errors.some((e) => e.path in draft)) setMessage(outcome.message);
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
        value={draft.status}
        options={STATUS_OPTIONS}
        error={errors.status}
        onChange={(e) => set('status', e.target.value)}
      />
      <TextField
        label="Start date"
        type="date"
        value={draft.startsOn}
        error={errors.startsOn}
        onChange={(e) => set('startsOn', e.target.value, e.target.validity.badInput)}
      />
      <TextField
        label="Target date"
        type="date"
        value={draft.targetOn}
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
              setDraft(saved);
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
