import type { WriteResult } from './replica-types.ts';

export interface BatchWriter {
  bulk(docs: readonly object[]): Promise<WriteResult[]>;
}

export interface BatchOutcome {
  results: WriteResult[];
  /** The first document the replica refused; nothing after its batch was written. */
  failed: WriteResult | null;
}

/**
 * Save one change on the device: `updates` (documents the device has) and `creates` (new ones,
 * such as the change's activity records).
 *
 * `together`: in one write, so one IndexedDB transaction: the change and its records are saved
 * together or not at all. Only safe when no update can conflict. If one does all the same
 * (another tab changed the document first), the new documents it saved are deleted again, so no
 * record stays behind for a change that was not made.
 *
 * Otherwise updates go first, as they are the ones that can conflict, and new documents only
 * once the updates are saved.
 */
export async function saveBatches(
  replica: BatchWriter,
  updates: readonly { _id: string }[],
  creates: readonly { _id: string }[],
  together: boolean,
): Promise<BatchOutcome> {
  const batches = together ? [[...updates, ...creates]] : [updates, creates];
  const results: WriteResult[] = [];
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const batchResults = await replica.bulk(batch);
    results.push(...batchResults);
    const failed = batchResults.find((r) => !r.ok);
    if (failed) {
      if (together) await dropCreated(replica, batchResults, creates);
      return { results, failed };
    }
  }
  return { results, failed: null };
}

async function dropCreated(
  replica: BatchWriter,
  results: readonly WriteResult[],
  creates: readonly { _id: string }[],
): Promise<void> {
  const created = new Set(creates.map((d) => d._id));
  const undo = results.flatMap((r) =>
    r.ok && r.rev && created.has(r.id) ? [{ _id: r.id, _rev: r.rev, _deleted: true }] : [],
  );
  if (undo.length) await replica.bulk(undo).catch(() => undefined);
}
