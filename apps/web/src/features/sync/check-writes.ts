import { checkDocumentWrite, type FieldError, type Role, type WorkspaceDoc } from '@keel/domain';

/**
 * A deletion as PouchDB takes it: the id, the revision it replaces, and for an issue or comment
 * what identifies it (`tombstoneOf`), so it can be restored.
 */
export interface DeletionStub {
  _id: string;
  _rev?: string;
  _deleted: true;
  [identity: string]: unknown;
}

export type CheckedWrites =
  | { ok: true; docs: (WorkspaceDoc | DeletionStub)[] }
  | { ok: false; message: string; errors: FieldError[] };

/**
 * Run the domain's write rules on every document of one change before anything touches the
 * device, so the user sees exactly the refusal the server would give, and nothing half-saved.
 */
export function checkWrites(
  docs: readonly unknown[],
  ctx: { role: Role; userId: string },
  lookup: (id: string) => WorkspaceDoc | undefined,
  /** What this device's deletions kept of a document (a restore writes over it). */
  tombstone: (id: string) => Record<string, unknown> | undefined = () => undefined,
): CheckedWrites {
  const checked: (WorkspaceDoc | DeletionStub)[] = [];
  for (const doc of docs) {
    const id = (doc as { _id?: unknown } | null)?._id;
    const existing = typeof id === 'string' ? (lookup(id) ?? null) : null;
    const deleted = typeof id === 'string' && !existing ? (tombstone(id) ?? null) : null;
    const verdict = checkDocumentWrite(doc, { ...ctx, existing, tombstone: deleted });
    if (!verdict.ok) return { ok: false, message: verdict.reason, errors: verdict.errors };
    if (verdict.doc) checked.push(verdict.doc);
    // An accepted deletion has no parsed document; keep the stub so it is saved, not dropped.
    else checked.push(doc as DeletionStub);
  }
  return { ok: true, docs: checked };
}
