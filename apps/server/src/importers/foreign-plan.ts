import type { z } from 'zod';
import {
  commentBodySchema,
  dueDateSchema,
  estimateScaleOf,
  estimateValues,
  IMPORT_SOURCE_NAMES,
  ISSUE_LABELS_LIMIT_MESSAGE,
  issueDescriptionSchema,
  issueTitleSchema,
  labelNameKey,
  labelNameSchema,
  LIMITS,
  suggestPerson,
  suggestPriority,
  suggestState,
  type FieldError,
  type ImportForeignResponse,
  type ImportMapping,
  type ImportMember,
  type ImportSource,
  type ProjectDoc,
} from '@keel/domain';
import type { ForeignIssue } from './foreign-issue.ts';

/** What the file's issues become, before numbers and order are given (foreign-import.ts). */
export interface PlannedIssue {
  id: string;
  sourceKey: string;
  sourceUrl: string | null;
  title: string;
  description: string;
  stateId: string;
  priority: number;
  assigneeId: string | null;
  /** Label names, as the workspace spells those it has. */
  labels: string[];
  estimate: number | null;
  dueDate: string | null;
  parentId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  comments: { id: string; body: string; createdAt: string }[];
}

export interface PlanContext {
  source: ImportSource;
  project: Pick<ProjectDoc, 'states' | 'estimateScale'>;
  members: readonly ImportMember[];
  labels: readonly { name: string }[];
  mapping: ImportMapping | undefined;
  now: string;
  /** The id an issue of this key gets, the same whenever the file is imported. */
  issueId: (sourceKey: string) => string;
  commentId: (issueId: string, index: number) => string;
  /** Issues of the workspace with these ids: left out as imported before. */
  existing: ReadonlySet<string>;
}

export type Mapped = Pick<ImportForeignResponse, 'states' | 'priorities' | 'people'>;

export type Plan =
  | { ok: false; errors: FieldError[] }
  | { ok: true; issues: PlannedIssue[]; mapped: Mapped; notes: string[]; newLabels: string[] };

/**
 * Which of the tool's states, priorities and people the file uses, how often, and what each
 * maps to: the importer's choice where one was sent, else the suggestion.
 */
export function mapValues(issues: readonly ForeignIssue[], ctx: PlanContext): Mapped {
  const count = (values: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  const chosen = <T>(list: readonly { from: string; to: T }[] | undefined) =>
    new Map((list ?? []).map((m) => [m.from, m.to]));
  const states = chosen(ctx.mapping?.states);
  const priorities = chosen(ctx.mapping?.priorities);
  const people = chosen(ctx.mapping?.people);
  return {
    states: count(issues.map((i) => i.state)).map(([from, n]) => ({
      from,
      count: n,
      to: states.get(from) ?? suggestState(from, ctx.project.states),
    })),
    priorities: count(issues.map((i) => i.priority)).map(([from, n]) => ({
      from,
      count: n,
      to: priorities.get(from) ?? suggestPriority(from),
    })),
    people: count(issues.map((i) => i.assignee)).map(([from, n]) => ({
      from,
      count: n,
      to: people.has(from) ? people.get(from)! : suggestPerson(from, ctx.members),
    })),
  };
}

/** A choice the importer sent that the project or the workspace does not have. */
function mappingErrors(mapped: Mapped, ctx: PlanContext): FieldError[] {
  const errors: FieldError[] = [];
  for (const { from, to } of mapped.states)
    if (!ctx.project.states.some((s) => s.id === to))
      errors.push({ path: 'mapping.states', message: `Choose a state of the project for ${from}` });
  for (const { from, to } of mapped.people)
    if (to !== null && !ctx.members.some((m) => m.userId === to && m.active))
      errors.push({
        path: 'mapping.people',
        message: `Choose an active member, or nobody, for ${from}`,
      });
  return errors;
}

/**
 * The file's issues as Keel's, or every problem by row. Text is held to SPEC §5 (line breaks as
 * \n, no control characters); what Keel cannot keep as it was is said in `notes` rather than
 * refused: an estimate off the project's scale, a parent that is not there, a sprint.
 */
export function planImport(issues: readonly ForeignIssue[], ctx: PlanContext): Plan {
  const mapped = mapValues(issues, ctx);
  // Every problem is said at once: a bad choice in the mapping and each row's.
  const errors = mappingErrors(mapped, ctx);
  const stateOf = new Map(mapped.states.map((m) => [m.from, m.to]));
  const priorityOf = new Map(mapped.priorities.map((m) => [m.from, m.to]));
  const personOf = new Map(mapped.people.map((m) => [m.from, m.to]));
  const tool = IMPORT_SOURCE_NAMES[ctx.source];
  const scale = estimateValues(estimateScaleOf(ctx.project));
  const labelNames = new Map(ctx.labels.map((l) => [labelNameKey(l.name), l.name]));
  const newLabels = new Map<string, string>();
  const inFile = new Set(issues.map((i) => ctx.issueId(i.sourceKey)));
  const counts = { estimates: 0, parents: 0, cycles: 0, unassigned: 0 };
  const planned: PlannedIssue[] = [];

  for (const issue of issues) {
    const id = ctx.issueId(issue.sourceKey);
    if (ctx.existing.has(id)) continue;
    const fail = (column: string, message: string) =>
      errors.push({ path: `row ${issue.row}: ${column}`, message });
    const assignee = issue.assignee;
    const assigneeId = assignee === null ? null : (personOf.get(assignee) ?? null);
    let description = clean(issue.description);
    if (assignee !== null && assigneeId === null) {
      counts.unassigned++;
      description +=
        (description.trim() ? '\n\n---\n' : '') +
        `*Imported from ${tool}: assigned to ${assignee}, who is not a member of this workspace.*`;
    }
    const title = checked(issueTitleSchema, clean(issue.title).replace(/[\n\t]+/g, ' '));
    if (!title.ok) fail('Title', title.message);
    const text = checked(issueDescriptionSchema, description);
    if (!text.ok) fail('Description', text.message);

    const labels: string[] = [];
    for (const raw of issue.labels) {
      const name = checked(labelNameSchema, clean(raw));
      if (!name.ok) {
        fail('Labels', name.message);
        continue;
      }
      const key = labelNameKey(name.value);
      const spelled = labelNames.get(key) ?? newLabels.get(key);
      if (!spelled) newLabels.set(key, name.value);
      if (!labels.some((l) => labelNameKey(l) === key)) labels.push(spelled ?? name.value);
    }
    if (labels.length > LIMITS.labelsPerIssue) fail('Labels', ISSUE_LABELS_LIMIT_MESSAGE);

    const comments: PlannedIssue['comments'] = [];
    issue.comments.forEach((comment, index) => {
      const body = clean(comment.body);
      if (!body.trim()) return;
      const by = comment.author ? `*${comment.author}, in ${tool}:*` : `*From ${tool}:*`;
      const text = checked(commentBodySchema, `${by}\n\n${body}`);
      if (!text.ok) return fail(`Comment ${index + 1}`, text.message);
      comments.push({
        id: ctx.commentId(id, index),
        body: text.value,
        createdAt: pastOrNow(comment.createdAt ?? issue.createdAt, ctx.now),
      });
    });

    const onScale = issue.estimate === null || scale.includes(issue.estimate);
    if (!onScale) counts.estimates++;
    const parentId = issue.parentKey ? ctx.issueId(issue.parentKey) : null;
    const parentThere = parentId !== null && (inFile.has(parentId) || ctx.existing.has(parentId));
    if (parentId !== null && !parentThere) counts.parents++;
    if (issue.cycle) counts.cycles++;
    const due = issue.dueDate ? dueDateSchema.safeParse(issue.dueDate.slice(0, 10)) : null;
    if (due && !due.success) fail('Due date', due.error.issues[0]?.message ?? 'Not a date');

    if (title.ok && text.ok)
      planned.push({
        id,
        sourceKey: issue.sourceKey,
        sourceUrl: issue.sourceUrl,
        title: title.value,
        description: text.value,
        stateId: stateOf.get(issue.state)!,
        priority: issue.priority === null ? 0 : priorityOf.get(issue.priority)!,
        assigneeId,
        labels: labels.slice(0, LIMITS.labelsPerIssue),
        estimate: onScale ? issue.estimate : null,
        dueDate: due?.success ? (due.data ?? null) : null,
        parentId: parentThere ? parentId : null,
        createdAt: pastOrNow(issue.createdAt, ctx.now),
        startedAt: issue.startedAt && pastOrNow(issue.startedAt, ctx.now),
        finishedAt: issue.finishedAt && pastOrNow(issue.finishedAt, ctx.now),
        comments,
      });
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    issues: planned,
    mapped,
    notes: notesOf(counts, tool),
    newLabels: [...newLabels.values()],
  };
}

function notesOf(
  counts: Record<'estimates' | 'parents' | 'cycles' | 'unassigned', number>,
  tool: string,
) {
  const n = (count: number, one: string, many: string) =>
    count === 1 ? `1 ${one}` : `${count.toLocaleString('en')} ${many}`;
  const notes: string[] = [];
  if (counts.unassigned)
    notes.push(
      `${n(counts.unassigned, 'issue is', 'issues are')} assigned to someone who is not mapped to a member: left unassigned, with a note in the description.`,
    );
  if (counts.estimates)
    notes.push(
      `${n(counts.estimates, 'estimate is', 'estimates are')} not on the project's scale: left out.`,
    );
  if (counts.parents)
    notes.push(
      `${n(counts.parents, 'parent issue is', 'parent issues are')} neither in the file nor imported before: those issues come in without a parent.`,
    );
  if (counts.cycles)
    notes.push(
      `${n(counts.cycles, 'issue is', 'issues are')} in a ${tool} sprint or cycle: cycles are not imported.`,
    );
  return notes;
}

type Checked = { ok: true; value: string } | { ok: false; message: string };

function checked(schema: z.ZodType<string, string>, value: string): Checked {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Check this value' };
}

// Exports end lines with \r\n and carry stray control characters (a pasted form feed): Keel's
// text has neither (SPEC §5), and neither is worth refusing a file for.
// eslint-disable-next-line no-control-regex -- the point is to take them out
const STRAY_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const clean = (value: string) => value.replace(/\r\n?/g, '\n').replace(STRAY_CONTROL, '');

/** A time from the file, unless it is missing or in the future: then now. */
function pastOrNow(value: string | null, now: string): string {
  return value && value <= now ? value : now;
}
