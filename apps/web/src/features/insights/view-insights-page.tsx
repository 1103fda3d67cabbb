import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterIssues, parseViewQuery } from '@keel/domain';
import {
  issueKeyOf,
  useBlockSets,
  useIssues,
  useProjectMap,
  useWorkspaceLoaded,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { SavedViewTabs, useLiveMilestones, useSavedView } from '../views/index.ts';
import { InsightsBody } from './insights-page.tsx';

/**
 * `/:ws/views/:viewId/insights` (issue 24: insights "for a project or view"): the charts of the
 * issues a saved view shows, with the filters in the URL (those the view's list had, changed or
 * not) or else the ones it saved; each issue read in its own project's workflow.
 */
export function ViewInsightsPage() {
  const { slug } = useWorkspace();
  const loaded = useWorkspaceLoaded();
  const view = useSavedView();
  const [params] = useSearchParams();
  const query = params.size ? params.toString() : (view?.query ?? '');
  const filter = useMemo(() => parseViewQuery(query).filter, [query]);
  const projects = useProjectMap();
  const all = useIssues(view?.projectId ?? undefined);
  const blocks = useBlockSets();
  const liveMilestones = useLiveMilestones(filter);
  const issues = useMemo(
    () => filterIssues(all, filter, (i) => issueKeyOf(i, projects), blocks, liveMilestones),
    [all, filter, projects, blocks, liveMilestones],
  );
  useDocumentTitle(view ? `${view.name} insights` : 'Insights');
  if (!view || (view.projectId && !projects.has(view.projectId)))
    return loaded ? <NotFound homeHref={`/${slug}`} headingLevel={1} /> : null;
  return (
    <InsightsBody
      key={view._id}
      title={view.name}
      headerExtra={<SavedViewTabs slug={slug} view={view} />}
      issues={issues}
      workflows={projects}
    />
  );
}
