import type { DocType, ErrorCode, WorkspaceDoc } from '@keel/domain';

/**
 * The replica as the rest of the app sees it: plain documents, change callbacks and replication
 * events, no PouchDB (replica.ts implements it). Kept apart so code that only handles documents
 * (rejected/, the server-side cross tests) does not drag PouchDB's browser typings along.
 */

export type Seq = number | string;

export interface ReplicaChange {
  id: string;
  /** The replica's sequence of this change. */
  seq: Seq;
  deleted: boolean;
  /** The winning revision after the change; null for a deletion. */
  doc: unknown;
  /** Other live revisions of the document: concurrent edits that still need merging. */
  conflicts?: string[];
}

export interface WriteResult {
  id: string;
  ok: boolean;
  rev?: string;
  error?: string;
  reason?: string;
}

export type Direction = 'push' | 'pull';

export interface ReplicationEvents {
  onActive: (direction: Direction) => void;
  /** `error` is set when the direction paused because a request failed (it will retry). */
  onPaused: (direction: Direction, error: ReplicationError | null) => void;
  /** The push replication has sent everything up to this local sequence. */
  onPushed: (seq: Seq) => void;
  /** The server refused one pushed document. */
  onDenied: (denial: Denial) => void;
  onFailed: (error: ReplicationError) => void;
}

export interface Denial {
  id: string;
  reason: string;
  /** Keel's error code, when the server sent one alongside CouchDB's fields. */
  code?: string;
}

/** A revision saved on the device. */
export interface Written {
  id: string;
  rev: string;
}

/** What became of revisions sent ahead of replication (replica-push-ahead.ts). */
export interface PushedAhead {
  /** Documents the server now holds the sent revision of. */
  pushed: string[];
  /** Documents it refused, each as replication's `denied` event reports it. */
  denied: Denial[];
}

export interface LeafVersion {
  rev: string;
  deleted: boolean;
  /** The content, or null for a deletion. */
  doc: object | null;
}

export interface ReplicationError {
  /** HTTP status when the server answered, null when the network did not. */
  status: number | null;
  message: string;
  /** The error catalogue's code when Keel's server answered with one (e.g. DB_UNAVAILABLE). */
  code: ErrorCode | null;
}

export interface FillHooks {
  /**
   * Documents and deletions fetched from the server, before they are written. Only documents
   * that pass the domain's schema are handed over (checked where the fill runs, off the page's
   * thread in a worker); every one is written to the replica all the same.
   */
  onDocs(docs: readonly WorkspaceDoc[], deleted: readonly string[]): void;
  /**
   * A fresh fill has read the documents the lists need (SNAPSHOT_PARTS.main); comments and
   * activity are read meanwhile (the page saves that part's snapshot, which puts the lists on
   * the device at once). Nothing waits for it.
   */
  onMainRead?(): Promise<void> | void;
  /**
   * The first time the server's feed has been read to its end: every document is in `onDocs`
   * calls. No document is written before what it returns settles (the page saves its store
   * snapshot meanwhile, which puts the workspace on the device at once).
   */
  onCaughtUp(): Promise<void> | void;
  /**
   * Following the server's feed live during the fill: whether it answers, and the HTTP status
   * when it answered with an error (null when the network failed).
   */
  onLive?(reachable: boolean, status?: number | null): void;
  /**
   * Everything is written; the fill calls itself done once what this returns settles. The page
   * saves meanwhile what its next open needs (its store snapshot at `seq`, the push mark): a page
   * closed a moment after a fill otherwise opened from the snapshot saved during it, which
   * knows no sequence, and replayed the whole replica before showing a new change. Closed
   * before it settles, the fill is resumed on the next open.
   */
  onFilled?(result: FillResult): Promise<void> | void;
}

export interface FillResult {
  /** Local sequence after the fill. */
  seq: Seq;
  /** Local sequence from which changes must be pushed (the page's writes during the fill). */
  push: Seq;
  /**
   * A fill cut off was resumed: the replica may hold changes the server has not had yet, which
   * the server's pages did not bring.
   */
  resumed: boolean;
  /**
   * The documents the page wrote through the fill (and, resumed, through the one cut off): all
   * that is not the server's between `push` and `seq`, so what waits to go up is these and
   * whatever comes after `seq`.
   */
  mine: string[];
}

export interface Replica {
  readonly name: string;
  /** Every document of these types on the device (ids start with their type). */
  loadTypes: (types: readonly DocType[]) => Promise<unknown[]>;
  watch: (since: Seq, onChanges: (changes: ReplicaChange[]) => void) => () => void;
  /**
   * At most `limit` changes after `since`, once, in the form `watch` gives them; `last` is the
   * sequence they reach (`since` when there are none).
   */
  changesAfter: (since: Seq, limit: number) => Promise<{ changes: ReplicaChange[]; last: Seq }>;
  bulk: (docs: readonly object[]) => Promise<WriteResult[]>;
  get: (id: string) => Promise<unknown>;
  /**
   * The winning version of a document and its other live versions (conflicts), each with its
   * revision history (`_revisions`).
   */
  versions: (id: string) => Promise<{ winner: object; others: object[] } | null>;
  /** The winning revision of a document on the device, deleted or not; null if never seen. */
  current: (id: string) => Promise<LeafVersion | null>;
  updateSeq: () => Promise<Seq>;
  /**
   * Documents changed on the device after `since`, and the `also` ones, (what has not been
   * pushed yet), not counting design docs or activity records.
   */
  countChangesSince: (since: Seq, also?: readonly string[]) => Promise<number>;
  /** The replica's changes after `since` up to and including `until`, once (not live). */
  changesBetween: (since: Seq, until: Seq) => Promise<ReplicaChange[]>;
  /** Documents changed on the device after `since`, and the `also` ones; deletions left out. */
  changedSince: (since: Seq, also?: readonly string[]) => Promise<object[]>;
  readLocal: (id: string) => Promise<Record<string, unknown> | null>;
  writeLocal: (id: string, value: Record<string, unknown>) => Promise<void>;
  /** Whether the replica needs a first fill: never filled, or a fill was cut off. */
  needsFill: () => Promise<boolean>;
  /**
   * Fill the replica from the server (replica-bootstrap.ts). Until it resolves, `bulk` and
   * `writeLocal` go through the fill, the replica's only writer meanwhile. Null when the replica
   * needed no fill (nothing done).
   */
  fill: (remoteUrl: string, hooks: FillHooks) => Promise<FillResult | null>;
  /**
   * Send these revisions to the server now, as replication would (replica-push-ahead.ts): the
   * page's writes while a first fill still runs and replication has not started.
   */
  pushAhead: (remoteUrl: string, written: readonly Written[]) => Promise<PushedAhead>;
  startSync: (remoteUrl: string, events: ReplicationEvents) => () => void;
  close: () => Promise<void>;
  destroy: () => Promise<void>;
}
