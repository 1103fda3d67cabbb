import { errorMessage } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import { REV_PATTERN } from '../documents.ts';
import { checkDocumentWrite, type WriteVerdict } from '../document-rules.ts';
import type { DocumentVerdict, WorkspaceLookup, WriteBatchContext } from './types.ts';

const encoder = new TextEncoder();

/**
 * A replicated revision (`new_edits: false`) must name its revision, and its history must end in
 * it; CouchDB would otherwise refuse the whole request and block that device's sync.
 */
export function replicatedRevisionProblem(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return null; // the schema refuses it
  const { _rev, _revisions } = doc as {
    _rev?: unknown;
    _revisions?: { start?: unknown; ids?: unknown[] };
  };
  if (typeof _rev !== 'string' || !REV_PATTERN.test(_rev))
    return 'A replicated document needs its revision';
  if (_revisions === undefined) return null;
  const [start, hash] = _rev.split('-');
  if (
    typeof _revisions !== 'object' ||
    _revisions === null ||
    _revisions.start !== Number(start) ||
    !Array.isArray(_revisions.ids) ||
    _revisions.ids[0] !== hash
  )
    return 'The revision history does not end in the revision';
  return null;
}

/** A replicated deletion the caller says only ends a branch: that deletion, not its id. */
function prunes(raw: unknown, id: string, context: WriteBatchContext): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const { _deleted, _rev } = raw as { _deleted?: unknown; _rev?: unknown };
  return _deleted === true && typeof _rev === 'string' && context.prunesBranch?.(id, _rev) === true;
}

/** The `_id` of a document as sent; '' when it has none. */
export function idOf(doc: unknown): string {
  return typeof doc === 'object' &&
    doc !== null &&
    typeof (doc as { _id?: unknown })._id === 'string'
    ? (doc as { _id: string })._id
    : '';
}

/**
 * The rules every document passes before any that reads the workspace, in order: its size
 * (`document-size`), for a replicated one its revision (`replicated-revision`), then its shape
 * and its writer's role (`schema-and-role`, SPEC §5 and §6: document-rules.ts).
 */
export function admit(
  raw: unknown,
  context: WriteBatchContext,
  /** The workspace as it was before this batch. */
  before: WorkspaceLookup,
): DocumentVerdict {
  const id = idOf(raw);
  if (encoder.encode(JSON.stringify(raw) ?? '').length > LIMITS.documentBytes)
    return {
      ok: false,
      id,
      rule: 'document-size',
      code: 'PAYLOAD_TOO_LARGE',
      reason: errorMessage('PAYLOAD_TOO_LARGE'),
      errors: [],
    };
  const revision = context.replicated ? replicatedRevisionProblem(raw) : null;
  if (revision)
    return {
      ok: false,
      id,
      rule: 'replicated-revision',
      code: 'VALIDATION_FAILED',
      reason: revision,
      errors: [{ path: '_rev', message: revision }],
    };
  let verdict: WriteVerdict = checkDocumentWrite(raw, {
    role: context.role,
    userId: context.userId,
    existing: (id && before.get(id)) || null,
    tombstone: id ? context.tombstone(id) : null,
    replicated: context.replicated,
  });
  if (!verdict.ok && context.replicated && prunes(raw, id, context))
    verdict = { ok: true, doc: null };
  return verdict.ok ? verdict : { ...verdict, id, rule: 'schema-and-role' };
}
