import type { Seq } from './replica-types.ts';

/**
 * The first fill's mark in the replica (`_local/keel-bootstrap`): whether a fill is under way or
 * done, and the sequences replication continues from once it is.
 */
export const BOOTSTRAP_MARK = 'keel-bootstrap';

export interface BootstrapMark {
  /** `filling` until every document is written; a mark without it is from an older build. */
  phase?: 'filling' | 'done';
  /** Server sequence the pull continues from. */
  pull: Seq;
  /** Local sequence from which the push continues: everything before it came from the server. */
  push: Seq;
  /** Whether replication's own checkpoints have been set at these sequences yet. */
  checkpointed: boolean;
  /** While filling: the documents the page has written through the fill. */
  mine?: string[];
}

interface OneShotReplication extends Promise<unknown> {
  on(event: 'denied', listener: (denied: unknown) => void): unknown;
}
interface ReplicateOptions {
  since: Seq;
  batch_size: number;
}
/**
 * What this needs of a PouchDB database, spelled out so the module carries no PouchDB types
 * (its server-side test runs it with pouchdb-node, whose types clash with the browser's).
 */
export interface BootstrapDb<Remote = unknown> {
  info(): Promise<{ update_seq: Seq }>;
  bulkDocs(docs: object[], options?: { new_edits: false }): Promise<unknown>;
  put(doc: { _id: string; [field: string]: unknown }): Promise<unknown>;
  get(id: string): Promise<unknown>;
  allDocs(): Promise<{ rows: { id: string; value: { rev: string } }[] }>;
  replicate: {
    from(remote: Remote, options: ReplicateOptions): OneShotReplication;
    to(remote: Remote, options: ReplicateOptions): OneShotReplication;
  };
}

/** Whether a replica needs a fill: never written to, or a fill was cut off. */
export async function needsFill(db: Pick<BootstrapDb, 'info' | 'get'>): Promise<boolean> {
  const mark = (await db.get(`_local/${BOOTSTRAP_MARK}`).catch(() => null)) as BootstrapMark | null;
  if (mark) return mark.phase === 'filling';
  return (await db.info()).update_seq === 0;
}

/**
 * Set replication's checkpoints at the fill's sequences with two one-shot replications
 * (a `since` on the live sync would be re-applied on each of its retries). Tried once: if it
 * fails (offline again already), live sync still works from no checkpoint, it just compares
 * every document once, and must not later be wound back to the fill's sequences. A fill that
 * has not finished sets none.
 */
export async function checkpointBootstrap<Remote>(
  db: BootstrapDb<Remote>,
  remote: Remote,
  onDenied: (denied: unknown) => void,
): Promise<void> {
  const mark = (await db.get(`_local/${BOOTSTRAP_MARK}`).catch(() => null)) as
    (BootstrapMark & { _id: string; _rev: string }) | null;
  if (!mark || mark.checkpointed || mark.phase === 'filling') return;
  try {
    // Changes made on the device since the fill go up here, so refusals must be reported.
    const push = db.replicate.to(remote, { since: mark.push, batch_size: 1_000 });
    push.on('denied', onDenied);
    await Promise.all([db.replicate.from(remote, { since: mark.pull, batch_size: 1_000 }), push]);
  } finally {
    await db.put({ ...mark, checkpointed: true });
  }
}
