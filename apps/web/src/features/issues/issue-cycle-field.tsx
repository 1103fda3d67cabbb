import { memo, useCallback, useMemo } from 'react';
import { dayOfMoment, type IssueEdit, type ProjectDoc } from '@keel/domain';
import { afterPaintThen } from '../../shared/lib/after-paint.ts';
import { useProjectCycles } from '../../data/use-docs.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import { cycleOptions, NONE } from './issue-properties-options.ts';
import type { PropertyField } from './issue-properties-save.ts';

/**
 * The issue's cycle (SPEC §10): one of its project's cycles still open, or none. Shown while the
 * project has cycles on, or while the issue is in one.
 */
export const CycleField = memo(function CycleField({
  project,
  cycleId,
  readOnly,
  error,
  save,
}: {
  project: ProjectDoc;
  cycleId: string | null;
  readOnly: boolean;
  error: string | undefined;
  save: (field: PropertyField, edit: IssueEdit) => Promise<WriteOutcome>;
}) {
  const cycles = useProjectCycles(project._id);
  const today = dayOfMoment(new Date());
  const options = useMemo(() => cycleOptions(cycles, cycleId, today), [cycles, cycleId, today]);
  const selected = useMemo(() => [cycleId ?? NONE], [cycleId]);
  const onSelect = useCallback(
    (value: string) => afterPaintThen(() => save('cycleId', { cycleId: value || null })),
    [save],
  );
  if (!project.cycles?.enabled && !cycleId) return null;
  return (
    <PropertyCombobox
      label="Cycle"
      shortcut="shift+c"
      options={options}
      selected={selected}
      disabled={readOnly}
      error={error}
      onSelect={onSelect}
    />
  );
});
