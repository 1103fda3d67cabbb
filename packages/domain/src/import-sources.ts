import { z } from 'zod';

/** SPEC §11: the trackers whose exports Keel imports, beside its own CSV. */
export const IMPORT_SOURCES = ['jira', 'linear', 'github'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = {
  jira: 'Jira',
  linear: 'Linear',
  github: 'GitHub',
};

/**
 * Where an imported issue came from, kept on it: shown on the issue page with a link back, and
 * never changed after (document-rules.ts).
 */
export const issueSourceSchema = z.strictObject({
  tool: z.enum(IMPORT_SOURCES),
  /** The tool's own key (`PROJ-12`, `ENG-4`, `acme/api#31`). */
  key: z.string().min(1).max(200),
  url: z
    .string()
    .max(2_000)
    .regex(/^https:\/\//, 'Not an https link')
    .nullable(),
});
export type IssueSource = z.infer<typeof issueSourceSchema>;
