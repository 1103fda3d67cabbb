import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  RELATION_SIDE_LABELS,
  RELATION_SIDES,
  relationSide,
  type RelationDoc,
  type RelationSide,
} from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { StateIcon } from '../../shared/ui/state-icon.tsx';
import {
  issueKeyOf,
  useDoc,
  useIssueRelations,
  useIssuesWhile,
  useProjectMap,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useScreenCommands } from '../commands/index.ts';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import { parentOptions } from './issue-properties-options.ts';
import { addRelation, removeRelation } from '../../data/relation-writes.ts';
import { offerUndoOfRelationAdded, offerUndoOfRelationRemoved } from '../undo/index.ts';
import './issue-page-relations.css';

interface Row {
  relation: RelationDoc;
  side: RelationSide;
  otherId: string;
}

const NOTHING: readonly string[] = [];
const SIDE_OPTIONS = RELATION_SIDES.map((side) => ({
  value: side,
  label: RELATION_SIDE_LABELS[side].toLowerCase(),
}));

/**
 * How the issue relates to others (SPEC §10): blocks, blocked by, related to, duplicate of,
 * duplicated by; each with the other issue's key, title and state, and a way to add and remove.
 * Memoised: an edit of the issue's own fields does not redraw it.
 */
export const Relations = memo(function Relations({
  issueId,
  readOnly,
}: {
  issueId: string;
  readOnly: boolean;
}) {
  const session = useWorkspace();
  const { from, to } = useIssueRelations(issueId);
  const [adding, setAdding] = useState(false);
  const [side, setSide] = useState<RelationSide>('relates');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const projects = useProjectMap();
  // Thousands of issues: the choices are built only while the list is open.
  const issues = useIssuesWhile(open);
  const options = useCallback(
    () => parentOptions(issueId, issues, projects).slice(1),
    [issueId, issues, projects],
  );

  // The palette's Add relation… and its key (r) open the form; it opens on its side choice.
  useScreenCommands({ 'issue.relation': () => setAdding(true) }, !readOnly);
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (adding) form.current?.querySelector('select')?.focus();
  }, [adding]);

  const rows = useMemo(() => {
    const all: Row[] = [...from, ...to].map((relation) => ({
      relation,
      ...relationSide(relation, issueId),
    }));
    return all.sort((a, b) => RELATION_SIDES.indexOf(a.side) - RELATION_SIDES.indexOf(b.side));
  }, [from, to, issueId]);

  /** "blocked by ENG-5": how this issue relates to the other, for the Undo toast. */
  const described = useCallback(
    (relation: RelationDoc) => {
      const { side: seen, otherId } = relationSide(relation, issueId);
      const other = session.store.get(otherId);
      const key = other?.type === 'issue' ? issueKeyOf(other, projects) : 'an issue';
      return `${RELATION_SIDE_LABELS[seen].toLowerCase()} ${key}`;
    },
    [session, issueId, projects],
  );

  const add = useCallback(
    async (otherId: string) => {
      const added = await addRelation(session, issueId, otherId, side);
      if (!added.outcome.ok) return setError(added.outcome.message);
      setError(null);
      setAdding(false);
      if (added.relation)
        offerUndoOfRelationAdded(session, `Added relation: ${described(added.relation)}`, added);
    },
    [session, issueId, side, described],
  );

  const remove = async (relationId: string) => {
    const removed = await removeRelation(session, relationId);
    setError(removed.outcome.ok ? null : removed.outcome.message);
    if (removed.relation)
      offerUndoOfRelationRemoved(
        session,
        `Removed relation: ${described(removed.relation)}`,
        removed.relation,
      );
  };

  return (
    <section className="relations" aria-labelledby="relations-heading">
      <div className="relations__header">
        <h2 id="relations-heading">Relations</h2>
        {readOnly || adding ? null : (
          <Button size="sm" variant="ghost" onClick={() => setAdding(true)}>
            Add relation
          </Button>
        )}
      </div>
      {rows.length === 0 && !adding ? (
        <p className="relations__empty">
          {readOnly
            ? 'No related issues.'
            : 'No related issues. Mark what blocks this, or what it duplicates, with Add relation.'}
        </p>
      ) : (
        <ul className="relations__list">
          {rows.map((row) => (
            <RelationRow
              key={row.relation._id}
              row={row}
              slug={session.slug}
              readOnly={readOnly}
              onRemove={remove}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <div className="relations__form" ref={form}>
          <SelectField
            label="This issue"
            className="relations__side"
            value={side}
            options={SIDE_OPTIONS}
            onChange={(e) => setSide(e.target.value as RelationSide)}
          />
          <PropertyCombobox
            label="Related issue"
            options={options}
            selected={NOTHING}
            placeholder="Find an issue by key or title"
            error={error}
            onSelect={(value) => void add(value)}
            onOpenChange={setOpen}
          />
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setAdding(false);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </div>
      ) : error ? (
        <p className="relations__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
});

function RelationRow({
  row,
  slug,
  readOnly,
  onRemove,
}: {
  row: Row;
  slug: string;
  readOnly: boolean;
  onRemove: (relationId: string) => Promise<void>;
}) {
  // Follows the other issue alone, so its new title or state shows here at once.
  const other = useDoc(row.otherId);
  const projects = useProjectMap();
  const label = RELATION_SIDE_LABELS[row.side];
  if (other?.type !== 'issue') return null;
  const key = issueKeyOf(other, projects);
  const state = projects.get(other.projectId)?.states.find((s) => s.id === other.stateId);
  return (
    <li className="relations__row">
      <span className="relations__kind">{label}</span>
      <Link to={`/${slug}/issue/${key}`} className="relations__link">
        {state ? <StateIcon state={state} /> : null}
        <span className="relations__key">{key}</span>
        <span className="relations__title">{other.title}</span>
      </Link>
      {readOnly ? null : (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove relation: ${label.toLowerCase()} ${key}`}
          onClick={() => void onRemove(row.relation._id)}
        >
          Remove
        </Button>
      )}
    </li>
  );
}
