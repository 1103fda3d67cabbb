import {
  ISSUE_FIELD_GROUPS,
  type ConflictField,
  type ConflictSide,
  type IssueDoc,
  type IssueFieldGroup,
} from './documents.ts';
import { issueDescriptionSchema, issueTitleSchema } from './fields.ts';
import { LIMITS } from './limits.ts';
import { mergeText } from './text-merge.ts';

/**
 * Concurrent edits of one issue (SPEC: nothing typed is silently lost). Two devices that edit the
 * same issue apart leave CouchDB with two versions; they are merged field group by field group
 * against their common version (the base), which the devices that made the edits keep:
 * - a group changed on one side only takes that side;
 * - a title or description changed on both is merged as text (text-merge.ts), so edits to
 *   different parts both survive; labels and subscribers (and who unsubscribed) changed on both
 *   keep what each side added and drop what each removed;
 * - otherwise the later edit wins the group, and the other side's value becomes a conflict
 *   entry on the issue's timeline (who, when, the value, with Restore).
 *
 * Without the base (a device that did not make either edit and no longer has the common
 * version) every differing group counts as changed on both sides: the later edit wins, and a
 * losing title or description is kept as a conflict entry.
 *
 * Every device that sees the same versions and base writes the same result: versions are
 * merged in the order of their revisions, and "later" is decided by edit time, then by value.
 */
const GROUPS = Object.keys(ISSUE_FIELD_GROUPS) as IssueFieldGroup[];

type IssueContent = Omit<IssueDoc, '_rev' | '_revisions'>;

/** A value a concurrent edit replaced, and the value that replaced it. */
export interface LostValue {
  field: ConflictField;
  lost: ConflictSide;
  kept: ConflictSide;
}

export interface IssueMerge {
  issue: IssueContent;
  lost: LostValue[];
}

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
const byOf = (issue: IssueDoc, group: IssueFieldGroup) => issue.fieldBy?.[group] ?? null;

/**
 * The issue `next` with the edit time (and editor, when given) of every group that differs from
 * `previous` set. Every write of an issue on a device goes through this, whichever screen made it.
 */
export function stampIssueEdits(
  next: IssueDoc,
  previous: IssueDoc | null,
  now: string,
  by?: string,
): IssueDoc {
  if (!previous) return next;
  const changed = GROUPS.filter((group) => !sameValues(next, previous, group));
  if (changed.length === 0) return next;
  const fieldTimes = { ...previous.fieldTimes, ...next.fieldTimes };
  for (const group of changed) fieldTimes[group] = now;
  if (by === undefined) return { ...next, fieldTimes };
  const fieldBy = { ...previous.fieldBy, ...next.fieldBy };
  for (const group of changed) fieldBy[group] = by;
  return { ...next, fieldTimes, fieldBy };
}

/** [earlier, later] of two versions for a group: by edit time, then by a fixed order of values. */
function ordered(a: IssueDoc, b: IssueDoc, group: IssueFieldGroup): [IssueDoc, IssueDoc] {
  const ta = timeOf(a, group);
  const tb = timeOf(b, group);
  if (ta !== tb) return ta > tb ? [b, a] : [a, b];
  // Same time, different values (issues written before edit times existed): any fixed order of
  // the values themselves keeps the result the same on every device.
  return JSON.stringify(groupValues(a, group)) >= JSON.stringify(groupValues(b, group))
    ? [b, a]
    : [a, b];
}

const FIELD_OF_GROUP: Partial<Record<IssueFieldGroup, ConflictField>> = {
  title: 'title',
  description: 'description',
  state: 'state',
  priority: 'priority',
  assignee: 'assignee',
  labels: 'labels',
  estimate: 'estimate',
  dueDate: 'dueDate',
  parent: 'parent',
  cycle: 'cycle',
  milestone: 'milestone',
};
const TEXT_GROUPS: readonly IssueFieldGroup[] = ['title', 'description'];
const TEXT_SCHEMAS = { title: issueTitleSchema, description: issueDescriptionSchema };

/** The value a conflict entry shows for a group: a state by its id, the rest as stored. */
function shownValue(issue: IssueDoc, group: IssueFieldGroup): ConflictSide['value'] {
  const value = issue[ISSUE_FIELD_GROUPS[group][0]];
  return Array.isArray(value) ? [...value] : (value ?? null);
}

const side = (issue: IssueDoc, group: IssueFieldGroup): ConflictSide => ({
  value: shownValue(issue, group),
  by: byOf(issue, group),
  at: timeOf(issue, group) || null,
});

/** What each side added, less what either removed; the earlier side's order first. */
function mergeSets(base: readonly string[], early: readonly string[], late: readonly string[]) {
  const kept = early.filter((x) => late.includes(x) || !base.includes(x));
  return [...kept, ...late.filter((x) => !kept.includes(x) && !base.includes(x))];
}

/**
 * Subscribers and those who unsubscribed, each merged as a set. Someone both sides moved apart
 * (subscribed on one, unsubscribed on the other) ends up where the later edit of the group put
 * them, so nobody is both at once.
 */
function mergeSubscribers(base: IssueDoc, early: IssueDoc, late: IssueDoc) {
  const none: readonly string[] = [];
  let subscriberIds = mergeSets(base.subscriberIds, early.subscriberIds, late.subscriberIds);
  let unsubscribedIds = mergeSets(
    base.unsubscribedIds ?? none,
    early.unsubscribedIds ?? none,
    late.unsubscribedIds ?? none,
  );
  const both = subscriberIds.filter((id) => unsubscribedIds.includes(id));
  if (both.length) {
    // The later side decides if it moved them; else the earlier one did.
    const leaves = (id: string) =>
      (late.unsubscribedIds ?? none).includes(id) ||
      (!late.subscriberIds.includes(id) && (early.unsubscribedIds ?? none).includes(id));
    subscriberIds = subscriberIds.filter((id) => !both.includes(id) || !leaves(id));
    unsubscribedIds = unsubscribedIds.filter((id) => !both.includes(id) || leaves(id));
  }
  if (subscriberIds.length > LIMITS.membersPerWorkspace) return null;
  return {
    subscriberIds,
    unsubscribedIds: unsubscribedIds.length ? unsubscribedIds : undefined,
  };
}

/** The merged value of a group both sides changed, by field; null when it cannot be merged. */
function mergedValues(
  base: IssueDoc,
  early: IssueDoc,
  late: IssueDoc,
  group: IssueFieldGroup,
): Record<string, unknown> | null {
  if (TEXT_GROUPS.includes(group)) {
    const field = group as 'title' | 'description';
    const text = mergeText(base[field], early[field], late[field]);
    // Both sides' additions together may pass the field's limit: then it is not a merge.
    return text === null || !TEXT_SCHEMAS[field].safeParse(text).success ? null : { [field]: text };
  }
  if (group === 'labels') {
    const set = mergeSets(base.labelIds, early.labelIds, late.labelIds);
    return set.length > LIMITS.labelsPerIssue ? null : { labelIds: set };
  }
  if (group === 'subscribers') return mergeSubscribers(base, early, late);
  return null;
}

/** Merge two versions against their base (or none); the later edit of a group is `late`. */
function mergeTwo(base: IssueDoc | null, x: IssueDoc, y: IssueDoc, lost: LostValue[]): IssueDoc {
  const merged: IssueDoc = { ...x };
  const record = merged as unknown as Record<string, unknown>;
  const fieldTimes: Partial<Record<IssueFieldGroup, string>> = {};
  const fieldBy: Partial<Record<IssueFieldGroup, string>> = {};
  for (const group of GROUPS) {
    const [early, late] = ordered(x, y, group);
    // The side whose value (or, when merged, whose time and editor) the group takes.
    let from = late;
    let values: Record<string, unknown> | null = null;
    let bothChanged = false;
    if (sameValues(x, y, group) || (base && sameValues(early, base, group))) from = late;
    else if (base && sameValues(late, base, group)) from = early;
    else if (base) {
      values = mergedValues(base, early, late, group);
      if (!values) bothChanged = true;
    } else bothChanged = true;
    const field = FIELD_OF_GROUP[group];
    // Without the base, only a text is kept, and only when both sides edited it at some time:
    // another field, or a text one side never touched, may not have been edited on both.
    const keepLost = base !== null || (TEXT_GROUPS.includes(group) && timeOf(early, group) !== '');
    if (bothChanged && field && keepLost) {
      const loser = side(early, group);
      const winner = side(late, group);
      if (!sameValue(loser.value, winner.value)) lost.push({ field, lost: loser, kept: winner });
    }
    // An optional field without a value (unsubscribedIds) is left out, as JSON would.
    for (const f of ISSUE_FIELD_GROUPS[group]) {
      const value = values ? values[f] : from[f];
      if (value === undefined) delete record[f];
      else record[f] = value;
    }
    const time = timeOf(from, group);
    if (time) fieldTimes[group] = time;
    const by = byOf(from, group);
    if (by) fieldBy[group] = by;
  }
  merged.updatedAt = x.updatedAt > y.updatedAt ? x.updatedAt : y.updatedAt;
  if (Object.keys(fieldTimes).length) merged.fieldTimes = fieldTimes;
  else delete merged.fieldTimes;
  if (Object.keys(fieldBy).length) merged.fieldBy = fieldBy;
  else delete merged.fieldBy;
  return merged;
}

/**
 * The merge of two or more versions of one issue against their common version (null when it is
 * not known), and the values it replaced; revisions are left to the caller.
 */
export function mergeConcurrentIssues(
  versions: readonly IssueDoc[],
  base: IssueDoc | null,
): IssueMerge {
  if (versions.length === 0) throw new Error('mergeConcurrentIssues needs at least one version');
  // The order of the devices' revisions, the same wherever the merge runs.
  const sorted = [...versions].sort((a, b) =>
    (a._rev ?? '') !== (b._rev ?? '')
      ? (a._rev ?? '') < (b._rev ?? '')
        ? -1
        : 1
      : JSON.stringify(a) < JSON.stringify(b)
        ? -1
        : 1,
  );
  const lost: LostValue[] = [];
  const [first, ...rest] = sorted as [IssueDoc, ...IssueDoc[]];
  const merged = rest.reduce((acc, next) => mergeTwo(base, acc, next, lost), first);
  const { _rev: _ignoredRev, _revisions: _ignoredRevisions, ...issue } = merged;
  if (issue.fieldTimes && Object.keys(issue.fieldTimes).length === 0) delete issue.fieldTimes;
  if (issue.fieldBy && Object.keys(issue.fieldBy).length === 0) delete issue.fieldBy;
  return { issue, lost };
}

/** The merge of versions whose common version is unknown (see above); the values lost dropped. */
export function mergeIssueVersions(versions: readonly IssueDoc[]): IssueContent {
  return mergeConcurrentIssues(versions, null).issue;
}
