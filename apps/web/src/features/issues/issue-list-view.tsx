import { useMemo, type ReactNode } from 'react';
import { can, EMPTY_FILTER, filterIsEmpty, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useWorkspace } from '../../data/workspace-context.tsx';
import {
  BulkBar,
  FilterBar,
  lazyIssueOrder,
  useSelection,
  useViewGroups,
  useViewQuery,
} from '../views/index.ts';
import { IssueList } from './issue-list.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

export interface IssueListViewProps {
  title: string;
  issues: readonly IssueDoc[];
  project?: ProjectDoc | undefined;
  /** Beside the title: the List/Board tabs of a project. */
  headerExtra?: ReactNode;
  /** What to show when there are no issues at all (not just none matching the filters). */
  empty: ReactNode;
}

/** A list screen: header, filter bar, bulk bar and the virtual list, its view in the URL. */
export function IssueListView({ title, issues, project, headerExtra, empty }: IssueListViewProps) {
  const { role } = useWorkspace();
  const [view, setView] = useViewQuery();
  const { groups, count } = useViewGroups(issues, view);
  const withHeaders = view.groupBy !== 'none';
  const orderOf = useMemo(() => lazyIssueOrder(groups), [groups]);
  const { selected, ids, select, clear } = useSelection(orderOf);
  const canEdit = can(role, 'issue:edit');
  const filtered = !filterIsEmpty(view.filter);

  return (
    <div className="page page--fill">
      <PageHeader
        title={title}
        meta={
          issues.length ? (filtered ? `${count} of ${issues.length}` : issues.length) : undefined
        }
      >
        {headerExtra}
      </PageHeader>
      {issues.length ? <FilterBar view={view} onChange={setView} project={project} /> : null}
      {canEdit ? <BulkBar selected={ids} project={project} onClear={clear} /> : null}
      <IssueList
        groups={groups}
        withHeaders={withHeaders}
        selected={selected}
        onSelect={canEdit ? select : null}
        editable={canEdit}
        onClearSelection={clear}
        empty={
          issues.length === 0 ? (
            empty
          ) : (
            <EmptyState
              title="No issues match these filters"
              action={
                <Button size="sm" onClick={() => setView({ ...view, filter: EMPTY_FILTER })}>
                  Clear filters
                </Button>
              }
            >
              <p>Change or remove a filter to see more.</p>
            </EmptyState>
          )
        }
      />
    </div>
  );
}
