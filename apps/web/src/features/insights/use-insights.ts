import { useMemo } from 'react';
import {
  cumulativeFlow,
  issueTimes,
  type CumulativeFlow,
  type IssueDoc,
  type IssueTimes,
  type Workflows,
} from '@keel/domain';
import { useDocs, useHistoryLoaded } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

/**
 * Insights over the `days` days up to `today` of some issues (a project's, or a saved view's
 * across projects, each read in its own project's workflow), from the replica in memory: each
 * computed once per change of what it reads. The flow needs the issues' history, read after the
 * lists, so it is null until that is in; lead and cycle times need only the issues.
 */
export function useInsights(
  issues: readonly IssueDoc[],
  workflows: Workflows,
  today: string,
  days: number,
): { flow: CumulativeFlow | null; times: IssueTimes; issueCount: number } {
  const { store } = useWorkspace();
  const historyLoaded = useHistoryLoaded();
  // Any new activity may be a state change of one of these issues.
  const activity = useDocs('activity');
  const flow = useMemo(
    () =>
      historyLoaded
        ? cumulativeFlow({
            issues,
            activityOf: (id) => store.activityOf(id),
            workflows,
            today,
            days,
          })
        : null,
    // `activity` changes when any issue's history does; the memo reads it through the store's
    // per-issue index (store.activityOf), which the rule cannot see.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [historyLoaded, activity, issues, workflows, today, days, store],
  );
  const times = useMemo(() => issueTimes({ issues, today, days }), [issues, today, days]);
  return { flow, times, issueCount: issues.length };
}
