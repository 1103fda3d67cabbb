import { useState } from 'react';
import {
  ESTIMATE_SCALE_LABELS,
  ESTIMATE_SCALES,
  estimateScaleOf,
  type EstimateScale,
  type ProjectDoc,
} from '@keel/domain';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { saveEstimateScale } from './project-writes.ts';
import './cycle-settings.css';

const OPTIONS = ESTIMATE_SCALES.map((scale) => ({
  value: scale,
  label: ESTIMATE_SCALE_LABELS[scale],
}));

/**
 * How a project's issues are estimated (SPEC §10): none, Fibonacci, linear 1–10 or T-shirt
 * sizes. Saved as it is chosen by owners and admins; everyone else reads it.
 */
export function EstimateSettingsSection({
  project,
  canEdit,
}: {
  project: ProjectDoc;
  canEdit: boolean;
}) {
  const session = useWorkspace();
  const scale = estimateScaleOf(project);
  const [saving, setSaving] = useState(false);
  const headingId = `estimates-${project._id}`;

  const choose = async (next: EstimateScale) => {
    setSaving(true);
    const outcome = await saveEstimateScale(session, project._id, next);
    setSaving(false);
    if (!outcome.ok) return showToast(outcome.message, 'error');
    showToast(`Estimates for ${project.name}: ${ESTIMATE_SCALE_LABELS[next]}`, 'success');
  };

  return (
    <section className="cycle-settings" aria-labelledby={headingId}>
      <h3 id={headingId}>Estimates</h3>
      <p className="cycle-settings__summary">
        {canEdit
          ? 'How this project’s issues are sized. Estimates already given stay as they are; lists, cycles and milestones show their sums in points.'
          : `${ESTIMATE_SCALE_LABELS[scale]}.`}
      </p>
      {canEdit ? (
        <div className="cycle-settings__fields">
          <SelectField
            label="Estimate scale"
            value={scale}
            disabled={saving}
            options={OPTIONS}
            onChange={(e) => {
              const next = ESTIMATE_SCALES.find((s) => s === e.target.value);
              if (next) void choose(next);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
