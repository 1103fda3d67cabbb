import {
  createWorkspaceBody,
  errorMessage,
  createWorkspaceResponseSchema,
  zodErrors,
  type WorkspaceSummary,
} from '@keel/domain';
import { postJson } from '../../shared/lib/api-client.ts';
import { fieldErrorMap } from '../../shared/lib/problem.ts';

export interface WorkspaceForm {
  name: string;
  slug: string;
}

export type CreateWorkspaceResult =
  | { ok: true; workspace: WorkspaceSummary }
  | { ok: false; fields: Partial<Record<keyof WorkspaceForm, string>>; message: string | null };

/** The same rules the server runs, for messages under each field before anything is sent. */
export function validateWorkspaceForm(
  form: WorkspaceForm,
): Partial<Record<keyof WorkspaceForm, string>> {
  const parsed = createWorkspaceBody.safeParse(form);
  return parsed.success ? {} : fieldErrorMap(zodErrors(parsed.error));
}

export async function createWorkspace(form: WorkspaceForm): Promise<CreateWorkspaceResult> {
  const body = createWorkspaceBody.safeParse(form);
  if (!body.success)
    return { ok: false, fields: fieldErrorMap(zodErrors(body.error)), message: null };

  const result = await postJson('/api/workspaces', body.data);
  if (result.ok) {
    const created = createWorkspaceResponseSchema.safeParse(result.body);
    if (created.success) return { ok: true, workspace: created.data.workspace };
    return { ok: false, fields: {}, message: errorMessage('INTERNAL', { requestId: 'none' }) };
  }
  if (result.kind === 'network') return { ok: false, fields: {}, message: errorMessage('OFFLINE') };

  const { problem } = result;
  if (problem.code === 'SLUG_TAKEN')
    return { ok: false, fields: { slug: problem.title }, message: null };
  const fields = fieldErrorMap(problem.errors);
  return {
    ok: false,
    fields: {
      ...(fields.name ? { name: fields.name } : {}),
      ...(fields.slug ? { slug: fields.slug } : {}),
    },
    message: problem.title,
  };
}
