import { useMemo } from 'react';
import type { IssueDoc } from '@keel/domain';
import { useDocs } from '../../data/use-docs.ts';

/** The issues in each of the workspace's cycles, by cycle id; rebuilt when an issue changes. */
export function useIssuesByCycle(): ReadonlyMap<string, readonly IssueDoc[]> {
  const issues = useDocs('issue');
  return useMemo(() => {
    const byCycle = new Map<string, IssueDoc[]>();
    for (const issue of issues) {
      if (!issue.cycleId) continue;
      const list = byCycle.get(issue.cycleId);
      if (list) list.push(issue);
      else byCycle.set(issue.cycleId, [issue]);
    }
    return byCycle;
  }, [issues]);
}
