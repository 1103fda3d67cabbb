import { useMemo, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { can, dayOfMoment, type MilestoneDoc, type ProjectDoc } from '@keel/domain';
import { useDocs, useProjects, useWorkspaceLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RoadmapAxis, RoadmapGridLines, todayX } from './roadmap-axis.tsx';
import {
  BAR_KEYS_HINT,
  BAR_KEYS_HINT_ID,
  MILESTONE_KEYS_HINT,
  MILESTONE_KEYS_HINT_ID,
} from './roadmap-keys.ts';
import { RoadmapRow } from './roadmap-row.tsx';
import { timeScale, type Zoom } from './time-scale.ts';
import { useTimelineScroll } from './use-timeline-scroll.ts';
import { ZoomSwitch } from './zoom-switch.tsx';
import './roadmap.css';
import './roadmap-marks.css';

/** Every day the roadmap draws: the scale must hold them all. */
function daysShown(projects: readonly ProjectDoc[], milestones: readonly MilestoneDoc[]) {
  const ids = new Set(projects.map((p) => p._id));
  const days: string[] = [];
  for (const p of projects) {
    if (p.startsOn) days.push(p.startsOn);
    if (p.targetOn) days.push(p.targetOn);
  }
  for (const m of milestones) if (m.targetOn && ids.has(m.projectId)) days.push(m.targetOn);
  return days;
}

/** `/:ws/roadmap`: the projects and their milestones on a time axis (SPEC §10, issue 24). */
export function RoadmapPage() {
  const { slug, role } = useWorkspace();
  const loaded = useWorkspaceLoaded();
  const projects = useProjects();
  const milestones = useDocs('milestone');
  const [zoom, setZoom] = useState<Zoom>('months');
  const today = dayOfMoment(new Date());
  const days = useMemo(() => daysShown(projects, milestones), [projects, milestones]);
  const scale = useMemo(() => timeScale(days, today, zoom), [days, today, zoom]);
  const scroller = useTimelineScroll(scale, todayX(scale, today), loaded && projects.length > 0);
  useDocumentTitle('Roadmap');
  const canPlan = can(role, 'project:edit');
  const canManageMilestones = can(role, 'milestone:manage');
  const planned = projects.some((p) => p.startsOn || p.targetOn);

  return (
    <div className="page roadmap-page">
      <header className="page-header">
        <h1>Roadmap</h1>
        <span className="page-header__spacer" />
        {projects.length ? <ZoomSwitch zoom={zoom} onChange={setZoom} /> : null}
      </header>
      {!loaded ? null : !projects.length ? (
        <EmptyState
          title="No projects to plan yet"
          action={
            <Link className="text-link" to={`/${slug}/projects`}>
              Go to projects
            </Link>
          }
        >
          Projects and their milestones show here on a time line once there are some.
        </EmptyState>
      ) : (
        <>
          {planned ? null : (
            <div className="roadmap-page__hint">
              <EmptyState title="Nothing is scheduled yet">
                {canPlan
                  ? 'Give a project a start and target date on its page, or with Set dates on its row below, then drag it here.'
                  : 'Projects show here as bars once an owner or admin gives them a start and target date.'}
              </EmptyState>
            </div>
          )}
          {canPlan ? (
            <p id={BAR_KEYS_HINT_ID} className="visually-hidden">
              {BAR_KEYS_HINT}
            </p>
          ) : null}
          {canManageMilestones ? (
            <p id={MILESTONE_KEYS_HINT_ID} className="visually-hidden">
              {MILESTONE_KEYS_HINT}
            </p>
          ) : null}
          <div
            className="roadmap"
            ref={scroller}
            style={{ '--roadmap-track-width': `${scale.width}px` } as CSSProperties}
          >
            <RoadmapAxis scale={scale} today={today} />
            <div className="roadmap__body">
              <RoadmapGridLines scale={scale} today={today} />
              <ul className="roadmap__rows" aria-label="Projects on the roadmap">
                {projects.map((project) => (
                  <RoadmapRow
                    key={project._id}
                    project={project}
                    scale={scale}
                    today={today}
                    canPlan={canPlan}
                    canManageMilestones={canManageMilestones}
                  />
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
