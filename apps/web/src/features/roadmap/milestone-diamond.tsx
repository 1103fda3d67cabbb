import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { dayNumber, type MilestoneDoc } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { dayLabel } from '../../shared/lib/day-label.ts';
import { setMilestoneTarget } from '../milestones/index.ts';
import { useDayDrag } from './roadmap-drag.ts';
import { arrowStep, MILESTONE_KEYS, MILESTONE_KEYS_HINT_ID } from './roadmap-keys.ts';
import { addDays, clampToScale, xOfDay, type TimeScale } from './time-scale.ts';
import { useDateDraft } from './use-date-draft.ts';

export interface MilestoneDiamondProps {
  milestone: MilestoneDoc & { targetOn: string };
  scale: TimeScale;
  today: string;
  href: string;
  canEdit: boolean;
}

/**
 * A milestone on its project's row at the middle of its target day. Those who may manage
 * milestones drag it or move it with the arrow keys; anyone else gets a link to the project.
 */
export function MilestoneDiamond({
  milestone,
  scale,
  today,
  href,
  canEdit,
}: MilestoneDiamondProps) {
  const session = useWorkspace();
  const navigate = useNavigate();
  const target = useDateDraft((day: string) => setMilestoneTarget(session, milestone._id, day));
  const day = target.draft ?? milestone.targetOn;
  const moved = (from: string, delta: number) => clampToScale(scale, addDays(from, delta));
  const startDrag = useDayDrag(scale, day, {
    onMove: (_part, delta, from) => target.preview(moved(from, delta)),
    onDrop: (_part, delta, from) => target.commit(moved(from, delta)),
    onCancel: target.cancel,
  });
  const name = `Milestone ${milestone.name}, target ${dayLabel(day, today)}`;
  const className = `roadmap-milestone${target.draft ? ' roadmap-milestone--moving' : ''}`;
  const style = { left: xOfDay(scale, day) + scale.pxPerDay / 2 };
  const tip = (
    <span className="roadmap-tip" aria-hidden="true">
      {milestone.name} · {dayLabel(day, today)}
    </span>
  );

  if (!canEdit)
    return (
      <Link to={href} className={className} style={style} aria-label={name}>
        {tip}
      </Link>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      target.flush();
      void navigate(href);
      return;
    }
    const step = arrowStep(event);
    if (step === 0) return;
    event.preventDefault();
    target.commitSoon(clampToScale(scale, addDays(day, step)));
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      className={`${className} roadmap-milestone--editable`}
      style={style}
      aria-label={name}
      aria-valuetext={`Target ${dayLabel(day, today)}`}
      aria-valuenow={dayNumber(day)}
      aria-valuemin={scale.first}
      aria-valuemax={scale.end - 1}
      aria-describedby={MILESTONE_KEYS_HINT_ID}
      aria-keyshortcuts={MILESTONE_KEYS}
      onKeyDown={onKeyDown}
      onBlur={target.flush}
      onPointerDown={startDrag('move')}
    >
      {tip}
    </div>
  );
}
