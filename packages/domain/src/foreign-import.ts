import { z } from 'zod';
import { PRIORITIES, prioritySchema } from './fields.ts';
import { importIssuesBody, importIssuesResponseSchema } from './issue-import.ts';
import { IMPORT_SOURCES, type ImportSource } from './import-sources.ts';
import { initialState, type StateCategory, type WorkflowState } from './workflow.ts';

/**
 * SPEC §11, importers: issues from Jira's, Linear's or GitHub's export into one project, through
 * the same `POST /api/workspaces/:ws/import` as Keel's own CSV, in two steps. The check (a dry
 * run) reads the file, lists every problem by row, and says which of the tool's states,
 * priorities and people it found and what each maps to; the import takes the mapping as the
 * importer left it. Importing the same file again adds nothing (each issue's id comes from its
 * tool and key).
 */
const mappingName = z.string().max(200);

export const importMappingSchema = z.strictObject({
  /** The tool's state name → a state id of the project. */
  states: z
    .array(z.strictObject({ from: mappingName, to: z.string().min(1).max(40) }))
    .max(500)
    .default([]),
  /** The tool's priority name → Keel's priority. */
  priorities: z
    .array(z.strictObject({ from: mappingName, to: prioritySchema }))
    .max(500)
    .default([]),
  /** A name the tool assigns issues to → a member's user id, or null: unassigned. */
  people: z
    .array(
      z.strictObject({
        from: mappingName,
        to: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a user id')
          .nullable(),
      }),
    )
    .max(5_000)
    .default([]),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importForeignBody = z.strictObject({
  source: z.enum(IMPORT_SOURCES, { error: 'Choose where the file comes from' }),
  projectId: z.string({ error: 'Choose a project' }).min(1, 'Choose a project'),
  file: z.string({ error: 'Choose a file' }).min(1, 'The file is empty'),
  dryRun: z.boolean().optional(),
  /**
   * Where the tool shows its issues (`https://acme.atlassian.net`, `https://linear.app/acme`):
   * each imported issue links back to its page there. Jira's and Linear's exports give no link;
   * GitHub's do.
   */
  siteUrl: z
    .string()
    .max(500)
    .regex(/^https:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'Give the address, starting https://')
    .optional(),
  /** Absent on the check: each value then maps as `suggest…` says. */
  mapping: importMappingSchema.optional(),
});
export type ImportForeignBody = z.infer<typeof importForeignBody>;

const mappedSchema = <T extends z.ZodType>(to: T) =>
  z.object({ from: z.string(), count: z.number().int(), to });

export const importForeignResponseSchema = z.object({
  dryRun: z.boolean(),
  source: z.enum(IMPORT_SOURCES),
  /** Issues added (or that would be). */
  issues: z.number().int(),
  /** Issues of the file imported before (into any project): left as they are. */
  alreadyImported: z.number().int(),
  comments: z.number().int(),
  newLabels: z.array(z.string()),
  states: z.array(mappedSchema(z.string())),
  priorities: z.array(mappedSchema(z.number().int())),
  people: z.array(mappedSchema(z.string().nullable())),
  /** What the import leaves out or changes, in sentences ("3 estimates are not on…"). */
  notes: z.array(z.string()),
  firstKey: z.string().optional(),
  lastKey: z.string().optional(),
});
export type ImportForeignResponse = z.infer<typeof importForeignResponseSchema>;

/** The body of `POST /api/workspaces/:ws/import`: Keel's CSV, or another tracker's export. */
export const importBody = z.discriminatedUnion('source', [importForeignBody, importIssuesBody], {
  error: 'Choose where the file comes from: keel, jira, linear or github',
});
export type ImportBody = z.infer<typeof importBody>;

export const importResponseSchema = z.union([
  importForeignResponseSchema,
  importIssuesResponseSchema,
]);

/** An issue's page in its tool, from the site's address and the issue's key. */
export function sourceLink(source: ImportSource, siteUrl: string, key: string): string | null {
  const base = siteUrl.replace(/\/+$/, '');
  if (source === 'jira') return `${base}/browse/${encodeURIComponent(key)}`;
  if (source === 'linear') return `${base}/issue/${encodeURIComponent(key)}`;
  return null;
}

const CATEGORY_WORDS: [StateCategory, RegExp][] = [
  ['canceled', /cancel|won'?t|not planned|duplicate|reject|declined|invalid|obsolete/],
  ['completed', /done|closed|resolved|complete|fixed|shipped|released|merged/],
  ['started', /progress|review|started|doing|testing|qa|in dev|active|blocked/],
  ['backlog', /backlog|icebox|triage|later/],
  ['unstarted', /to ?do|open|new|selected|ready|planned|unstarted/],
];

/**
 * The project's state a tool's state name becomes unless the importer chooses: the state of the
 * same name, else the first of the category its words suggest ("Closed" → completed), else the
 * state new issues start in.
 */
export function suggestState(name: string, states: readonly WorkflowState[]): string {
  const text = name.trim().toLowerCase();
  const same = states.find((s) => s.name.toLowerCase() === text);
  if (same) return same.id;
  for (const [category, words] of CATEGORY_WORDS) {
    if (!words.test(text)) continue;
    const state = states.find((s) => s.category === category);
    if (state) return state.id;
  }
  return initialState(states).id;
}

const PRIORITY_WORDS: [number, RegExp][] = [
  [1, /urgent|highest|blocker|critical|p0|showstopper/],
  [2, /high|major|p1/],
  [3, /medium|normal|p2/],
  [4, /low|minor|trivial|p3|p4/],
];

/** Keel's priority for a tool's priority name (Jira's Highest…Lowest, Linear's own names). */
export function suggestPriority(name: string): number {
  const text = name.trim().toLowerCase();
  const same = PRIORITIES.find((p) => p.name.toLowerCase() === text);
  if (same) return same.value;
  return PRIORITY_WORDS.find(([, words]) => words.test(text))?.[0] ?? 0;
}

export interface ImportMember {
  userId: string;
  name: string;
  email: string;
  active: boolean;
}

/**
 * The active member a tool's name for a person is: by email, by a name only one member has, or
 * by a login that is the local part of one member's email (GitHub's `ada` for ada@example.com).
 * Anyone else is left unassigned (the import notes who it was).
 */
export function suggestPerson(name: string, members: readonly ImportMember[]): string | null {
  const text = name.trim().toLowerCase();
  if (!text) return null;
  const active = members.filter((m) => m.active);
  const only = (found: ImportMember[]) => (found.length === 1 ? found[0]!.userId : undefined);
  return (
    only(active.filter((m) => m.email.toLowerCase() === text)) ??
    only(active.filter((m) => m.name.trim().toLowerCase() === text)) ??
    only(active.filter((m) => m.email.toLowerCase().split('@')[0] === text)) ??
    null
  );
}
