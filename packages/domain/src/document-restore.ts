import type { DocType } from './ids.ts';
import type { WorkspaceDoc } from './documents.ts';

// What a deletion keeps of a document and what a restore must bring back (decision 010): the
// deletion and undo half of the write rules, apart from who may write what (document-rules.ts).

/**
 * Issues and comments can be restored after a deletion (an undo): their deletion keeps the
 * document as it was (`tombstoneOf`), and a restore must bring back exactly that, so deleting
 * and restoring can never change what someone wrote, nor mint an issue number.
 */
export const RESTORABLE: ReadonlySet<DocType> = new Set(['issue', 'comment']);

/** Fields that are not content: compared neither when deleting nor when restoring. */
const NOT_CONTENT = new Set(['_id', '_rev', '_revisions', '_deleted', '_conflicts', 'updatedAt']);

/** Deep equality of two JSON values, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => k in rb && sameJson(ra[k], rb[k]));
}

/** The content of a document or a deletion's body: what a restore must match. */
export function contentOf(doc: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !NOT_CONTENT.has(k)));
}

/** The deletion of `doc`: an issue's or comment's keeps its content, so it can be restored. */
export function tombstoneOf(doc: WorkspaceDoc): Record<string, unknown> & {
  _id: string;
  _deleted: true;
} {
  const kept = RESTORABLE.has(doc.type) ? contentOf(doc) : {};
  return {
    ...kept,
    _id: doc._id,
    ...(doc._rev ? { _rev: doc._rev } : {}),
    _deleted: true,
  };
}

/**
 * Whether `doc` brings back exactly what `deleted` (the body of its deletion) held: a restore.
 * Only `updatedAt` may move.
 */
export function restoresDeleted(
  doc: WorkspaceDoc,
  deleted: Record<string, unknown> | null | undefined,
): boolean {
  if (!deleted || !RESTORABLE.has(doc.type)) return false;
  const kept = contentOf(deleted);
  return Object.keys(kept).length > 0 && sameJson(kept, contentOf(doc));
}
