import { z } from 'zod';
import { ALL_ESTIMATES } from './estimate-scales.ts';
import { textField } from './text.ts';

/** SPEC §5, one schema per rule so the browser form and the server say the same thing. */
export const RESERVED_SLUGS = [
  'new',
  'signin',
  'invite',
  'account',
  'api',
  'auth',
  'db',
  'idp',
  'assets',
  'settings',
  'static',
] as const;

export const workspaceNameSchema = textField('Workspace name', 1, 64);

export const workspaceSlugSchema = z
  .string({ error: 'URL key is required' })
  .transform((v) => v.normalize('NFC').trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'URL key is required' });
    else if (value.length < 3 || value.length > 32)
      ctx.addIssue({ code: 'custom', message: 'URL key must be 3–32 characters' });
    else if (!/^[a-z0-9-]+$/.test(value))
      ctx.addIssue({
        code: 'custom',
        message: 'URL key may only use lowercase letters, digits and hyphens',
      });
    else if (!/^[a-z0-9].*[a-z0-9]$/.test(value))
      ctx.addIssue({
        code: 'custom',
        message: 'URL key must start and end with a letter or digit',
      });
    else if ((RESERVED_SLUGS as readonly string[]).includes(value))
      ctx.addIssue({ code: 'custom', message: `URL key "${value}" is reserved` });
  });

export const projectKeySchema = z
  .string({ error: 'Project key is required' })
  .transform((v) => v.trim())
  .superRefine((value, ctx) => {
    if (!/^[A-Z][A-Z0-9]{1,4}$/.test(value))
      ctx.addIssue({
        code: 'custom',
        message: 'Project key must be 2–5 capital letters or digits, starting with a letter',
      });
  });

export const projectNameSchema = textField('Project name', 1, 80);
export const issueTitleSchema = textField('Title', 1, 255);
export const issueDescriptionSchema = textField('Description', 0, 50_000, { multiline: true });
export const commentBodySchema = textField('Comment', 1, 20_000, { multiline: true });
export const labelNameSchema = textField('Label name', 1, 40);
export const attachmentNameSchema = textField('File name', 1, 255);

export const colorSchema = z
  .string({ error: 'Colour is required' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Colour must look like #RRGGBB');

/**
 * Any number some estimate scale stores (estimate-scales.ts); whether it is one of the issue's
 * own project's scale is a write rule's (write-rules/issue-rules.ts), which knows the project.
 */
export const estimateSchema = z
  .number()
  .refine((n) => ALL_ESTIMATES.includes(n), {
    message: `Estimate must be one of ${ALL_ESTIMATES.join(', ')}`,
  })
  .nullable();

export const PRIORITIES = [
  { value: 0, name: 'No priority' },
  { value: 1, name: 'Urgent' },
  { value: 2, name: 'High' },
  { value: 3, name: 'Medium' },
  { value: 4, name: 'Low' },
] as const;
export const prioritySchema = z
  .number({ error: 'Priority must be 0–4' })
  .int('Priority must be 0–4')
  .min(0, 'Priority must be 0–4')
  .max(4, 'Priority must be 0–4');

export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d); // setUTCFullYear keeps years 0–99 as they are
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
export const dueDateSchema = z
  .string()
  .refine(isCalendarDate, 'Due date must be a real date (YYYY-MM-DD)')
  .nullable();

export const emailSchema = z
  .string({ error: 'Email is required' })
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.email('Enter a valid email address').max(254, 'Email is too long'));

export const isoTimestampSchema = z.iso.datetime({ offset: true, message: 'Must be a timestamp' });

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Role must be owner, admin, member or viewer' });
export type Role = z.infer<typeof roleSchema>;
