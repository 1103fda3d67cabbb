import {
  bulkDocsRequestSchema,
  checkWorkspaceWrite,
  errorMessage,
  LIMITS,
  zodErrors,
  type ErrorCode,
  type FieldError,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { BulkResult, CouchClient } from '../../db/couch-client.ts';
import type { WorkspaceAccess } from '../../workspaces/access.ts';
import { loadBatch } from './batch-context.ts';
import type { ReservedBlocks } from './number-rules.ts';

/** A refused document, in CouchDB's own per-document `_bulk_docs` error shape. */
interface Refusal extends BulkResult {
  id: string;
  error: 'forbidden';
  reason: string;
  code: ErrorCode;
  errors: FieldError[];
}

function refusal(id: string, code: ErrorCode, reason: string, errors: FieldError[] = []): Refusal {
  const title = errorMessage(code);
  // A title with a placeholder (PROJECT_KEY_TAKEN's {key}) comes filled in as the reason itself.
  const whole = reason === title || title.includes('{');
  return {
    id,
    error: 'forbidden',
    reason: whole ? reason : `${title} ${reason}`,
    code,
    errors,
  };
}

/**
 * `_bulk_docs` through the proxy: the envelope is parsed, what the domain's write rules read is
 * loaded from the database, every document is checked by those rules (the role matrix among
 * them), and the accepted ones are saved; each refused one gets its own error.
 */
export async function validatedBulkDocs(
  couch: CouchClient,
  access: WorkspaceAccess,
  body: unknown,
  numbers: ReservedBlocks,
  /**
   * The public API's writes: one refused document and none is saved; updates are saved before
   * new documents, which are saved only if every update went in.
   */
  options: { allOrNothing?: boolean } = {},
): Promise<BulkResult[]> {
  const envelope = bulkDocsRequestSchema.safeParse(body);
  if (!envelope.success)
    throw new AppError('VALIDATION_FAILED', {
      errors: zodErrors(envelope.error).map((e) => ({ ...e, path: e.path || 'docs' })),
    });
  if (envelope.data.docs.length > LIMITS.bulkDocsPerRequest)
    throw new AppError('PAYLOAD_TOO_LARGE');
  const replicated = envelope.data.new_edits === false;
  const batch = await loadBatch(couch, access, envelope.data.docs, replicated, numbers);

  // Replicated revisions held already are accepted without a write.
  const checked = batch.docs.flatMap((_, index) => (batch.repeated.has(index) ? [] : [index]));
  const verdicts = checkWorkspaceWrite(
    checked.map((index) => batch.docs[index]),
    batch.context,
    batch.before,
  );
  const results: (BulkResult | null)[] = batch.docs.map(() => null);
  verdicts.forEach((verdict, k) => {
    if (!verdict.ok)
      results[checked[k]!] = refusal(verdict.id, verdict.code, verdict.reason, verdict.errors);
  });
  if (options.allOrNothing && results.some((r) => r !== null))
    return results.filter((r): r is BulkResult => r !== null);
  const accepted = batch.docs.filter(
    (_, index) => results[index] === null && !batch.repeated.has(index),
  );
  const dbName = access.workspace.dbName;
  if (options.allOrNothing) {
    // `_bulk_docs` is not one transaction: updates (the ones that can conflict) go first, and
    // new documents (the activity of a change) only once they are all in.
    const hasRev = (doc: unknown) => typeof (doc as { _rev?: unknown })._rev === 'string';
    const updates = accepted.filter(hasRev);
    const creates = accepted.filter((doc) => !hasRev(doc));
    const first = updates.length ? await couch.bulkDocs(dbName, updates) : [];
    if (first.some((r) => !r.ok)) return first;
    return [...first, ...(creates.length ? await couch.bulkDocs(dbName, creates) : [])];
  }
  const saved = accepted.length ? await couch.bulkDocs(dbName, accepted, !replicated) : [];
  if (replicated) return [...results.filter((r): r is BulkResult => r !== null), ...saved];
  // With new_edits, CouchDB answers one row per document in order; keep the client's order.
  let next = 0;
  return results.map(
    (r) => r ?? saved[next++] ?? { id: '', error: 'unknown_error', reason: 'No result' },
  );
}
