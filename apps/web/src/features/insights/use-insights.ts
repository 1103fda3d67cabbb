import { useMemo } from 'react';
import {
  cumulativeFlow,
  issueTimes,
  type CumulativeFlow,
  type IssueTimes,
  type ProjectDoc,
} from '@keel/domain';
import { useDocs, useHistoryLoaded, useIssues } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

/**
 * A project's insights over the `days` days up to `today`, from the replica in memory: each
 * computed once per change of what it reads. The flow needs the issues' history, read after the
 * lists, so it is null until that is in; lead and cycle times need only the issues.
 */
export function useInsights(
  project: ProjectDoc,
  today: string,
  days: number,
): { flow: CumulativeFlow | null; times: IssueTimes; issueCount: number } {
  const { store } = useWorkspace();
  const issues = useIssues(project._id);
  const historyLoaded = useHistoryLoaded();
  // Any new activity may be a state change of one of these issues.
  const activity = useDocs('activity');
  const flow = useMemo(
    () =>
      historyLoaded
        ? cumulativeFlow({
            issues,
            activityOf: (id) => store.activityOf(id),
            project,
            today,
            days,
          })
        : null,
    // `activity` changes when any issue's history does; the memo reads it through the store's
    // per-issue index (store.activityOf), which the rule cannot see.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [historyLoaded, activity, issues, project, today, days, store],
  );
  const times = useMemo(() => issueTimes({ issues, today, days }), [issues, today, days]);
  return { flow, times, issueCount: issues.length };
}
