import type { CSSProperties, KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { dayNumber, PROJECT_STATUS_LABELS, projectStatus, type ProjectDoc } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { dayLabel } from '../../shared/lib/day-label.ts';
import { saveProjectPlan } from '../projects/index.ts';
import { useDayDrag } from './roadmap-drag.ts';
import { arrowStep, BAR_KEYS, BAR_KEYS_HINT_ID } from './roadmap-keys.ts';
import {
  clampPlan,
  drawnPlan,
  movePlan,
  withDrawnEnd,
  xOfDay,
  type DragPart,
  type PlanDays,
  type TimeScale,
} from './time-scale.ts';
import { useDateDraft } from './use-date-draft.ts';

export interface ProjectBarProps {
  project: ProjectDoc;
  scale: TimeScale;
  today: string;
  href: string;
  canEdit: boolean;
}

/** "Jan 4 to Jun 30, 2027", or what is missing: what a bar's days say in words. */
export function planText({ startsOn, targetOn }: Partial<PlanDays>, today: string): string {
  const day = (d: string) => dayLabel(d, today);
  if (startsOn && targetOn) return `${day(startsOn)} to ${day(targetOn)}`;
  if (startsOn) return `Starts ${day(startsOn)}, no target`;
  if (targetOn) return `No start, target ${day(targetOn)}`;
  return 'No dates';
}

/**
 * A project's bar from its start to its target day (both inclusive), coloured by status. Those
 * who may plan drag its body to move both days, an end to move one, or use the arrow keys;
 * anyone else gets a link to the project.
 */
export function ProjectBar({ project, scale, today, href, canEdit }: ProjectBarProps) {
  const session = useWorkspace();
  const navigate = useNavigate();
  const stored: PlanDays = {
    startsOn: project.startsOn ?? null,
    targetOn: project.targetOn ?? null,
  };
  const dates = useDateDraft((plan: PlanDays) => {
    // Only the days that moved, over the latest copy (another admin may have changed the other).
    const changes: { startsOn?: string; targetOn?: string } = {};
    if (plan.startsOn !== (project.startsOn ?? null)) changes.startsOn = plan.startsOn ?? '';
    if (plan.targetOn !== (project.targetOn ?? null)) changes.targetOn = plan.targetOn ?? '';
    return saveProjectPlan(session, project._id, changes);
  });
  const shown = dates.draft ?? stored;
  const moved = (from: PlanDays, part: DragPart, delta: number) =>
    clampPlan(scale, from, movePlan(withDrawnEnd(from, part), part, delta));
  const startDrag = useDayDrag(scale, shown, {
    onMove: (part, delta, from) => dates.preview(moved(from, part, delta)),
    onDrop: (part, delta, from) => dates.commit(moved(from, part, delta)),
    onCancel: dates.cancel,
    onClick: () => void navigate(href),
  });

  const { startsOn: first, targetOn: last } = drawnPlan(shown);
  if (!first || !last) return null;
  const left = xOfDay(scale, first);
  const style: CSSProperties = { left, width: xOfDay(scale, last) + scale.pxPerDay - left };
  const status = projectStatus(project);
  const words = planText(shown, today);
  const open = [
    'roadmap-bar',
    `roadmap-bar--${status}`,
    shown.startsOn ? '' : 'roadmap-bar--no-start',
    shown.targetOn ? '' : 'roadmap-bar--no-target',
    dates.draft ? 'roadmap-bar--moving' : '',
  ];
  const className = open.filter(Boolean).join(' ');
  // The days while a pointer or focus is on the bar; the row's name column says them at rest.
  const label = (
    <span className="roadmap-tip" aria-hidden="true">
      {words}
    </span>
  );

  if (!canEdit)
    return (
      <Link
        to={href}
        className={className}
        style={style}
        aria-label={`${project.name}, ${PROJECT_STATUS_LABELS[status]}, ${words}`}
      >
        {label}
      </Link>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      dates.flush();
      void navigate(href);
      return;
    }
    const step = arrowStep(event);
    if (step === 0) return;
    event.preventDefault();
    // Alt moves the target alone (a project running late); otherwise the whole bar moves.
    dates.commitSoon(moved(shown, event.altKey ? 'end' : 'move', step));
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      className={`${className} roadmap-bar--editable`}
      style={style}
      aria-label={`${project.name} (${PROJECT_STATUS_LABELS[status]})`}
      aria-valuetext={words}
      aria-valuenow={dayNumber(shown.startsOn ?? last)}
      aria-valuemin={scale.first}
      aria-valuemax={scale.end - 1}
      aria-describedby={BAR_KEYS_HINT_ID}
      aria-keyshortcuts={BAR_KEYS}
      onKeyDown={onKeyDown}
      onBlur={dates.flush}
      onPointerDown={startDrag('move')}
    >
      <span
        className="roadmap-bar__end roadmap-bar__end--start"
        aria-hidden="true"
        onPointerDown={startDrag('start')}
      />
      <span
        className="roadmap-bar__end roadmap-bar__end--target"
        aria-hidden="true"
        onPointerDown={startDrag('end')}
      />
      {label}
    </div>
  );
}
