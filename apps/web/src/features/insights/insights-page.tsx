import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  DEFAULT_INSIGHT_RANGE,
  dayOfMoment,
  INSIGHT_RANGES,
  type IssueDoc,
  type ProjectDoc,
  type Workflows,
} from '@keel/domain';
import { useIssues, useProjectByKey } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { SegmentedControl } from '../../shared/ui/segmented-control.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { ProjectViewTabs } from '../views/index.ts';
import { FlowChart } from './flow-chart.tsx';
import { TimesChart } from './times-chart.tsx';
import { useInsights } from './use-insights.ts';
import './insights.css';

const RANGE_OPTIONS = INSIGHT_RANGES.map((n) => ({ value: n, label: `${n} days` }));

/**
 * `/:ws/projects/:key/insights` (issue 24): a project's cumulative flow and its lead and cycle
 * times, drawn from the replica on this device (no request), over the last 30, 90 or 365 days.
 */
export function InsightsPage() {
  const { key } = useParams();
  const { slug } = useWorkspace();
  const project = useProjectByKey(key);
  useDocumentTitle(project ? `${project.name} insights` : 'Insights');
  if (!project) return <NotFound homeHref={`/${slug}`} headingLevel={1} />;
  return <Insights key={project._id} project={project} />;
}

function Insights({ project }: { project: ProjectDoc }) {
  const { slug } = useWorkspace();
  const issues = useIssues(project._id);
  return (
    <InsightsBody
      title={project.name}
      headerExtra={<ProjectViewTabs slug={slug} projectKey={project.key} />}
      issues={issues}
      workflows={project}
    />
  );
}

/** The range switch and both charts, for a project's issues or a saved view's. */
export function InsightsBody({
  title,
  headerExtra,
  issues,
  workflows,
}: {
  title: string;
  headerExtra: ReactNode;
  issues: readonly IssueDoc[];
  workflows: Workflows;
}) {
  const [days, setDays] = useState<number>(DEFAULT_INSIGHT_RANGE);
  const today = dayOfMoment(new Date());
  const { flow, times } = useInsights(issues, workflows, today, days);
  const rangeLabel = `in the last ${days} days`;
  return (
    <div className="page insights-page">
      <header className="page-header">
        <h1>{title}</h1>
        {headerExtra}
      </header>
      <div className="insights-page__bar">
        <SegmentedControl
          label="Range"
          className="insights-page__range"
          options={RANGE_OPTIONS}
          value={days}
          onChange={setDays}
        />
        <span className="insights-page__meta">
          Drawn from this device’s copy, up to today (UTC)
        </span>
      </div>
      <div className="insights-page__charts">
        <FlowChart flow={flow} days={days} rangeLabel={rangeLabel} />
        <TimesChart times={times} rangeLabel={rangeLabel} />
      </div>
    </div>
  );
}
