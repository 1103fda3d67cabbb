import { byCodeUnits, titleCollator } from './compare-text.ts';
import type { IssueDoc } from './documents.ts';

/**
 * Views over issues (SPEC §2): filters and sorting (grouping: issue-grouping.ts), as pure
 * functions over issue documents, plus their URL form so a view can be shared by link. The web app runs them on the
 * in-memory replica at every keystroke, so they avoid per-call allocation where they can.
 */
export const GROUP_BY = [
  'state',
  'priority',
  'assignee',
  'label',
  'project',
  'cycle',
  'milestone',
  'none',
] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const SORT_BY = ['manual', 'priority', 'created', 'updated', 'dueDate', 'title'] as const;
export type SortBy = (typeof SORT_BY)[number];

/** The assignee filter's value for "no assignee". */
export const UNASSIGNED = 'none';
/** The cycle filter's value for "no cycle". */
export const NO_CYCLE = 'none';
/** The milestone filter's value for "no milestone". */
export const NO_MILESTONE = 'none';

export interface IssueFilter {
  stateIds: readonly string[];
  priorities: readonly number[];
  /** User ids; `UNASSIGNED` stands for issues without an assignee. */
  assigneeIds: readonly string[];
  /** An issue matches when it has any of these labels. */
  labelIds: readonly string[];
  projectIds: readonly string[];
  /** Cycle ids; `NO_CYCLE` stands for issues in none. */
  cycleIds: readonly string[];
  /** Milestone ids; `NO_MILESTONE` stands for issues in none. */
  milestoneIds: readonly string[];
  /** Issues another blocks (`blocked`), or that block another (`blocking`): any of these. */
  relations: readonly RelationFilter[];
  text: string;
}

export const RELATION_FILTERS = ['blocked', 'blocking'] as const;
export type RelationFilter = (typeof RELATION_FILTERS)[number];

/** Which issues are blocked and which are blocking, for the relation filter. */
export interface IssueBlockSets {
  blocked: ReadonlySet<string>;
  blocking: ReadonlySet<string>;
}

export const NO_BLOCKS: IssueBlockSets = { blocked: new Set(), blocking: new Set() };

export interface ViewQuery {
  filter: IssueFilter;
  groupBy: GroupBy;
  sortBy: SortBy;
}

export const EMPTY_FILTER: IssueFilter = {
  stateIds: [],
  priorities: [],
  assigneeIds: [],
  labelIds: [],
  projectIds: [],
  cycleIds: [],
  milestoneIds: [],
  relations: [],
  text: '',
};

export const DEFAULT_VIEW: ViewQuery = { filter: EMPTY_FILTER, groupBy: 'state', sortBy: 'manual' };

// ---------------------------------------------------------------- URL form

const PARAM = {
  stateIds: 'state',
  priorities: 'priority',
  assigneeIds: 'assignee',
  labelIds: 'label',
  projectIds: 'project',
  cycleIds: 'cycle',
  milestoneIds: 'milestone',
  relations: 'relation',
} as const;
// Ids as documents carry them; a cycle id has a dot (`cycle:<project>.<number>`).
const ID_VALUE = /^[A-Za-z0-9:._-]{1,120}$/;
const MAX_VALUES = 100;

function listParam(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .filter((v) => ID_VALUE.test(v));
  return [...new Set(values)].slice(0, MAX_VALUES);
}

/** A view from a URL query. Unknown or malformed values are dropped, never an error. */
export function parseViewQuery(search: string | URLSearchParams): ViewQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const group = params.get('group');
  const sort = params.get('sort');
  const priorities = listParam(params, PARAM.priorities)
    .map(Number)
    .filter((p) => Number.isInteger(p) && p >= 0 && p <= 4);
  return {
    filter: {
      stateIds: listParam(params, PARAM.stateIds),
      priorities: [...new Set(priorities)],
      assigneeIds: listParam(params, PARAM.assigneeIds),
      labelIds: listParam(params, PARAM.labelIds),
      projectIds: listParam(params, PARAM.projectIds),
      cycleIds: listParam(params, PARAM.cycleIds),
      milestoneIds: listParam(params, PARAM.milestoneIds),
      relations: listParam(params, PARAM.relations).filter((r): r is RelationFilter =>
        (RELATION_FILTERS as readonly string[]).includes(r),
      ),
      text: (params.get('q') ?? '').slice(0, 200),
    },
    groupBy: (GROUP_BY as readonly string[]).includes(group ?? '')
      ? (group as GroupBy)
      : DEFAULT_VIEW.groupBy,
    sortBy: (SORT_BY as readonly string[]).includes(sort ?? '')
      ? (sort as SortBy)
      : DEFAULT_VIEW.sortBy,
  };
}

/** The URL query of a view; defaults are left out so a plain view has a plain link. */
export function serializeViewQuery(view: ViewQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(PARAM) as [keyof typeof PARAM, string][]) {
    const values = view.filter[field];
    if (values.length) params.set(name, values.join(','));
  }
  if (view.filter.text) params.set('q', view.filter.text);
  if (view.groupBy !== DEFAULT_VIEW.groupBy) params.set('group', view.groupBy);
  if (view.sortBy !== DEFAULT_VIEW.sortBy) params.set('sort', view.sortBy);
  return params;
}

export function filterIsEmpty(filter: IssueFilter): boolean {
  return (
    !filter.text.trim() &&
    filter.stateIds.length === 0 &&
    filter.priorities.length === 0 &&
    filter.assigneeIds.length === 0 &&
    filter.labelIds.length === 0 &&
    filter.projectIds.length === 0 &&
    filter.cycleIds.length === 0 &&
    filter.milestoneIds.length === 0 &&
    filter.relations.length === 0
  );
}

// ---------------------------------------------------------------- filtering

/** Lower case, NFC, accents kept: what both the issue text and the typed query are folded to. */
export function foldText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

// Issue documents are immutable snapshots (a change is a new object), so the folded search
// text of each is computed once and reused for every keystroke.
const searchTexts = new WeakMap<IssueDoc, string>();

export type IssueKeyOf = (issue: IssueDoc) => string;

/** The text a view's text filter searches: the issue's key and title. */
export function issueSearchText(issue: IssueDoc, keyOf: IssueKeyOf): string {
  let text = searchTexts.get(issue);
  if (text === undefined) {
    // The key is only formatted on a miss: a project's key never changes once created.
    text = foldText(`${keyOf(issue)} ${issue.title}`);
    searchTexts.set(issue, text);
  }
  return text;
}

/**
 * The issues that match every part of the filter, in their input order. Within one part any
 * value matches (state is Todo or In Progress); the text matches when every word appears.
 * `liveMilestones`, when given, are the milestones that exist: an issue naming one deleted
 * meanwhile (decision 022) is in no milestone, as grouping and its page show it.
 */
export function filterIssues(
  issues: readonly IssueDoc[],
  filter: IssueFilter,
  keyOf: IssueKeyOf,
  blocks: IssueBlockSets = NO_BLOCKS,
  liveMilestones: ReadonlySet<string> | null = null,
): readonly IssueDoc[] {
  if (filterIsEmpty(filter)) return issues;
  const states = filter.stateIds.length ? new Set(filter.stateIds) : null;
  const priorities = filter.priorities.length ? new Set(filter.priorities) : null;
  const assignees = filter.assigneeIds.length ? new Set(filter.assigneeIds) : null;
  const labels = filter.labelIds.length ? new Set(filter.labelIds) : null;
  const projects = filter.projectIds.length ? new Set(filter.projectIds) : null;
  const cycles = filter.cycleIds.length ? new Set(filter.cycleIds) : null;
  const milestones = filter.milestoneIds.length ? new Set(filter.milestoneIds) : null;
  const related = filter.relations.length
    ? (id: string) => filter.relations.some((r) => blocks[r].has(id))
    : null;
  const words = filterWords(filter.text);
  return issues.filter(
    (issue) =>
      (!states || states.has(issue.stateId)) &&
      (!priorities || priorities.has(issue.priority)) &&
      (!assignees || assignees.has(issue.assigneeId ?? UNASSIGNED)) &&
      (!labels || issue.labelIds.some((id) => labels.has(id))) &&
      (!projects || projects.has(issue.projectId)) &&
      (!cycles || cycles.has(issue.cycleId ?? NO_CYCLE)) &&
      (!milestones || milestones.has(milestoneOf(issue, liveMilestones))) &&
      (!related || related(issue._id)) &&
      (words.length === 0 || matchesWords(issueSearchText(issue, keyOf), words)),
  );
}

function milestoneOf(issue: IssueDoc, live: ReadonlySet<string> | null): string {
  const id = issue.milestoneId ?? null;
  return id !== null && (!live || live.has(id)) ? id : NO_MILESTONE;
}

/** The words of a text filter, folded: an issue matches when its text holds every one. */
export function filterWords(text: string): string[] {
  return foldText(text).split(/\s+/).filter(Boolean);
}

function matchesWords(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

// ---------------------------------------------------------------- sorting

/** Urgent first, no priority last. */
export function priorityRank(priority: number): number {
  return priority === 0 ? 5 : priority;
}

// Ties always fall back to the manual order and then the id, so every sort is total and the
// same input gives the same order on every device.
function manual(a: IssueDoc, b: IssueDoc): number {
  return byCodeUnits(a.sortOrder, b.sortOrder) || byCodeUnits(a._id, b._id);
}

const COMPARATORS: Record<SortBy, (a: IssueDoc, b: IssueDoc) => number> = {
  manual,
  priority: (a, b) => priorityRank(a.priority) - priorityRank(b.priority) || manual(a, b),
  created: (a, b) => byCodeUnits(b.createdAt, a.createdAt) || b.number - a.number || manual(a, b),
  updated: (a, b) => byCodeUnits(b.updatedAt, a.updatedAt) || manual(a, b),
  // Soonest first; issues without a due date after every dated one.
  dueDate: (a, b) =>
    a.dueDate === b.dueDate
      ? manual(a, b)
      : a.dueDate === null
        ? 1
        : b.dueDate === null
          ? -1
          : byCodeUnits(a.dueDate, b.dueDate),
  title: (a, b) => titleCollator.compare(a.title, b.title) || manual(a, b),
};

export function compareIssues(sortBy: SortBy): (a: IssueDoc, b: IssueDoc) => number {
  return COMPARATORS[sortBy];
}

/** A sorted copy; the input is left as it is. */
export function sortIssues(issues: readonly IssueDoc[], sortBy: SortBy): IssueDoc[] {
  return [...issues].sort(COMPARATORS[sortBy]);
}
