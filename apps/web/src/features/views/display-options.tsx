import type { GroupBy, SortBy, ViewQuery } from '@keel/domain';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { Popover } from './popover.tsx';

const GROUPINGS: { value: GroupBy; label: string }[] = [
  { value: 'state', label: 'State' },
  { value: 'priority', label: 'Priority' },
  { value: 'assignee', label: 'Assignee' },
  { value: 'label', label: 'Label' },
  { value: 'project', label: 'Project' },
  { value: 'cycle', label: 'Cycle' },
  { value: 'milestone', label: 'Milestone' },
  { value: 'none', label: 'No grouping' },
];

const ORDERINGS: { value: SortBy; label: string }[] = [
  { value: 'manual', label: 'Manual' },
  { value: 'priority', label: 'Priority' },
  { value: 'created', label: 'Created (newest first)' },
  { value: 'updated', label: 'Updated (newest first)' },
  { value: 'dueDate', label: 'Due date (soonest first)' },
  { value: 'title', label: 'Title (A–Z)' },
];

/** Grouping and ordering of the view, kept in the URL with the filters. */
export function DisplayOptions({
  view,
  onChange,
}: {
  view: ViewQuery;
  onChange: (view: ViewQuery) => void;
}) {
  return (
    <Popover label="Display" title="Display options">
      <div className="display-options">
        <SelectField
          label="Grouping"
          options={GROUPINGS}
          value={view.groupBy}
          onChange={(e) => onChange({ ...view, groupBy: e.target.value as GroupBy })}
        />
        <SelectField
          label="Ordering"
          options={ORDERINGS}
          value={view.sortBy}
          onChange={(e) => onChange({ ...view, sortBy: e.target.value as SortBy })}
        />
      </div>
    </Popover>
  );
}
