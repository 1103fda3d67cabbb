// Over 300 lines: one write's shape and role checks (create, edit, delete, restore, sibling
// revisions) read as one decision; the rules about the workspace around it are in write-rules/.
import type { z } from 'zod';
import type { Role } from './fields.ts';
import type { FieldError, ErrorCode } from './errors.ts';
import { readMarkerId, typeOfId, type DocType } from './ids.ts';
import { can, type Permission } from './permissions.ts';
import {
  revisionsSchema,
  revSchema,
  workspaceDocSchema,
  type ViewDoc,
  type WorkspaceDoc,
} from './documents.ts';
import { contentOf, restoresDeleted, RESTORABLE, sameJson } from './document-restore.ts';
import type { IssueSource } from './import-sources.ts';

export { contentOf, restoresDeleted, tombstoneOf } from './document-restore.ts';

/**
 * The rules for one document written to a workspace database: the shape (SPEC §5) and who may
 * write it (SPEC §6). The server runs this on every write through the replication proxy; the
 * browser runs it before saving so the user sees the same answer without a round trip.
 */
export interface WriteContext {
  role: Role;
  userId: string;
  /** The stored document this write replaces, if any (null for a create). */
  existing: WorkspaceDoc | null;
  /**
   * For a create: the body of the deletion it writes over, when the document was deleted (what
   * `tombstoneOf` kept of it). A create that matches it restores the document (an undo).
   */
  tombstone?: Record<string, unknown> | null;
  /** A revision made elsewhere, pushed by replication (`new_edits: false`). */
  replicated?: boolean;
}

export type WriteVerdict =
  | { ok: true; doc: WorkspaceDoc | null }
  | { ok: false; code: ErrorCode; reason: string; errors: FieldError[] };

const refuse = (code: ErrorCode, reason: string, errors: FieldError[] = []): WriteVerdict => ({
  ok: false,
  code,
  reason,
  errors,
});

export function zodErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const CREATE: Partial<Record<DocType, Permission>> = {
  project: 'project:create',
  issue: 'issue:create',
  comment: 'comment:create',
  label: 'label:create',
  activity: 'issue:edit',
  readMarker: 'readMarker:write:own',
  // Written by whichever device merges a concurrent edit, for whoever's edits they were.
  conflict: 'issue:edit',
  // SPEC §10: relating issues is editing them.
  relation: 'issue:edit',
  cycle: 'cycle:manage',
  milestone: 'milestone:manage',
  // Sharing one on creation is the view-sharing rule's (write-rules/view-rules.ts).
  view: 'view:own',
  favorite: 'favorite:own',
  // SPEC §11: the server writes it on upload; this is who may delete one of their own.
  attachment: 'attachment:upload',
};

/**
 * Whether a role may make documents of this type at all: the types whose rules a batch from it
 * can reach (a viewer's: read markers, views and favourites). Every edit and deletion a role may
 * make is of a type it may create.
 */
export function mayCreateType(role: Role, type: DocType): boolean {
  const permission = CREATE[type];
  return permission !== undefined && can(role, permission);
}

/** The field that names a document's author; it is set on create and never changes. */
const AUTHOR_FIELD: Partial<Record<DocType, string>> = {
  project: 'createdBy',
  issue: 'createdBy',
  comment: 'authorId',
  label: 'createdBy',
  activity: 'actorId',
  readMarker: 'userId',
  relation: 'createdBy',
  view: 'ownerId',
  favorite: 'userId',
  attachment: 'createdBy',
};

function authorOf(doc: WorkspaceDoc): string | undefined {
  const field = AUTHOR_FIELD[doc.type];
  return field ? (doc as unknown as Record<string, string>)[field] : undefined;
}

function editPermission(doc: WorkspaceDoc, userId: string): Permission | null {
  switch (doc.type) {
    case 'project':
      return 'project:edit';
    case 'issue':
      return 'issue:edit';
    case 'comment':
      return doc.authorId === userId ? 'comment:edit:own' : null;
    case 'label':
      return 'label:edit';
    case 'readMarker':
      return doc.userId === userId ? 'readMarker:write:own' : null;
    case 'cycle':
      return 'cycle:manage';
    case 'milestone':
      return 'milestone:manage';
    case 'view':
      return viewPermission(doc, userId);
    case 'favorite':
      return doc.userId === userId ? 'favorite:own' : null;
    default:
      return null; // members are the server's; activity, conflict entries and relations are immutable
  }
}

function deletePermission(doc: WorkspaceDoc, userId: string): Permission | null {
  switch (doc.type) {
    case 'conflict':
      // Dismissed by the person whose value it keeps, or by an admin (whoever wrote it).
      return doc.lost.by === userId ? 'issue:edit' : 'issue:delete:any';
    case 'project':
      return 'project:delete';
    case 'issue':
      return doc.createdBy === userId ? 'issue:delete:own' : 'issue:delete:any';
    case 'comment':
      return doc.authorId === userId ? 'comment:delete:own' : 'comment:delete:any';
    case 'label':
      return 'label:delete';
    case 'relation':
      return 'issue:edit';
    case 'cycle':
      return 'cycle:manage';
    case 'milestone':
      return 'milestone:manage';
    case 'view':
      return viewPermission(doc, userId);
    case 'favorite':
      return doc.userId === userId ? 'favorite:own' : null;
    case 'attachment':
      return doc.createdBy === userId ? 'attachment:delete:own' : 'attachment:delete:any';
    default:
      return null;
  }
}

/**
 * SPEC §10: a view is its owner's to change while they may keep it as it is (a viewer's own
 * personal view; a shared one of a member's); another's shared view is an admin's; another's
 * personal view is nobody else's.
 */
function viewPermission(view: ViewDoc, userId: string): Permission | null {
  if (view.ownerId === userId) return view.shared ? 'view:share' : 'view:own';
  return view.shared ? 'view:shared:any' : null;
}

/**
 * Whether `userId` with `role` may delete `doc` (SPEC §6: an issue of their own as a member, any
 * as an admin): the rule the write check below applies, for the interface to hide what it refuses.
 */
export function mayDelete(doc: WorkspaceDoc, role: Role, userId: string): boolean {
  const permission = deletePermission(doc, userId);
  return permission !== null && can(role, permission);
}

/**
 * Whether a replicated revision has `rev` in its history (it was made on top of it); true when
 * it carries no history, so that nothing unknown passes for a sibling.
 */
function descendsFrom(doc: WorkspaceDoc, rev: string | undefined): boolean {
  const history = doc._revisions;
  if (!history || !rev) return true;
  return history.ids.some((id, i) => `${history.start - i}-${id}` === rev);
}

/** A new document: its writer may create its kind, in their own name. */
function createVerdict(doc: WorkspaceDoc, ctx: WriteContext): WriteVerdict {
  const permission = CREATE[doc.type];
  if (!permission || !can(ctx.role, permission))
    return refuse('FORBIDDEN', "You don't have permission to create this");
  if (AUTHOR_FIELD[doc.type] && authorOf(doc) !== ctx.userId)
    return refuse('FORBIDDEN', 'A document can only be created in your own name', [
      { path: AUTHOR_FIELD[doc.type] ?? '', message: 'Must be you' },
    ]);
  if (doc.type === 'readMarker' && doc._id !== readMarkerId(doc.userId))
    return refuse('VALIDATION_FAILED', 'A read marker is stored under its owner’s id', [
      { path: '_id', message: `Must be ${readMarkerId(doc.userId)}` },
    ]);
  return { ok: true, doc };
}

/**
 * Decide one write. `raw` is what the client sent: a full document, or a deletion stub
 * (`{_id, _rev, _deleted: true}`).
 */
export function checkDocumentWrite(raw: unknown, ctx: WriteContext): WriteVerdict {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refuse('VALIDATION_FAILED', 'A document must be an object');
  const record = raw as Record<string, unknown>;
  const id = typeof record._id === 'string' ? record._id : '';
  const type = typeOfId(id);
  if (!type)
    return refuse('VALIDATION_FAILED', 'Unknown document id', [
      { path: '_id', message: 'Unknown document id' },
    ]);
  if (type === 'member') return refuse('FORBIDDEN', 'Members are managed by the server');
  if (type === 'notice') return refuse('FORBIDDEN', 'Notices are written by the server');
  if (type === 'link') return refuse('FORBIDDEN', 'Links are written by the server');
  // A file is added by uploading it (the server writes what it found); a device may delete one.
  if (type === 'attachment' && record._deleted !== true)
    return refuse('FORBIDDEN', 'Files are added by uploading them');
  if (!can(ctx.role, 'workspace:read')) return refuse('NOT_FOUND', 'Not a member');

  if (record._deleted === true) {
    // A deletion's body, when it has one, is the stored document as it was (tombstoneOf); the
    // server drops the body of a deletion of what it never had (routes/db/bulk-docs.ts).
    const body = contentOf(record);
    const kept = ctx.existing && RESTORABLE.has(type) ? contentOf(ctx.existing) : null;
    const extra = Object.keys(body).filter(
      (k) => !kept || !(k in kept) || !sameJson(kept[k], body[k]),
    );
    if (record._rev !== undefined && !revSchema.safeParse(record._rev).success)
      return refuse('VALIDATION_FAILED', 'Not a revision', [
        { path: '_rev', message: 'Not a revision' },
      ]);
    if (record._revisions !== undefined && !revisionsSchema.safeParse(record._revisions).success)
      return refuse('VALIDATION_FAILED', 'Not a revision history', [
        { path: '_revisions', message: 'Not a revision history' },
      ]);
    if (extra.length)
      return refuse(
        'VALIDATION_FAILED',
        'A deletion keeps nothing but the document as stored',
        extra.map((path) => ({ path, message: 'Not as stored' })),
      );
    if (!ctx.existing) {
      // A document created and deleted on one device before it synced: the writer must have
      // been allowed to create it.
      const permission = CREATE[type];
      if (!permission || !can(ctx.role, permission))
        return refuse('FORBIDDEN', "You don't have permission to delete this");
      return { ok: true, doc: null };
    }
    const permission = deletePermission(ctx.existing, ctx.userId);
    if (!permission || !can(ctx.role, permission))
      return refuse('FORBIDDEN', "You don't have permission to delete this");
    return { ok: true, doc: null };
  }

  const parsed = workspaceDocSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = zodErrors(parsed.error);
    return refuse('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid document', errors);
  }
  const doc = parsed.data;
  // A link's activity is the server's, as the link is (SPEC §11), and so are the ids that mark
  // a pull request's link and moves as made (git-links.ts): taken first, they would stop them.
  if (doc.type === 'activity' && (doc.kind === 'linked' || doc._id.startsWith('activity:git-')))
    return refuse('FORBIDDEN', 'Links are written by the server');
  if (doc.type !== type)
    return refuse('VALIDATION_FAILED', 'Document type does not match its id', [
      { path: 'type', message: 'Type does not match id' },
    ]);

  if (!ctx.existing && restoresDeleted(doc, ctx.tombstone)) {
    // Bringing back what was deleted is undoing the deletion: whoever may delete it may.
    if (!mayDelete(doc, ctx.role, ctx.userId))
      return refuse('FORBIDDEN', "You don't have permission to restore this");
    return { ok: true, doc };
  }

  if (!ctx.existing) return createVerdict(doc, ctx);

  if (ctx.existing.type !== doc.type)
    return refuse('VALIDATION_FAILED', 'A document cannot change its type');
  // Two devices that relate the same pair offline write the same id (decision 020), two writers
  // that schedule the same cycle too (decision 021), and so do one person's two devices that
  // pin the same favourite (favorites.ts): the second to sync is the same document made again,
  // a create in its writer's name, which CouchDB keeps as a sibling revision and the devices
  // settle (web data/conflicts.ts). A revision that descends from the stored one is an edit.
  if (
    (doc.type === 'relation' || doc.type === 'cycle' || doc.type === 'favorite') &&
    ctx.replicated &&
    !descendsFrom(doc, ctx.existing._rev)
  )
    return createVerdict(doc, ctx);
  const permission = editPermission(ctx.existing, ctx.userId);
  if (!permission || !can(ctx.role, permission)) {
    // A deletion undone before it reached the server arrives as a revision of the document with
    // its content unchanged: a restore, which whoever may delete it may make.
    if (
      restoresDeleted(doc, ctx.existing as unknown as Record<string, unknown>) &&
      mayDelete(ctx.existing, ctx.role, ctx.userId)
    )
      return { ok: true, doc };
    return refuse('FORBIDDEN', "You don't have permission to change this");
  }
  if (authorOf(doc) !== authorOf(ctx.existing))
    return refuse('FORBIDDEN', 'The author of a document never changes', [
      { path: AUTHOR_FIELD[type] ?? '', message: 'Cannot change' },
    ]);
  if (doc.createdAt !== ctx.existing.createdAt)
    return refuse('VALIDATION_FAILED', 'createdAt never changes', [
      { path: 'createdAt', message: 'Cannot change' },
    ]);
  if (doc.type === 'project' && ctx.existing.type === 'project' && doc.key !== ctx.existing.key)
    return refuse('VALIDATION_FAILED', 'A project key is fixed once created', [
      { path: 'key', message: 'Cannot change' },
    ]);
  if (
    doc.type === 'issue' &&
    ctx.existing.type === 'issue' &&
    (doc.number !== ctx.existing.number || doc.projectId !== ctx.existing.projectId)
  )
    return refuse('VALIDATION_FAILED', 'An issue keeps its number', [
      { path: 'number', message: 'Cannot change' },
    ]);
  if (
    doc.type === 'issue' &&
    ctx.existing.type === 'issue' &&
    !sameSource(doc.source, ctx.existing.source)
  )
    return refuse('VALIDATION_FAILED', 'Where an issue was imported from never changes', [
      { path: 'source', message: 'Cannot change' },
    ]);
  return { ok: true, doc };
}

const sameSource = (a: IssueSource | undefined, b: IssueSource | undefined) =>
  a === b || (!!a && !!b && a.tool === b.tool && a.key === b.key && a.url === b.url);
