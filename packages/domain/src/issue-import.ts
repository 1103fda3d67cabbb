import { z } from 'zod';
import type { FieldError } from './errors.ts';
import {
  dueDateSchema,
  issueDescriptionSchema,
  issueTitleSchema,
  labelNameSchema,
  PRIORITIES,
} from './fields.ts';
import { ISSUE_LABELS_LIMIT_MESSAGE } from './documents.ts';
import { LABELS_LIMIT_MESSAGE, labelNameKey } from './label-rules.ts';
import { estimateScaleMessage, estimateValues, type EstimateScale } from './estimate-scales.ts';
import { LIMITS } from './limits.ts';
import { initialState, type WorkflowState } from './workflow.ts';

/**
 * Issues from a spreadsheet (CSV) into one project: `POST /api/workspaces/:ws/import` (SPEC §7).
 * The columns are those of Keel's own CSV export, so an export goes back in as it came out;
 * headers are matched ignoring case, and a file from another tracker needs only a Title column.
 * The rules of SPEC §5 apply to every cell, and a file with any bad cell imports nothing.
 */
export const IMPORT_COLUMNS = [
  'Title',
  'Description',
  'State',
  'Priority',
  'Assignee',
  'Labels',
  'Estimate',
  'Due date',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns of Keel's export that an import leaves out: they are the server's to give. */
export const EXPORT_ONLY_COLUMNS = ['Key', 'Parent', 'Created', 'Updated'] as const;

/** The columns of Keel's CSV export, in order: the key, what an import reads, then the rest. */
export const EXPORT_COLUMNS = ['Key', ...IMPORT_COLUMNS, 'Parent', 'Created', 'Updated'] as const;

export const importIssuesBody = z.strictObject({
  /** Keel's own CSV; the other trackers' exports name theirs (foreign-import.ts). */
  source: z.literal('keel').optional(),
  projectId: z.string({ error: 'Choose a project' }).min(1, 'Choose a project'),
  csv: z.string({ error: 'Choose a CSV file' }).min(1, 'The file is empty'),
  /** Check the file and say what would be imported, writing nothing. */
  dryRun: z.boolean().optional(),
});
export type ImportIssuesBody = z.infer<typeof importIssuesBody>;

export const importIssuesResponseSchema = z.object({
  dryRun: z.boolean(),
  /** How many issues were (or would be) created. */
  issues: z.number().int(),
  /** Labels the file names that the workspace did not have, created with the issues. */
  newLabels: z.array(z.string()),
  /** Columns of the file that Keel does not read. */
  ignoredColumns: z.array(z.string()),
  /** The keys given to the first and last imported issue; absent on a dry run. */
  firstKey: z.string().optional(),
  lastKey: z.string().optional(),
});
export type ImportIssuesResponse = z.infer<typeof importIssuesResponseSchema>;

/** One issue read from the file, its references resolved. */
export interface ImportedIssue {
  title: string;
  description: string;
  stateId: string;
  priority: number;
  assigneeId: string | null;
  /** Existing label ids and names of labels to create (matched ignoring case). */
  labels: { id: string | null; name: string }[];
  estimate: number | null;
  dueDate: string | null;
}

export interface ImportContext {
  states: readonly WorkflowState[];
  /** The project's estimate scale (SPEC §10); absent: Fibonacci. */
  estimateScale?: EstimateScale;
  members: readonly { userId: string; name: string; email: string; active: boolean }[];
  labels: readonly { _id: string; name: string }[];
}

export type ImportResult =
  | { ok: true; issues: ImportedIssue[]; newLabels: string[]; ignoredColumns: string[] }
  | { ok: false; errors: FieldError[] };

/** Messages beyond the first few say little more and make a long answer. */
const MAX_ERRORS = 50;

/**
 * Read a parsed CSV (`rows[0]` the header) into issues for a project, or say every cell that
 * breaks a rule. Error paths are `row N: Column`, N being the row as a spreadsheet numbers it
 * (the header is row 1; a cell over several lines is still one row).
 */
export function readImportRows(
  rows: readonly (readonly string[])[],
  ctx: ImportContext,
): ImportResult {
  const [header, ...body] = rows;
  const errors: FieldError[] = [];
  if (!header) return { ok: false, errors: [{ path: 'csv', message: 'The file is empty' }] };
  const columns = new Map<ImportColumn, number>();
  const ignoredColumns: string[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim();
    const known = IMPORT_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    if (known && columns.has(known))
      errors.push({ path: 'csv', message: `The column ${known} appears twice` });
    else if (known) columns.set(known, index);
    else if (name && !EXPORT_ONLY_COLUMNS.some((c) => c.toLowerCase() === name.toLowerCase()))
      ignoredColumns.push(name);
  });
  if (errors.length) return { ok: false, errors };
  if (!columns.has('Title'))
    return { ok: false, errors: [{ path: 'csv', message: 'The file needs a Title column' }] };
  const data = body.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (data.length === 0)
    return { ok: false, errors: [{ path: 'csv', message: 'The file has no issues in it' }] };
  if (data.length > LIMITS.importRows)
    return {
      ok: false,
      errors: [
        {
          path: 'csv',
          message: `A file can hold at most ${LIMITS.importRows.toLocaleString('en')} issues`,
        },
      ],
    };

  const labelsByName = new Map(ctx.labels.map((l) => [labelNameKey(l.name), l._id]));
  const newLabels = new Map<string, string>();
  const issues: ImportedIssue[] = [];
  for (const [index, row] of body.entries()) {
    if (!row.some((cell) => cell.trim() !== '')) continue;
    const rowNumber = index + 2;
    const cell = (column: ImportColumn) => {
      const index = columns.get(column);
      // Spreadsheets end lines with \r\n; a text field allows \n alone (SPEC §5).
      return index === undefined ? '' : (row[index] ?? '').replace(/\r\n?/g, '\n');
    };
    const fail = (column: ImportColumn, message: string) =>
      errors.push({ path: `row ${rowNumber}: ${column}`, message });
    const issue = readIssue(cell, fail, ctx, labelsByName, newLabels);
    if (issue) issues.push(issue);
    if (errors.length >= MAX_ERRORS) {
      errors.push({ path: 'csv', message: `Only the first ${MAX_ERRORS} problems are listed` });
      break;
    }
  }
  if (ctx.labels.length + newLabels.size > LIMITS.labelsPerWorkspace)
    errors.push({
      path: 'csv',
      message: LABELS_LIMIT_MESSAGE,
    });
  if (errors.length) return { ok: false, errors };
  return { ok: true, issues, newLabels: [...newLabels.values()], ignoredColumns };
}

function readIssue(
  cell: (column: ImportColumn) => string,
  fail: (column: ImportColumn, message: string) => void,
  ctx: ImportContext,
  labelsByName: ReadonlyMap<string, string>,
  newLabels: Map<string, string>,
): ImportedIssue | null {
  let ok = true;
  const check = <T>(
    column: ImportColumn,
    result: { ok: true; value: T } | { ok: false; message: string },
  ) => {
    if (result.ok) return result.value;
    ok = false;
    fail(column, result.message);
    return null;
  };
  const title = check('Title', fromSchema(issueTitleSchema, cell('Title')));
  const description = check('Description', fromSchema(issueDescriptionSchema, cell('Description')));
  const stateId = check('State', readState(cell('State'), ctx.states));
  const priority = check('Priority', readPriority(cell('Priority')));
  const assigneeId = check('Assignee', readAssignee(cell('Assignee'), ctx.members));
  const labels = check('Labels', readLabels(cell('Labels'), labelsByName));
  const estimate = check('Estimate', readEstimate(cell('Estimate'), ctx.estimateScale));
  const dueDate = check('Due date', readDueDate(cell('Due date')));
  if (!ok) return null;
  for (const label of labels!)
    if (!label.id && !newLabels.has(labelNameKey(label.name)))
      newLabels.set(labelNameKey(label.name), label.name);
  return {
    title: title!,
    description: description!,
    stateId: stateId!,
    priority: priority!,
    assigneeId: assigneeId ?? null,
    labels: labels!,
    estimate: estimate ?? null,
    dueDate: dueDate ?? null,
  };
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

function fromSchema(schema: z.ZodType<string, unknown>, value: string): Read<string> {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Check this cell' };
}

function readState(value: string, states: readonly WorkflowState[]): Read<string> {
  const name = value.trim().toLowerCase();
  if (!name) return { ok: true, value: initialState(states).id };
  const state = states.find((s) => s.name.toLowerCase() === name);
  return state
    ? { ok: true, value: state.id }
    : { ok: false, message: `State must be one of ${states.map((s) => s.name).join(', ')}` };
}

function readPriority(value: string): Read<number> {
  const text = value.trim().toLowerCase();
  if (!text) return { ok: true, value: 0 };
  const found = PRIORITIES.find((p) => p.name.toLowerCase() === text || String(p.value) === text);
  return found
    ? { ok: true, value: found.value }
    : {
        ok: false,
        message: `Priority must be one of ${PRIORITIES.map((p) => p.name).join(', ')}`,
      };
}

function readAssignee(value: string, members: ImportContext['members']): Read<string | null> {
  const text = value.trim().toLowerCase();
  if (!text) return { ok: true, value: null };
  const active = members.filter((m) => m.active);
  const byEmail = active.find((m) => m.email.toLowerCase() === text);
  const byName = active.filter((m) => m.name.trim().toLowerCase() === text);
  const member = byEmail ?? (byName.length === 1 ? byName[0] : undefined);
  return member
    ? { ok: true, value: member.userId }
    : { ok: false, message: 'Assignee must be the email or name of an active member' };
}

function readLabels(
  value: string,
  labelsByName: ReadonlyMap<string, string>,
): Read<{ id: string | null; name: string }[]> {
  const seen = new Set<string>();
  const labels: { id: string | null; name: string }[] = [];
  const take = (raw: string): Read<null> => {
    const name = fromSchema(labelNameSchema, raw);
    if (!name.ok) return name;
    const key = labelNameKey(name.value);
    if (!seen.has(key)) labels.push({ id: labelsByName.get(key) ?? null, name: name.value });
    seen.add(key);
    return { ok: true, value: null };
  };
  // Names are separated by commas, but a label of the workspace may hold one ("UI, web"): such
  // names are taken out whole first, so an exported cell comes back as it went out.
  const parts = value.split(',');
  for (const [key] of labelsByName) {
    const width = key.split(',').length;
    if (width < 2) continue;
    for (let i = 0; i + width <= parts.length; i++) {
      const joined = parts.slice(i, i + width).join(',');
      if (labelNameKey(joined) !== key) continue;
      const taken = take(joined);
      if (!taken.ok) return taken;
      parts.splice(i, width, '');
    }
  }
  for (const raw of parts) {
    if (!raw.trim()) continue;
    const taken = take(raw);
    if (!taken.ok) return taken;
  }
  return labels.length > LIMITS.labelsPerIssue
    ? { ok: false, message: ISSUE_LABELS_LIMIT_MESSAGE }
    : { ok: true, value: labels };
}

function readEstimate(value: string, scale: EstimateScale = 'fibonacci'): Read<number | null> {
  const text = value.trim();
  if (!text) return { ok: true, value: null };
  const n = Number(text);
  return estimateValues(scale).includes(n)
    ? { ok: true, value: n }
    : { ok: false, message: estimateScaleMessage(scale) };
}

function readDueDate(value: string): Read<string | null> {
  const text = value.trim();
  return text ? fromSchema(dueDateSchema.unwrap(), text) : { ok: true, value: null };
}
