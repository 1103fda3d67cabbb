import { useMemo } from 'react';
import { useParams } from 'react-router';
import {
  can,
  dayOfMoment,
  PROJECT_STATUS_LABELS,
  projectProgress,
  projectStatus,
  type ProjectDoc,
} from '@keel/domain';
import { useDocs, useMemberMap, useProjectByKey } from '../../data/use-docs.ts';
import { useProjectMilestones } from '../../data/use-milestones.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { ProgressFigures } from '../../shared/ui/progress-figures.tsx';
import { MilestoneList } from '../milestones/index.ts';
import { ProjectViewTabs } from '../views/index.ts';
import { FavoriteButton } from '../favorites/index.ts';
import { planDays, ProjectPlanForm } from './project-plan-form.tsx';
import './project-page.css';

/** `/:ws/projects/:key`: a project's plan, its progress, and its milestones (SPEC §10). */
export function ProjectPage() {
  const { key } = useParams();
  const { slug } = useWorkspace();
  const project = useProjectByKey(key);
  useDocumentTitle(project ? project.name : 'Project');
  if (!project) return <NotFound homeHref={`/${slug}`} headingLevel={1} />;
  return <ProjectOverview key={project._id} project={project} />;
}

function ProjectOverview({ project }: { project: ProjectDoc }) {
  const { slug, role } = useWorkspace();
  const issues = useDocs('issue');
  const milestones = useProjectMilestones(project._id);
  const members = useMemberMap();
  const progress = useMemo(
    () => projectProgress(project, milestones, issues),
    [project, milestones, issues],
  );
  const today = dayOfMoment(new Date());
  const canPlan = can(role, 'project:edit');
  const canManageMilestones = can(role, 'milestone:manage');
  const status = projectStatus(project);
  const days = planDays(project, today);
  const lead = project.leadId ? members.get(project.leadId) : undefined;

  return (
    <div className="page project-page">
      <header className="page-header">
        <span
          className="project-page__swatch"
          style={{ background: project.color }}
          aria-hidden="true"
        />
        <h1>{project.name}</h1>
        <FavoriteButton target={project._id} what={`project ${project.name}`} />
        <span className={`project-status project-status--${status}`}>
          {PROJECT_STATUS_LABELS[status]}
        </span>
        <ProjectViewTabs slug={slug} projectKey={project.key} />
      </header>
      <div className="project-page__body">
        <section className="project-page__about" aria-label="About">
          {project.description ? (
            <p className="project-page__description">{project.description}</p>
          ) : null}
          <dl className="project-page__facts">
            <dt>Key</dt>
            <dd>{project.key}</dd>
            <dt>Lead</dt>
            <dd>{project.leadId ? (lead?.name ?? lead?.email ?? 'A former member') : 'No lead'}</dd>
            {canPlan ? null : (
              <>
                <dt>Dates</dt>
                <dd>{days ?? 'No dates set'}</dd>
              </>
            )}
          </dl>
          {canPlan ? <ProjectPlanForm project={project} /> : null}
        </section>
        <section className="project-page__progress" aria-labelledby="progress-heading">
          <h2 id="progress-heading">Progress</h2>
          <ProgressFigures progress={progress.whole} className="project-page__figures" />
          <ProgressBar progress={progress.whole} label={`${project.name} completed`} />
        </section>
        <MilestoneList
          projectId={project._id}
          milestones={milestones}
          progress={progress}
          today={today}
          canEdit={canManageMilestones}
        />
      </div>
    </div>
  );
}
