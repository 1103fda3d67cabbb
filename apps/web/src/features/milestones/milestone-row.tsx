import { useEffect, useRef, useState } from 'react';
import type { CycleProgress, MilestoneDoc } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { dayLabel } from '../../shared/lib/day-label.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { MilestoneForm } from './milestone-form.tsx';
import { moveMilestone, updateMilestone } from './milestone-writes.ts';
import { showToast } from '../../shared/ui/toast-store.ts';

export interface MilestoneRowProps {
  milestone: MilestoneDoc;
  progress: CycleProgress;
  /** Its place in the project's order: the first cannot move up, the last down. */
  first: boolean;
  last: boolean;
  count: number;
  today: string;
  canEdit: boolean;
  onDelete: () => void;
}

const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** One milestone: its target, its issues' progress; admins rename, re-date, move and delete it. */
export function MilestoneRow({
  milestone,
  progress,
  first,
  last,
  count,
  today,
  canEdit,
  onDelete,
}: MilestoneRowProps) {
  const session = useWorkspace();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  // Back from the row's form, keyboard focus returns to its Edit button, not to the page.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!editing && refocus) editButton.current?.focus();
  }, [editing, refocus]);
  const stopEditing = () => {
    setRefocus(true);
    setEditing(false);
  };
  // Every issue done, not a figure that rounds to 100% (199 of 200).
  const done = progress.scope.count > 0 && progress.completed.count === progress.scope.count;
  const late = milestone.targetOn !== null && milestone.targetOn < today && !done;
  const move = (step: -1 | 1) =>
    void moveMilestone(session, milestone._id, step).then((outcome) => {
      if (!outcome.ok) return showToast(outcome.message, 'error');
      // At the top or the bottom now, the arrow pressed is disabled: focus the other one.
      requestAnimationFrame(() => {
        const pressed = step < 0 ? upButton.current : downButton.current;
        if (pressed?.disabled) (step < 0 ? downButton : upButton).current?.focus();
      });
    });

  if (editing)
    return (
      <li className="milestone-row milestone-row--editing">
        <MilestoneForm
          initial={{ name: milestone.name, targetOn: milestone.targetOn ?? '' }}
          count={count}
          editing
          submitLabel="Save milestone"
          label={`Edit milestone ${milestone.name}`}
          onCancel={stopEditing}
          onSubmit={async (draft) => {
            const outcome = await updateMilestone(session, milestone._id, draft);
            if (outcome.ok) stopEditing();
            return outcome;
          }}
        />
      </li>
    );

  return (
    <li className="milestone-row">
      <span className="milestone-row__mark" data-done={done || undefined} aria-hidden="true" />
      <span className="milestone-row__name">{milestone.name}</span>
      <span
        className={
          late ? 'milestone-row__target milestone-row__target--late' : 'milestone-row__target'
        }
      >
        {milestone.targetOn
          ? `${late ? 'Was due' : 'Target'} ${dayLabel(milestone.targetOn, today)}`
          : 'No target date'}
      </span>
      <ProgressBar progress={progress} label={`${milestone.name} completed`} />
      <span className="milestone-row__points">
        {progress.scope.points > 0
          ? `${progress.completed.points} of ${points(progress.scope.points)}`
          : null}
      </span>
      {canEdit ? (
        <span className="milestone-row__actions">
          <Button
            size="sm"
            variant="ghost"
            ref={upButton}
            aria-label={`Move ${milestone.name} up`}
            disabled={first}
            onClick={() => move(-1)}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            ref={downButton}
            aria-label={`Move ${milestone.name} down`}
            disabled={last}
            onClick={() => move(1)}
          >
            ↓
          </Button>
          <Button
            size="sm"
            variant="ghost"
            ref={editButton}
            aria-label={`Edit milestone ${milestone.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete milestone ${milestone.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </span>
      ) : null}
    </li>
  );
}
