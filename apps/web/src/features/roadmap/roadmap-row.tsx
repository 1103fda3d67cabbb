import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  PROJECT_STATUS_LABELS,
  projectStatus,
  type MilestoneDoc,
  type ProjectDoc,
} from '@keel/domain';
import { useProjectMilestones } from '../../data/use-milestones.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { saveProjectPlan } from '../projects/index.ts';
import { MilestoneDiamond } from './milestone-diamond.tsx';
import { planText, ProjectBar } from './project-bar.tsx';
import { addDays, xOfDay, type TimeScale } from './time-scale.ts';

export interface RoadmapRowProps {
  project: ProjectDoc;
  scale: TimeScale;
  today: string;
  canPlan: boolean;
  canManageMilestones: boolean;
}

/** A new plan's length: long enough to see and grab, short enough to be a guess. */
const NEW_PLAN_DAYS = 28;

const hasTarget = (m: MilestoneDoc): m is MilestoneDoc & { targetOn: string } =>
  m.targetOn !== null;

/** One project: its name in the left column, its bar and milestones on the time axis. */
export function RoadmapRow({
  project,
  scale,
  today,
  canPlan,
  canManageMilestones,
}: RoadmapRowProps) {
  const session = useWorkspace();
  const milestones = useProjectMilestones(project._id);
  const row = useRef<HTMLLIElement>(null);
  const [setting, setSetting] = useState(false);
  const href = `/${session.slug}/projects/${project.key}`;
  const dated = Boolean(project.startsOn || project.targetOn);

  const setDates = async () => {
    setSetting(true);
    const outcome = await saveProjectPlan(session, project._id, {
      startsOn: today,
      targetOn: addDays(today, NEW_PLAN_DAYS),
    });
    setSetting(false);
    if (!outcome.ok) return showToast(outcome.message, 'error');
    // The button is gone with the change: the keyboard carries on from the new bar.
    requestAnimationFrame(() => row.current?.querySelector<HTMLElement>('.roadmap-bar')?.focus());
  };

  return (
    <li className="roadmap-row" ref={row}>
      <div className="roadmap-row__name">
        <span
          className="roadmap-row__swatch"
          style={{ background: project.color }}
          aria-hidden="true"
        />
        <span className="roadmap-row__text">
          <Link to={href} className="roadmap-row__link">
            {project.name}
          </Link>
          <span className="roadmap-row__plan">
            {PROJECT_STATUS_LABELS[projectStatus(project)]}
            {dated ? ` · ${planText(project, today)}` : ''}
          </span>
        </span>
      </div>
      <div className="roadmap-row__track">
        {dated ? (
          <ProjectBar project={project} scale={scale} today={today} href={href} canEdit={canPlan} />
        ) : (
          <div className="roadmap-row__none" style={{ left: xOfDay(scale, today) }}>
            <span>No dates</span>
            {canPlan ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={setting}
                aria-label={`Set dates for ${project.name}`}
                onClick={() => void setDates()}
              >
                Set dates
              </Button>
            ) : null}
          </div>
        )}
        {milestones.filter(hasTarget).map((milestone) => (
          <MilestoneDiamond
            key={milestone._id}
            milestone={milestone}
            scale={scale}
            today={today}
            href={href}
            canEdit={canManageMilestones}
          />
        ))}
      </div>
    </li>
  );
}
