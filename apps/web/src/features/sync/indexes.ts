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
  // ISO times and ids are ASCII: comparing code units orders them, without a locale's cost.
  const byTime = (a: ActivityDoc, b: ActivityDoc) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : 1;
  for (const list of map.values()) if (list.length > 1) list.sort(byTime);
  return (issueId: string): readonly ActivityDoc[] => map.get(issueId) ?? EMPTY;
});

/** Issues by project id and number, for opening `/issue/ENG-42` without a scan. */
export const issueByNumber = indexBy((issues: readonly IssueDoc[]) => {
  const map = new Map<string, IssueDoc>();
  for (const issue of issues) map.set(`${issue.projectId}#${issue.number}`, issue);
  return (projectId: string, number: number): IssueDoc | undefined =>
    map.get(`${projectId}#${number}`);
});

const NO_CHILDREN: readonly IssueDoc[] = Object.freeze([]);

/** Sub-issues per parent id, by number: an issue page finds its children without a scan. */
export const childrenByParent = indexBy((issues: readonly IssueDoc[]) => {
  const map = new Map<string, IssueDoc[]>();
  for (const issue of issues) {
    if (issue.parentId === null) continue;
    const list = map.get(issue.parentId);
    if (list) list.push(issue);
    else map.set(issue.parentId, [issue]);
  }
  for (const list of map.values()) list.sort((a, b) => a.number - b.number);
  return (parentId: string): readonly IssueDoc[] => map.get(parentId) ?? NO_CHILDREN;
});
