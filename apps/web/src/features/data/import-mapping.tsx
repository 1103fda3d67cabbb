import { useId } from 'react';
import {
  PRIORITIES,
  type ImportForeignResponse,
  type ImportMapping,
  type MemberDoc,
  type WorkflowState,
} from '@keel/domain';

type Found = Pick<ImportForeignResponse, 'states' | 'priorities' | 'people'>;

/** The importer's choices, from what the check found: each value → what it becomes. */
export function mappingOf(found: Found): ImportMapping {
  return {
    states: found.states.map(({ from, to }) => ({ from, to })),
    priorities: found.priorities.map(({ from, to }) => ({ from, to })),
    people: found.people.map(({ from, to }) => ({ from, to })),
  };
}

const NOBODY = '';

/**
 * The mapping step of an import from another tracker: each of the tool's states, priorities and
 * people the file uses, how many issues have it, and a choice of what it becomes in Keel. The
 * check's suggestions are chosen to begin with.
 */
export function ImportMapping({
  found,
  mapping,
  states,
  members,
  tool,
  onChange,
}: {
  found: Found;
  mapping: ImportMapping;
  states: readonly WorkflowState[];
  members: readonly MemberDoc[];
  tool: string;
  onChange: (mapping: ImportMapping) => void;
}) {
  const countIn = (list: readonly { from: string; count: number }[]) => (from: string) => {
    const n = list.find((f) => f.from === from)?.count ?? 0;
    return n === 1 ? '1 issue' : `${n.toLocaleString('en')} issues`;
  };
  const active = members.filter((m) => m.active);
  return (
    <div className="import-mapping">
      {mapping.states.length ? (
        <MappingGroup
          legend={`${tool} statuses`}
          rows={mapping.states.map((m) => ({ from: m.from, value: m.to }))}
          options={states.map((s) => ({ value: s.id, label: s.name }))}
          count={countIn(found.states)}
          onChange={(from, value) =>
            onChange({
              ...mapping,
              states: mapping.states.map((m) => (m.from === from ? { from, to: value } : m)),
            })
          }
        />
      ) : null}
      {mapping.priorities.length ? (
        <MappingGroup
          legend={`${tool} priorities`}
          rows={mapping.priorities.map((m) => ({ from: m.from, value: String(m.to) }))}
          options={PRIORITIES.map((p) => ({ value: String(p.value), label: p.name }))}
          count={countIn(found.priorities)}
          onChange={(from, value) =>
            onChange({
              ...mapping,
              priorities: mapping.priorities.map((m) =>
                m.from === from ? { from, to: Number(value) } : m,
              ),
            })
          }
        />
      ) : null}
      {mapping.people.length ? (
        <MappingGroup
          legend="Assignees"
          hint="Someone mapped to nobody is left unassigned, with a note in the issue’s description."
          rows={mapping.people.map((m) => ({ from: m.from, value: m.to ?? NOBODY }))}
          options={[
            { value: NOBODY, label: 'Nobody (unassigned)' },
            ...active.map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` })),
          ]}
          count={countIn(found.people)}
          onChange={(from, value) =>
            onChange({
              ...mapping,
              people: mapping.people.map((m) =>
                m.from === from ? { from, to: value === NOBODY ? null : value } : m,
              ),
            })
          }
        />
      ) : null}
    </div>
  );
}

function MappingGroup({
  legend,
  hint,
  rows,
  options,
  count,
  onChange,
}: {
  legend: string;
  hint?: string;
  rows: { from: string; value: string }[];
  options: { value: string; label: string }[];
  count: (from: string) => string;
  onChange: (from: string, value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="import-mapping__group" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="import-mapping__legend">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <div className="import-mapping__row" key={row.from}>
          <label className="import-mapping__from" htmlFor={`${id}-${index}`}>
            <span className="import-mapping__name">{row.from || '(none)'}</span>
            <span className="import-mapping__count">{count(row.from)}</span>
          </label>
          <span className="import-mapping__arrow" aria-hidden="true">
            →
          </span>
          <select
            id={`${id}-${index}`}
            className="field__control import-mapping__to"
            value={row.value}
            onChange={(e) => onChange(row.from, e.target.value)}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}
