import { checkDocumentWrite, type FieldError, type Role, type WorkspaceDoc } from '@keel/domain';

export type CheckedWrites =
  { ok: true; docs: WorkspaceDoc[] } | { ok: false; message: string; errors: FieldError[] };

/**
 * Run the domain's write rules on every document of one change before anything touches the
 * device, so the user sees exactly the refusal the server would give, and nothing half-saved.
 */
export function checkWrites(
  docs: readonly unknown[],
  ctx: { role: Role; userId: string },
  lookup: (id: string) => WorkspaceDoc | undefined,
): CheckedWrites {
  const checked: WorkspaceDoc[] = [];
  for (const doc of docs) {
    const id = (doc as { _id?: unknown } | null)?._id;
    const existing = typeof id === 'string' ? (lookup(id) ?? null) : null;
    const verdict = checkDocumentWrite(doc, { ...ctx, existing });
    if (!verdict.ok) return { ok: false, message: verdict.reason, errors: verdict.errors };
    if (verdict.doc) checked.push(verdict.doc);
  }
  return { ok: true, docs: checked };
}
