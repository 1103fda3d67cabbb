import type { Role } from '../fields.ts';
import type { ErrorCode, FieldError } from '../errors.ts';
import type { WorkspaceDoc } from '../documents.ts';

/**
 * What the write rules read of the workspace. The server fills it from the database before a
 * batch is checked (routes/db/batch-context.ts); the browser answers from its in-memory store.
 * Both answer synchronously, so one rule reads the same on either side.
 */
export interface WorkspaceLookup {
  /** A live document of the workspace, or undefined when there is none (or it was not read). */
  get(id: string): WorkspaceDoc | undefined;
  /** Every live document of a catalog type: for rules of uniqueness, order and how many. */
  all<T extends CatalogType>(type: T): readonly CatalogDoc<T>[];
}

/**
 * The types a rule may list whole: few documents each (SPEC §9's limits; a few cycles a project;
 * up to 100 milestones a project; up to 200 views). Favourites are listed for their writer only
 * on the server (their ids share the person's prefix, favorites.ts), so a rule that lists them
 * counts one person's, never the workspace's.
 */
export type CatalogType = 'project' | 'label' | 'cycle' | 'milestone' | 'view' | 'favorite';
export type CatalogDoc<T extends CatalogType> = Extract<WorkspaceDoc, { type: T }>;

/** Who writes, and what only the caller can know about a batch. */
export interface WriteBatchContext {
  role: Role;
  userId: string;
  /** Revisions replicated from a device (CouchDB's `new_edits: false`), not new edits. */
  replicated?: boolean;
  /** What a document's deletion kept of it (`tombstoneOf`), for a create over it: a restore. */
  tombstone(id: string): Record<string, unknown> | null;
  /**
   * Whether the writer holds this issue number of the project. The server answers from the
   * number blocks it handed out; a device takes numbers only from blocks reserved for it.
   */
  numberReserved(projectId: string, number: number): boolean;
  /**
   * Whether this replicated deletion (by id and revision) only ends one of a conflicted
   * document's branches (the document stays alive): an edit, allowed to whoever may edit it.
   * Only the server can tell.
   */
  prunesBranch?(id: string, rev: string): boolean;
}

/** A document as sent, before its schema is checked: any field may be missing or wrong. */
export type SentDoc = Readonly<Record<string, unknown>>;

/** What one rule reads of the workspace for one document (see `WriteRule.reads`). */
export interface RuleReads {
  /** Documents it looks up by id. */
  ids?: readonly string[];
  /** Issues it walks up from, parent by parent (the parent rule). */
  ancestorsOf?: readonly string[];
  /** Lists it reads whole. */
  lists?: readonly CatalogType[];
  /** Issue numbers it asks whether the writer holds. */
  numbers?: readonly { projectId: string; number: number }[];
}

/** One document of a batch, once its shape and its writer's role are accepted. */
export interface AdmittedWrite {
  doc: WorkspaceDoc;
  /** The document as the workspace held it before this batch, or null for a create. */
  existing: WorkspaceDoc | null;
  /** A create that brings back exactly what was deleted (an undo). */
  restore: boolean;
}

export interface RuleProblem {
  code?: ErrorCode;
  path: string;
  message: string;
}

/**
 * A rule about one accepted document and the workspace around it. A new document type adds its
 * rules to `WRITE_RULES` (rules.ts) and nowhere else.
 */
export interface WriteRule {
  name: string;
  appliesTo(write: AdmittedWrite): boolean;
  /**
   * What `check` will read of the workspace for this document, for a caller that must fetch it
   * first (the server reads it from the database before the batch is checked). Given the
   * document as sent, not yet parsed, so it reads each field warily; `existing` is as stored.
   */
  reads?(doc: SentDoc, existing: WorkspaceDoc | undefined): RuleReads;
  check(
    write: AdmittedWrite,
    context: WriteBatchContext,
    lookup: WorkspaceLookup,
  ): RuleProblem | null;
}

/** The answer for one document: accepted (a document, or null for a deletion) or refused. */
export type DocumentVerdict =
  | { ok: true; doc: WorkspaceDoc | null }
  | {
      ok: false;
      /** The refused document's id ('' when it has none). */
      id: string;
      /** The rule that refused it, by name. */
      rule: string;
      code: ErrorCode;
      reason: string;
      errors: FieldError[];
    };
