import { z } from 'zod';
import { roleSchema, workspaceNameSchema, workspaceSlugSchema } from './fields.ts';

/** Request and response bodies of Keel's own `/api` (SPEC §7), parsed on both ends. */
export const createWorkspaceBody = z.strictObject({
  name: workspaceNameSchema,
  slug: workspaceSlugSchema,
});
export type CreateWorkspaceBody = z.input<typeof createWorkspaceBody>;

export const workspaceSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const createWorkspaceResponseSchema = z.object({
  workspace: workspaceSummarySchema,
  project: z.object({ id: z.string(), key: z.string() }),
});
export type CreateWorkspaceResponse = z.infer<typeof createWorkspaceResponseSchema>;

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  workspaces: z.array(workspaceSummarySchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `POST …/numbers`: the device's request id, resent when an answer was lost. */
export const numberBlockRequestBody = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Not a request id')
    .optional(),
});
export type NumberBlockRequestBody = z.infer<typeof numberBlockRequestBody>;

export const numberBlockSchema = z.object({
  projectId: z.string(),
  start: z.number().int().min(1),
  end: z.number().int().min(1),
});
export type NumberBlock = z.infer<typeof numberBlockSchema>;

/** `returnTo` may only be a local path: one leading slash, never `//host` or `/\host`. */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refuse control characters in a redirect target
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return fallback;
  return value;
}
