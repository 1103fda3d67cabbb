import {
  IMPORT_SOURCE_NAMES,
  PRIORITIES,
  type ActivityDoc,
  type ImportSource,
  type RelationSide,
  type WorkflowState,
} from '@keel/domain';

export function priorityName(value: unknown): string {
  return PRIORITIES.find((p) => p.value === value)?.name ?? String(value);
}

/** What a sentence needs to name things: ids in activity records become names at read time. */
export interface ActivityNames {
  states: readonly WorkflowState[];
  member: (userId: string) => string | undefined;
  label: (labelId: string) => string | undefined;
  issue: (issueId: string) => string | undefined;
  /** "Cycle 12", or its name. */
  cycle: (cycleId: string) => string | undefined;
  milestone: (milestoneId: string) => string | undefined;
  /** An estimate as the issue's project reads it: "M", or "3 points". */
  estimate: (points: number) => string;
}

const quote = (v: unknown) => `“${String(v)}”`;
const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export function formatDay(value: unknown): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return String(value);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' });
}

function labelChange(from: unknown, to: unknown, names: ActivityNames): string {
  const name = (id: string) => names.label(id) ?? 'a deleted label';
  const added = ids(to).filter((id) => !ids(from).includes(id));
  const removed = ids(from).filter((id) => !ids(to).includes(id));
  const parts = [];
  if (added.length)
    parts.push(`added ${added.length === 1 ? 'label' : 'labels'} ${list(added.map(name))}`);
  if (removed.length)
    parts.push(`removed ${removed.length === 1 ? 'label' : 'labels'} ${list(removed.map(name))}`);
  return parts.join(' and ') || 'changed the labels';
}

/** One line of an issue's history, after the actor's name: "changed state from Todo to Done". */
export function describeActivity(activity: ActivityDoc, names: ActivityNames): string {
  const { kind, from, to } = activity;
  const state = (id: unknown) => names.states.find((s) => s.id === id)?.name ?? 'a deleted state';
  const member = (id: unknown) => names.member(String(id)) ?? 'a former member';
  const issue = (id: unknown) => names.issue(String(id)) ?? 'a deleted issue';
  switch (kind) {
    case 'created': {
      // An import's: ['import', tool, the tool's key].
      const [how, tool, key] = ids(to);
      return how === 'import' && tool && key
        ? `imported the issue, created in ${IMPORT_SOURCE_NAMES[tool as ImportSource] ?? tool} as ${key}`
        : 'created the issue';
    }
    case 'state':
      return `changed state from ${state(from)} to ${state(to)}`;
    case 'priority':
      return `changed priority from ${priorityName(from)} to ${priorityName(to)}`;
    case 'title':
      return `changed the title from ${quote(from)} to ${quote(to)}`;
    case 'description':
      return 'updated the description';
    case 'dueDate':
      return to === null ? 'removed the due date' : `set the due date to ${formatDay(to)}`;
    case 'estimate':
      if (to === null) return 'removed the estimate';
      return typeof to === 'number'
        ? `set the estimate to ${names.estimate(to)}`
        : `set the estimate to ${String(to)}`;
    case 'assignee':
      return to === null ? `unassigned ${member(from)}` : `assigned ${member(to)}`;
    case 'labels':
      return labelChange(from, to, names);
    case 'parent':
      if (to !== null) return `set the parent issue to ${issue(to)}`;
      // Let go when its parent was deleted (delete-issue.ts), the usual reason it is unknown.
      return names.issue(String(from)) === undefined
        ? 'removed the parent issue, since deleted'
        : `removed the parent issue ${issue(from)}`;
    case 'project':
      return 'moved the issue to another project';
    case 'restored':
      return 'restored the issue';
    case 'subscribed':
      return subscribedSentence(activity, member);
    case 'relation':
      return relationSentence(activity, issue);
    case 'cycle':
      return cycleSentence(activity, names);
    case 'milestone':
      return milestoneSentence(activity, names);
    case 'linked':
      return linkedSentence(activity);
  }
}

/** "linked pull request #12 “Fix login”", "linked commit “Fix login”" ([kind, url, title, number]). */
function linkedSentence(activity: ActivityDoc): string {
  const [kind, , title = '', number = ''] = ids(activity.to);
  if (kind === 'commit') return `linked commit ${quote(title)}`;
  return `linked pull request${number ? ` #${number}` : ''} ${quote(title)}`;
}

/** "moved this to milestone Beta", "removed this from milestone Beta". */
function milestoneSentence(activity: ActivityDoc, names: ActivityNames): string {
  const milestone = (id: unknown) => {
    const name = names.milestone(String(id));
    return name === undefined ? 'a deleted milestone' : `milestone ${quote(name)}`;
  };
  const { from, to } = activity;
  if (from === null) return `added this to ${milestone(to)}`;
  if (to === null) return `removed this from ${milestone(from)}`;
  return `moved this from ${milestone(from)} to ${milestone(to)}`;
}

/** "moved this from Cycle 3 to Cycle 4", "added this to Cycle 4", "removed this from Cycle 4". */
function cycleSentence(activity: ActivityDoc, names: ActivityNames): string {
  const cycle = (id: unknown) => names.cycle(String(id)) ?? 'a deleted cycle';
  const { from, to } = activity;
  if (from === null) return `added this to ${cycle(to)}`;
  if (to === null) return `removed this from ${cycle(from)}`;
  return `moved this from ${cycle(from)} to ${cycle(to)}`;
}

const RELATION_PHRASES: Record<RelationSide, string> = {
  blocks: 'blocking',
  'blocked-by': 'blocked by',
  relates: 'related to',
  duplicates: 'a duplicate of',
  'duplicated-by': 'duplicated by',
};

/** "marked this as blocked by ENG-4", "removed: related to ENG-9" ([side, other issue]). */
function relationSentence(activity: ActivityDoc, issue: (id: unknown) => string): string {
  const added = activity.to !== null;
  const [side, otherId] = ids(added ? activity.to : activity.from);
  const phrase = RELATION_PHRASES[side as RelationSide] ?? 'related to';
  return added
    ? `marked this as ${phrase} ${issue(otherId)}`
    : `removed the relation: ${phrase} ${issue(otherId)}`;
}

/**
 * Someone subscribed automatically: "subscribed Ben Ortiz as the assignee", "subscribed by
 * commenting" (themselves), "subscribed Ana Lima and Cy Diaz by mentioning them".
 */
function subscribedSentence(activity: ActivityDoc, member: (id: unknown) => string): string {
  const who = ids(activity.to);
  const self = who.length === 1 && who[0] === activity.actorId;
  const named = self ? 'subscribed' : `subscribed ${list(who.map(member))}`;
  switch (activity.from) {
    case 'assigned':
      return `${named} as the assignee`;
    case 'mentioned':
      return self ? named : `${named} by mentioning them`;
    case 'commented':
      return `${named} by commenting`;
    default:
      return named;
  }
}
