import type { IssueFilter } from '@keel/domain';
import { Popover } from './popover.tsx';
import { fieldValues, withFieldValues, type FilterSection } from './use-filter-options.ts';

export interface FilterMenuProps {
  sections: FilterSection[];
  filter: IssueFilter;
  onChange: (filter: IssueFilter) => void;
}

/** A checkbox per value, grouped by field: any checked value of a field matches. */
export function FilterMenu({ sections, filter, onChange }: FilterMenuProps) {
  return (
    <Popover label="+ Filter" title="Filters">
      <div className="filter-menu">
        {sections.map((section) => {
          const values = fieldValues(filter, section.field);
          const toggle = (value: string, on: boolean) =>
            onChange(
              withFieldValues(
                filter,
                section.field,
                on ? [...values, value] : values.filter((v) => v !== value),
              ),
            );
          return (
            <fieldset key={section.field} className="filter-menu__section">
              <legend>{section.name}</legend>
              {section.options.length === 0 ? (
                <p className="filter-menu__empty">None in this workspace yet</p>
              ) : (
                section.options.map((option) => (
                  <label key={option.value} className="filter-menu__option">
                    <input
                      type="checkbox"
                      checked={values.includes(option.value)}
                      onChange={(e) => toggle(option.value, e.target.checked)}
                    />
                    {option.label}
                  </label>
                ))
              )}
            </fieldset>
          );
        })}
      </div>
    </Popover>
  );
}
