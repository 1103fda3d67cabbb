import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { cycleLabel, dayOfMoment, openCycles, PRIORITY_NAMES, type ProjectDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { useScreenCommands } from '../commands/index.ts';
import { useMembers, useProjectCycles, useProjects } from '../../data/use-docs.ts';
import type { BulkChange } from './bulk-edit.ts';
import { useBulkEdit } from './use-bulk-edit.ts';
import { useProjectMilestones } from '../../data/use-milestones.ts';
import { useLabelMap } from './use-view-groups.ts';

export interface BulkBarProps {
  selected: readonly string[];
  project?: ProjectDoc | undefined;
  onClear: () => void;
}

const NONE = '__none__';

/**
 * "N selected" and one menu per field; choosing a value changes every selected issue in one
 * write. Esc (handled by the list) or Clear selection ends it.
 */
export function BulkBar({ selected, project, onClear }: BulkBarProps) {
  const projects = useProjects();
  const members = useMembers();
  const labels = useLabelMap();
  const apply = useBulkEdit();
  const [busy, setBusy] = useState(false);
  // A cycle belongs to one project: offered only in that project's own list.
  const cycles = useProjectCycles(project?.cycles?.enabled ? project._id : undefined);
  const today = dayOfMoment(new Date());
  const open = useMemo(() => openCycles(cycles, today), [cycles, today]);
  // So does a milestone.
  const milestones = useProjectMilestones(project?._id);
  // s, p, a, l (and Shift+C) with a selection: the same commands as on one issue, here for all
  // selected.
  useScreenCommands(
    {
      'issue.state': openField('Set state'),
      'issue.priority': openField('Set priority'),
      'issue.assignee': openField('Set assignee'),
      'issue.labels': openField('Add or remove label'),
      // Only where the bar offers Set cycle: a project's own list, with cycles on.
      ...(project?.cycles?.enabled ? { 'issue.cycle': openField('Set cycle') } : {}),
    },
    selected.length > 0,
  );
  const stateNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const p of project ? [project] : projects)
      for (const s of p.states)
        if (!names.has(s.name.toLowerCase())) names.set(s.name.toLowerCase(), s.name);
    return [...names.values()];
  }, [project, projects]);

  if (selected.length === 0) return null;
  const run =
    (toChange: (value: string) => BulkChange) => async (e: ChangeEvent<HTMLSelectElement>) => {
      const value = e.target.value;
      e.target.value = '';
      if (!value) return;
      setBusy(true);
      await apply(selected, toChange(value));
      setBusy(false);
    };

  return (
    <div className="bulk-bar" role="region" aria-label="Bulk edit">
      <span className="bulk-bar__count" aria-live="polite">
        {selected.length} selected
      </span>
      <BulkSelect
        label="Set state"
        disabled={busy}
        onChange={run((stateName) => ({ field: 'state', stateName }))}
      >
        {stateNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </BulkSelect>
      <BulkSelect
        label="Set priority"
        disabled={busy}
        onChange={run((p) => ({ field: 'priority', priority: Number(p) }))}
      >
        {[1, 2, 3, 4, 0].map((p) => (
          <option key={p} value={p}>
            {PRIORITY_NAMES[p]}
          </option>
        ))}
      </BulkSelect>
      <BulkSelect
        label="Set assignee"
        disabled={busy}
        onChange={run((id) => ({ field: 'assignee', assigneeId: id === NONE ? null : id }))}
      >
        <option value={NONE}>No assignee</option>
        {members
          .filter((m) => m.active)
          .map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name || m.email}
            </option>
          ))}
      </BulkSelect>
      {labels.size > 0 ? (
        <BulkSelect
          label="Add or remove label"
          disabled={busy}
          onChange={run((labelId) => ({ field: 'label', labelId }))}
        >
          {[...labels.values()].map((l) => (
            <option key={l._id} value={l._id}>
              {l.name}
            </option>
          ))}
        </BulkSelect>
      ) : null}
      {milestones.length ? (
        <BulkSelect
          label="Set milestone"
          disabled={busy}
          onChange={run((id) => ({ field: 'milestone', milestoneId: id === NONE ? null : id }))}
        >
          <option value={NONE}>No milestone</option>
          {milestones.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </BulkSelect>
      ) : null}
      {project?.cycles?.enabled ? (
        <BulkSelect
          label="Set cycle"
          disabled={busy}
          onChange={run((id) => ({ field: 'cycle', cycleId: id === NONE ? null : id }))}
        >
          <option value={NONE}>No cycle</option>
          {open.map((c) => (
            <option key={c._id} value={c._id}>
              {cycleLabel(c)}
              {c.startsOn <= today ? ' (current)' : ''}
            </option>
          ))}
        </BulkSelect>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** A command's handler: open the bar's menu for one field, as a click would. */
const openField = (label: string) => () => {
  const select = document.querySelector<HTMLSelectElement>(
    `.bulk-bar select[aria-label="${label}"]`,
  );
  if (!select || select.disabled) return;
  select.focus();
  try {
    select.showPicker();
  } catch {
    // Not offered (an older browser, or no user activation): focused, arrows and Enter pick.
  }
};

function BulkSelect({
  label,
  disabled,
  onChange,
  children,
}: {
  label: string;
  disabled: boolean;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <select
      className="bulk-bar__select field__control"
      aria-label={label}
      disabled={disabled}
      defaultValue=""
      onChange={onChange}
    >
      <option value="" disabled>
        {label}…
      </option>
      {children}
    </select>
  );
}
