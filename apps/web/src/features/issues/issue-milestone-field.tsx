import { memo, useCallback, useMemo } from 'react';
import { dayOfMoment, type IssueEdit, type ProjectDoc } from '@keel/domain';
import { useProjectMilestones } from '../../data/use-milestones.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { afterPaintThen } from '../../shared/lib/after-paint.ts';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import { milestoneOptions, NONE } from './issue-properties-options.ts';
import type { PropertyField } from './issue-properties-save.ts';

/**
 * The issue's milestone (SPEC §10): one of its project's, or none. Shown while the project has
 * milestones; an issue in a milestone deleted since reads as in none.
 */
export const MilestoneField = memo(function MilestoneField({
  project,
  milestoneId,
  readOnly,
  error,
  save,
}: {
  project: ProjectDoc;
  milestoneId: string | null;
  readOnly: boolean;
  error: string | undefined;
  save: (field: PropertyField, edit: IssueEdit) => Promise<WriteOutcome>;
}) {
  const milestones = useProjectMilestones(project._id);
  const today = dayOfMoment(new Date());
  const options = useMemo(() => milestoneOptions(milestones, today), [milestones, today]);
  const held = milestones.some((m) => m._id === milestoneId);
  const selected = useMemo(() => [held && milestoneId ? milestoneId : NONE], [held, milestoneId]);
  const onSelect = useCallback(
    (value: string) => afterPaintThen(() => save('milestoneId', { milestoneId: value || null })),
    [save],
  );
  if (milestones.length === 0) return null;
  return (
    <PropertyCombobox
      label="Milestone"
      shortcut="shift+m"
      options={options}
      selected={selected}
      disabled={readOnly}
      error={error}
      onSelect={onSelect}
    />
  );
});
