import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { useDoc, useIssues, useWorkspaceLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { SavedViewHeader, SavedViewTabs, useSavedView } from '../views/index.ts';
import { FavoriteButton } from '../favorites/index.ts';
import { EmptyIssues } from './empty-issues.tsx';
import { IssueListView } from './issue-list-view.tsx';

/**
 * `/:ws/views/:viewId`: a saved view, the list it filters (a project's, or all issues) with its
 * filters, grouping and sort in the URL like any list's, so changing one is changing the URL
 * and the view says it has unsaved changes. Another person's personal view is not found.
 */
export function SavedViewPage() {
  const { slug } = useWorkspace();
  const loaded = useWorkspaceLoaded();
  const view = useSavedView();
  const project = useDoc(view?.projectId);
  const listProject = project?.type === 'project' ? project : undefined;
  const issues = useIssues(listProject?._id);
  const [params, setParams] = useSearchParams();
  useDocumentTitle(view?.name);

  // Opened by its bare address (a bookmark, a link without the query): show what it saved.
  // Only on entering it: clearing every filter afterwards is a change like any other.
  const entered = useRef<string | null>(null);
  useEffect(() => {
    if (!view || entered.current === view._id) return;
    entered.current = view._id;
    if (params.size === 0 && view.query) setParams(view.query, { replace: true });
  }, [view, params, setParams]);

  if (!view || (view.projectId && !listProject))
    return loaded ? <NotFound homeHref={`/${slug}`} /> : null;
  return (
    <IssueListView
      key={view._id}
      title={view.name}
      issues={issues}
      project={listProject}
      headerExtra={
        <>
          <FavoriteButton target={view._id} what={`view ${view.name}`} />
          <SavedViewTabs slug={slug} view={view} />
          <SavedViewHeader view={view} />
        </>
      }
      empty={<EmptyIssues />}
    />
  );
}
