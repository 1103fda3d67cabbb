import type { ErrorCode, FieldError } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import type { WorkspaceAccess } from '../../workspaces/access.ts';
import { validatedBulkDocs } from '../db/bulk-docs.ts';
import { reservedBlocksOf } from '../db/number-rules.ts';

/**
 * Save documents as the API's caller, through exactly what a device's `_bulk_docs` goes through:
 * the domain's write rules against the workspace as the database holds it, the caller's role,
 * their reserved issue numbers. All or nothing. A refusal is thrown with its catalogue code and
 * field errors; `conflict` when a document changed since it was read (the caller reads again;
 * updates saved before it are in `revs`, no new document was).
 */
export async function writeAs(
  deps: { couch: CouchClient; store: AppStore },
  access: WorkspaceAccess,
  docs: readonly object[],
): Promise<{ conflict: boolean; revs: Map<string, string> }> {
  const workspaceId = access.workspace._id.slice('workspace:'.length);
  const results = await validatedBulkDocs(
    deps.couch,
    access,
    { docs },
    reservedBlocksOf(deps.store, workspaceId, access.userId),
    { allOrNothing: true },
  );
  const refused = results.find(
    (r): r is typeof r & { code: ErrorCode; errors: FieldError[] } =>
      'code' in r && typeof r.code === 'string',
  );
  if (refused) throw new AppError(refused.code, { errors: refused.errors, detail: refused.reason });
  // What was saved, also when something conflicted (updates go first; the caller reads again
  // and finishes).
  const revs = new Map(results.flatMap((r) => (r.ok && r.rev ? [[r.id, r.rev] as const] : [])));
  if (results.some((r) => r.error === 'conflict')) return { conflict: true, revs };
  const failed = results.find((r) => !r.ok);
  if (failed)
    throw new Error(`${failed.id}: ${failed.error ?? 'not saved'} ${failed.reason ?? ''}`);
  return { conflict: false, revs };
}
