import {
  checkWorkspaceWrite,
  type FieldError,
  type Role,
  type WorkspaceDoc,
  type WorkspaceLookup,
} from '@keel/domain';

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
 * device, against the workspace in memory, so the user sees exactly the refusal the server
 * would give, and nothing half-saved: one refused document refuses the change.
 */
export function checkWrites(
  docs: readonly unknown[],
  ctx: { role: Role; userId: string },
  workspace: WorkspaceLookup,
  /** What this device's deletions kept of a document (a restore writes over it). */
  tombstone: (id: string) => Record<string, unknown> | undefined = () => undefined,
): CheckedWrites {
  const verdicts = checkWorkspaceWrite(
    docs,
    {
      ...ctx,
      tombstone: (id) => tombstone(id) ?? null,
      // A device takes numbers only from its reserve (number-reserve.ts), which holds only blocks
      // the server reserved for this user; the server checks each number against those blocks.
      numberReserved: () => true,
    },
    workspace,
  );
  const checked: (WorkspaceDoc | DeletionStub)[] = [];
  for (const [index, verdict] of verdicts.entries()) {
    if (!verdict.ok) return { ok: false, message: verdict.reason, errors: verdict.errors };
    // An accepted deletion has no parsed document; keep the stub so it is saved, not dropped.
    checked.push(verdict.doc ?? (docs[index] as DeletionStub));
  }
  return { ok: true, docs: checked };
}
