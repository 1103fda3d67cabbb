import { ISSUE_FIELD_GROUPS, type IssueDoc, type IssueFieldGroup } from './documents.ts';

/**
 * Concurrent edits of one issue (SPEC: nothing typed is silently lost). Two devices that edit the
 * same issue offline leave CouchDB with two versions; they are merged field group by field
 * group: a group edited on one side only takes that side, a group edited on both takes the
 * later edit. The loser stays visible in the issue's activity, which both sides wrote.
 *
 * The merge is a join: for each group it keeps the greatest (edit time, value) pair, so it does
 * not depend on the order of versions or on who merges, and merging a merge changes nothing.
 * Every device that sees the same versions writes the same result.
 */
const GROUPS = Object.keys(ISSUE_FIELD_GROUPS) as IssueFieldGroup[];

type IssueContent = Omit<IssueDoc, '_rev' | '_revisions'>;

function groupValues(issue: IssueDoc, group: IssueFieldGroup): unknown[] {
  return ISSUE_FIELD_GROUPS[group].map((field) => issue[field]);
}

// Absent and null are the same value, as they are in the JSON a document is stored as; only
// lists (labels, subscribers) need comparing by content. Every edit runs this per group.
const sameValue = (x: unknown, y: unknown) =>
  (x ?? null) === (y ?? null) ||
  (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y));

const sameValues = (a: IssueDoc, b: IssueDoc, group: IssueFieldGroup) =>
  ISSUE_FIELD_GROUPS[group].every((field) => sameValue(a[field], b[field]));

/** An absent time is older than any edit: the group has not been edited since creation. */
const timeOf = (issue: IssueDoc, group: IssueFieldGroup) => issue.fieldTimes?.[group] ?? '';

/**
 * The issue `next` with the edit time of every group that differs from `previous` set to `now`.
 * Every write of an issue on a device goes through this, whichever screen made it.
 */
export function stampIssueEdits(next: IssueDoc, previous: IssueDoc | null, now: string): IssueDoc {
  if (!previous) return next;
  const changed = GROUPS.filter((group) => !sameValues(next, previous, group));
  if (changed.length === 0) return next;
  const fieldTimes = { ...previous.fieldTimes, ...next.fieldTimes };
  for (const group of changed) fieldTimes[group] = now;
  return { ...next, fieldTimes };
}

function later(a: IssueDoc, b: IssueDoc, group: IssueFieldGroup): IssueDoc {
  const ta = timeOf(a, group);
  const tb = timeOf(b, group);
  if (ta !== tb) return ta > tb ? a : b;
  // Same time, different values (issues written before edit times existed): any fixed order of
  // the values themselves keeps the result the same on every device.
  return JSON.stringify(groupValues(a, group)) >= JSON.stringify(groupValues(b, group)) ? a : b;
}

/** The merge of two or more versions of one issue; revisions are left to the caller. */
export function mergeIssueVersions(versions: readonly IssueDoc[]): IssueContent {
  const [first, ...rest] = versions;
  if (!first) throw new Error('mergeIssueVersions needs at least one version');
  // Fields outside the groups (id, project, number, author, createdAt) never change.
  const { _rev: _ignoredRev, _revisions: _ignoredRevisions, ...merged } = first;
  const fieldTimes: Partial<Record<IssueFieldGroup, string>> = {};
  const record = merged as Record<string, unknown>;
  for (const group of GROUPS) {
    const winner = rest.reduce((best, v) => later(best, v, group), first);
    ISSUE_FIELD_GROUPS[group].forEach((field) => {
      record[field] = winner[field];
    });
    const time = timeOf(winner, group);
    if (time) fieldTimes[group] = time;
  }
  merged.updatedAt = versions.reduce(
    (t, v) => (v.updatedAt > t ? v.updatedAt : t),
    first.updatedAt,
  );
  if (Object.keys(fieldTimes).length) merged.fieldTimes = fieldTimes;
  else delete merged.fieldTimes;
  return merged;
}
