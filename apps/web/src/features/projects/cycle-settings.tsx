import { useState } from 'react';
import {
  CYCLE_UPCOMING,
  CYCLE_WEEKS,
  DEFAULT_CYCLE_SETTINGS,
  type CycleSettings,
  type ProjectDoc,
} from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { saveCycleSettings } from './project-writes.ts';
import './cycle-settings.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const range = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);
const WEEK_OPTIONS = range(CYCLE_WEEKS.min, CYCLE_WEEKS.max).map((n) => ({
  value: String(n),
  label: `${n} week${n === 1 ? '' : 's'}`,
}));
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i), label }));
const UPCOMING_OPTIONS = range(CYCLE_UPCOMING.min, CYCLE_UPCOMING.max).map((n) => ({
  value: String(n),
  label: `${n} cycle${n === 1 ? '' : 's'}`,
}));

/**
 * A project's cycles (SPEC §10): on or off, their length, the weekday they start on and how many
 * are planned ahead. Owners and admins change them; everyone else reads them.
 */
export function CycleSettingsSection({
  project,
  canEdit,
}: {
  project: ProjectDoc;
  canEdit: boolean;
}) {
  const session = useWorkspace();
  const saved = project.cycles ?? { ...DEFAULT_CYCLE_SETTINGS, enabled: false };
  const [draft, setDraft] = useState<CycleSettings>(saved);
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = (field: keyof CycleSettings) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: field === 'enabled' ? value === 'on' : Number(value) }));

  const save = async (settings: CycleSettings) => {
    setSaving(true);
    const outcome = await saveCycleSettings(session, project._id, settings);
    setSaving(false);
    if (!outcome.ok) return showToast(outcome.message, 'error');
    setDraft(settings);
    showToast(
      settings.enabled ? `Cycles saved for ${project.name}` : 'Cycles turned off',
      'success',
    );
  };

  const heading = <h3 id={`cycles-${project._id}`}>Cycles</h3>;
  if (!canEdit)
    return (
      <section className="cycle-settings" aria-labelledby={`cycles-${project._id}`}>
        {heading}
        <p className="cycle-settings__summary">
          {saved.enabled
            ? `${WEEK_OPTIONS[saved.weeks - 1]!.label}, starting on ${WEEKDAYS[saved.startWeekday]!}; ${UPCOMING_OPTIONS[saved.upcoming - 1]!.label} planned ahead.`
            : 'Cycles are off for this project.'}
        </p>
      </section>
    );

  return (
    <section className="cycle-settings" aria-labelledby={`cycles-${project._id}`}>
      {heading}
      <p className="cycle-settings__summary">
        Work in time-boxed cycles. Keel keeps the current cycle and the next ones scheduled, and
        moves unfinished issues to the next cycle when one ends.
      </p>
      <div className="cycle-settings__fields">
        <SelectField
          label="Cycles"
          value={draft.enabled ? 'on' : 'off'}
          options={[
            { value: 'off', label: 'Off' },
            { value: 'on', label: 'On' },
          ]}
          onChange={(e) => set('enabled')(e.target.value)}
        />
        <SelectField
          label="Length"
          value={String(draft.weeks)}
          options={WEEK_OPTIONS}
          disabled={!draft.enabled}
          onChange={(e) => set('weeks')(e.target.value)}
        />
        <SelectField
          label="Starts on"
          value={String(draft.startWeekday)}
          options={WEEKDAY_OPTIONS}
          disabled={!draft.enabled}
          onChange={(e) => set('startWeekday')(e.target.value)}
        />
        <SelectField
          label="Planned ahead"
          value={String(draft.upcoming)}
          options={UPCOMING_OPTIONS}
          disabled={!draft.enabled}
          onChange={(e) => set('upcoming')(e.target.value)}
        />
      </div>
      <div className="cycle-settings__actions">
        <Button variant="primary" disabled={!changed || saving} onClick={() => void save(draft)}>
          Save cycles
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => setDraft(saved)}>
            Discard
          </Button>
        ) : null}
      </div>
    </section>
  );
}
