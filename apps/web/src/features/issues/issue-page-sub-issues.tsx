import { memo, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { subIssueProgress, type ProjectDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { issueKeyOf, useProjectMap, useSubIssues } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { createIssue } from './create-issue.ts';
import { StateIcon } from '../../shared/ui/state-icon.tsx';
import { SubIssueProgressMark } from './sub-issue-progress.tsx';

export interface SubIssuesProps {
  issueId: string;
  project: ProjectDoc;
  readOnly: boolean;
}

/**
 * The issue's children with their state, and a one-line form to add another. Memoised: an edit
 * of the issue's own fields does not redraw it.
 */
export const SubIssues = memo(function SubIssues({ issueId, project, readOnly }: SubIssuesProps) {
  const session = useWorkspace();
  const children = useSubIssues(issueId);
  // A sub-issue may be in another project: its key and state are its own project's.
  const projects = useProjectMap();
  const progress = useMemo(() => subIssueProgress(children, projects), [children, projects]);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState('');
  // What the field holds as typed, read after the save: a title typed meanwhile is kept.
  const typed = useRef('');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    if (busy) return;
    const submitted = title;
    setBusy(true);
    // One write: the issue with its parent set, so a failure leaves nothing half made.
    const created = await createIssue(session, {
      projectId: project._id,
      title,
      description: '',
      parentId: issueId,
    }).finally(() => setBusy(false));
    if (!created.ok) return setError(created.fields.title ?? created.message);
    setError(null);
    // Closed, unless the next title was typed while this one saved: it stays, ready to add.
    if (typed.current !== submitted) return;
    typed.current = '';
    setTitle('');
    setAdding(false);
  };

  return (
    <section className="sub-issues" aria-labelledby="sub-issues-heading">
      <div className="sub-issues__header">
        <h2 id="sub-issues-heading" className="sub-issues__heading">
          Sub-issues
          {progress ? (
            <span className="visually-hidden">
              , {progress.done} of {progress.total} done
            </span>
          ) : null}
          <SubIssueProgressMark progress={progress} />
        </h2>
        {readOnly || adding ? null : (
          <Button size="sm" variant="ghost" onClick={() => setAdding(true)}>
            Add sub-issue
          </Button>
        )}
      </div>
      {children.length === 0 && !adding ? (
        <p className="sub-issues__empty">
          {readOnly ? 'No sub-issues.' : 'No sub-issues. Break the work down with Add sub-issue.'}
        </p>
      ) : (
        <ul className="sub-issues__list">
          {children.map((child) => {
            const state = projects.get(child.projectId)?.states.find((s) => s.id === child.stateId);
            const key = issueKeyOf(child, projects);
            return (
              <li key={child._id}>
                <Link to={`/${session.slug}/issue/${key}`} className="sub-issues__link">
                  {state ? <StateIcon state={state} /> : null}
                  <span className="sub-issues__key">{key}</span>
                  <span className="sub-issues__title">{child.title}</span>
                  <span className="sub-issues__state">{state?.name ?? ''}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <form
          className="sub-issues__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextField
            label="Sub-issue title"
            value={title}
            autoFocus
            error={error}
            onChange={(e) => {
              typed.current = e.target.value;
              setTitle(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setAdding(false);
            }}
          />
          <div className="sub-issues__actions">
            <Button size="sm" variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" type="submit" disabled={busy}>
              Create sub-issue
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
});
