import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import {
  cycleLabel,
  cycleProgress,
  dayOfMoment,
  type CycleDoc,
  type ProjectDoc,
} from '@keel/domain';
import { useProjectByKey, useProjectCycles, useProjectMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { cycleDates } from '../../shared/lib/cycle-dates.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { cycleStatus, STATUS_LABELS, type CycleStatus } from './cycle-status.ts';
import { useIssuesByCycle } from './use-cycle-issues.ts';
import './cycles.css';

const ORDER: readonly CycleStatus[] = ['current', 'upcoming', 'completed'];

/** `/:ws/projects/:key/cycles`: the project's current cycle, those planned, and past ones. */
export function CyclesPage() {
  const { key } = useParams();
  const { slug } = useWorkspace();
  const project = useProjectByKey(key);
  useDocumentTitle(project ? `${project.name} · Cycles` : 'Cycles');
  if (!project) return <NotFound homeHref={`/${slug}`} headingLevel={1} />;
  return <ProjectCycles project={project} />;
}

function ProjectCycles({ project }: { project: ProjectDoc }) {
  const { slug } = useWorkspace();
  const cycles = useProjectCycles(project._id);
  const byCycle = useIssuesByCycle();
  const projects = useProjectMap();
  const today = dayOfMoment(new Date());
  const groups = useMemo(() => {
    const grouped = new Map<CycleStatus, CycleDoc[]>(ORDER.map((s) => [s, []]));
    for (const cycle of cycles) grouped.get(cycleStatus(cycle, today))!.push(cycle);
    // The latest past cycle first.
    grouped.get('completed')!.reverse();
    return grouped;
  }, [cycles, today]);

  return (
    <div className="page">
      <PageHeader title={`${project.name} cycles`} meta={cycles.length || null} />
      {cycles.length === 0 ? (
        <EmptyState title="No cycles yet">
          <p>
            {project.cycles?.enabled
              ? 'The first cycle appears as soon as the server schedules it.'
              : 'Turn cycles on for this project in Settings → Projects to plan work in time-boxed cycles.'}
          </p>
        </EmptyState>
      ) : (
        ORDER.map((status) => {
          const list = groups.get(status)!;
          if (list.length === 0) return null;
          return (
            <section key={status} className="cycle-list" aria-labelledby={`cycles-${status}`}>
              <h2 id={`cycles-${status}`} className="cycle-list__heading">
                {STATUS_LABELS[status]}
              </h2>
              <ul className="cycle-list__rows">
                {list.map((cycle) => (
                  <li key={cycle._id}>
                    <Link
                      className="cycle-list__row"
                      to={`/${slug}/projects/${project.key}/cycles/${cycle.number}`}
                    >
                      <span className="cycle-list__name">{cycleLabel(cycle)}</span>
                      <span className="cycle-list__dates">{cycleDates(cycle)}</span>
                      <ProgressBar
                        progress={cycleProgress(byCycle.get(cycle._id) ?? [], projects)}
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
