import { useMemo } from 'react';
import { can, EMPTY_FILTER, type IssueDoc, type ProjectDoc, type ViewQuery } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IssueList } from '../issues/index.ts';
import { BulkBar, lazyIssueOrder, useSelection, useViewGroups } from '../views/index.ts';

// By state, the most urgent first, as Linear's cycle page lists them.
const CYCLE_VIEW: ViewQuery = { filter: EMPTY_FILTER, groupBy: 'state', sortBy: 'priority' };

/**
 * A cycle's issues as the lists show theirs: one virtual list grouped by state (a current cycle
 * of a large team holds hundreds), with the rows' menus, the list's keys, and the bulk bar.
 */
export function CycleIssues({
  issues,
  project,
}: {
  issues: readonly IssueDoc[];
  project: ProjectDoc;
}) {
  const { role } = useWorkspace();
  const { groups } = useViewGroups(issues, CYCLE_VIEW);
  const orderOf = useMemo(() => lazyIssueOrder(groups), [groups]);
  const { selected, ids, select, clear } = useSelection(orderOf);
  const canEdit = can(role, 'issue:edit');
  return (
    <>
      {canEdit ? <BulkBar selected={ids} project={project} onClear={clear} /> : null}
      <IssueList
        groups={groups}
        withHeaders
        selected={selected}
        onSelect={canEdit ? select : null}
        editable={canEdit}
        onClearSelection={clear}
        empty={
          <EmptyState title="No issues in this cycle">
            <p>
              Move issues here from an issue’s Cycle property (Shift+C). Unfinished issues of the
              cycle before move here when it ends.
            </p>
          </EmptyState>
        }
      />
    </>
  );
}
