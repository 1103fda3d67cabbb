import { EMPTY_FILTER, filterIsEmpty, type ProjectDoc, type ViewQuery } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { DisplayOptions } from './display-options.tsx';
import { FilterMenu } from './filter-menu.tsx';
import {
  fieldValues,
  useFilterOptions,
  withFieldValues,
  type FilterSection,
} from './use-filter-options.ts';
import './views.css';

export interface FilterBarProps {
  view: ViewQuery;
  onChange: (view: ViewQuery) => void;
  /** The project whose page this is, if any. */
  project?: ProjectDoc | undefined;
  /** The board has no grouping or ordering of its own: its columns are states, in manual order. */
  showDisplay?: boolean;
}

/** Text filter, the filter menu, a chip per active filter, Clear, and display options. */
export function FilterBar({ view, onChange, project, showDisplay = true }: FilterBarProps) {
  const sections = useFilterOptions(project);
  const { filter } = view;
  const setFilter = (next: typeof filter) => onChange({ ...view, filter: next });
  return (
    <div className="filter-bar" role="search" aria-label="Filter issues">
      <input
        type="search"
        className="filter-bar__text field__control"
        placeholder="Filter by key or title…"
        aria-label="Filter by text"
        value={filter.text}
        onChange={(e) => setFilter({ ...filter, text: e.target.value })}
        onKeyDown={(e) => {
          // Esc leaves the field, so the list's shortcuts work again.
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
      <FilterMenu sections={sections} filter={filter} onChange={setFilter} />
      <ul className="filter-bar__chips" aria-label="Active filters">
        {sections.map((section) => (
          <FilterChip
            key={section.field}
            section={section}
            values={fieldValues(filter, section.field)}
            onRemove={() => setFilter(withFieldValues(filter, section.field, []))}
          />
        ))}
      </ul>
      {filterIsEmpty(filter) ? null : (
        <Button size="sm" variant="ghost" onClick={() => setFilter(EMPTY_FILTER)}>
          Clear
        </Button>
      )}
      <span className="filter-bar__spacer" />
      {showDisplay ? <DisplayOptions view={view} onChange={onChange} /> : null}
    </div>
  );
}

function FilterChip({
  section,
  values,
  onRemove,
}: {
  section: FilterSection;
  values: string[];
  onRemove: () => void;
}) {
  if (values.length === 0) return null;
  const names = values.map((v) => section.options.find((o) => o.value === v)?.label ?? v);
  const text = `${section.name} is ${names.join(' or ')}`;
  return (
    <li className="chip">
      <span className="chip__text">{text}</span>
      <button
        type="button"
        className="chip__remove"
        aria-label={`Remove filter: ${text}`}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
