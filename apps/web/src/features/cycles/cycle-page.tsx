import { useMemo, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import {
  cycleBurnUp,
  cycleId,
  cycleLabel,
  cycleProgress,
  dayOfMoment,
  type CycleDoc,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';
import {
  useDoc,
  useDocs,
  useHistoryLoaded,
  useProjectByKey,
  useProjectMap,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { cycleDates } from '../../shared/lib/cycle-dates.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { BurnUpChart } from './burn-up-chart.tsx';
import { CycleIssues } from './cycle-issues.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { ProgressFigures } from '../../shared/ui/progress-figures.tsx';
import { cycleStatus, STATUS_LABELS } from './cycle-status.ts';
import { useIssuesByCycle } from './use-cycle-issues.ts';
import './cycles.css';
import { FavoriteButton } from '../favorites/index.ts';

/** `/:ws/projects/:key/cycles/:number`: one cycle, its figures, and its issues by state. */
export function CyclePage() {
  const { key, number } = useParams();
  const { slug } = useWorkspace();
  const project = useProjectByKey(key);
  const found = useDoc(project && number ? cycleId(project._id, Number(number)) : null);
  const cycle = found?.type === 'cycle' ? found : undefined;
  useDocumentTitle(cycle ? cycleLabel(cycle) : 'Cycle');
  if (!project || !cycle) return <NotFound homeHref={`/${slug}`} headingLevel={1} />;
  // Keyed: Previous and Next start another cycle's list afresh (focus, scroll, selection).
  return <Cycle key={cycle._id} project={project} cycle={cycle} />;
}

function Cycle({ project, cycle }: { project: ProjectDoc; cycle: CycleDoc }) {
  const { slug } = useWorkspace();
  const byCycle = useIssuesByCycle();
  const projects = useProjectMap();
  const issues = byCycle.get(cycle._id) ?? NONE;
  const progress = useMemo(() => cycleProgress(issues, projects), [issues, projects]);
  const today = dayOfMoment(new Date());
  const status = cycleStatus(cycle, today);
  const burnUp = useBurnUp(cycle, project, issues, today);
  const base = `/${slug}/projects/${project.key}/cycles`;
  const previous = useDoc(cycleId(project._id, cycle.number - 1));
  const next = useDoc(cycleId(project._id, cycle.number + 1));
  return (
    <div className="page page--fill cycle-page">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="cycle-page__crumbs">
          <Link to={base}>{project.name} cycles</Link>
        </nav>
        <h1>{cycleLabel(cycle)}</h1>
        <FavoriteButton target={cycle._id} what={`${project.key} ${cycleLabel(cycle)}`} />
        <span className={`cycle-page__status cycle-page__status--${status}`}>
          {STATUS_LABELS[status]}
        </span>
        <span className="page-header__meta">{cycleDates(cycle)}</span>
        <nav aria-label="Other cycles" className="cycle-page__pager">
          {previous ? <Link to={`${base}/${cycle.number - 1}`}>Previous cycle</Link> : null}
          {next ? <Link to={`${base}/${cycle.number + 1}`}>Next cycle</Link> : null}
        </nav>
      </header>
      <ProgressFigures progress={progress} className="cycle-page__figures">
        <div className="cycle-page__bar">
          <dt>Progress</dt>
          <dd>
            <ProgressBar progress={progress} />
          </dd>
        </div>
      </ProgressFigures>
      {burnUp ? <BurnUpChart points={burnUp} from={cycle.startsOn} to={cycle.endsOn} /> : null}
      <CycleIssues issues={issues} project={project} />
    </div>
  );
}

const NONE: readonly IssueDoc[] = [];

/**
 * The cycle's burn-up from the issues in it now and those moved out of it, once their history
 * is in memory (it is read after the lists); null until then.
 */
function useBurnUp(
  cycle: CycleDoc,
  project: ProjectDoc,
  issues: readonly IssueDoc[],
  today: string,
) {
  const { store } = useWorkspace();
  const historyLoaded = useHistoryLoaded();
  // Any new activity may be a cycle's or a state's change of one of these issues.
  const activity = useDocs('activity');
  const exits = useSyncExternalStore(store.subscribe, () => store.exitsOfCycle(cycle._id));
  return useMemo(() => {
    if (!historyLoaded) return null;
    const candidates = new Map(issues.map((i) => [i._id, i]));
    for (const exit of exits) {
      const issue = store.get(exit.issueId);
      if (issue?.type === 'issue') candidates.set(issue._id, issue);
    }
    return cycleBurnUp({
      cycle,
      issues: [...candidates.values()],
      activityOf: (id) => store.activityOf(id),
      project,
      today,
    });
    // `activity` changes when any issue's history does; the memo reads it through the store's
    // per-issue index (store.activityOf), which the rule cannot see.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [historyLoaded, activity, exits, issues, cycle, project, today, store]);
}
