import type { ActivityDoc, IssueDoc } from '@keel/domain';

/**
 * Indexes derived from a collection snapshot, computed once per snapshot and shared by every
 * component: the store hands out a new array only when that collection changes, so the array
 * itself is the cache key.
 */
function indexBy<T, I>(build: (list: readonly T[]) => I): (list: readonly T[]) => I {
  const cache = new WeakMap<readonly T[], I>();
  return (list) => {
    let index = cache.get(list);
    if (!index) {
      index = build(list);
      cache.set(list, index);
    }
    return index;
  };
}

const EMPTY: readonly ActivityDoc[] = Object.freeze([]);

/** Activity per issue, oldest first. */
export const activityByIssue = indexBy((activity: readonly ActivityDoc[]) => {
  const map = new Map<string, ActivityDoc[]>();
  for (const entry of activity) {
    const list = map.get(entry.issueId);
    if (list) list.push(entry);
    else map.set(entry.issueId, [entry]);
  }
  for (const list of map.values())
    list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  return (issueId: string): readonly ActivityDoc[] => map.get(issueId) ?? EMPTY;
});

/** Issues by project id and number, for opening `/issue/ENG-42` without a scan. */
export const issueByNumber = indexBy((issues: readonly IssueDoc[]) => {
  const map = new Map<string, IssueDoc>();
  for (const issue of issues) map.set(`${issue.projectId}#${issue.number}`, issue);
  return (projectId: string, number: number): IssueDoc | undefined =>
    map.get(`${projectId}#${number}`);
});
