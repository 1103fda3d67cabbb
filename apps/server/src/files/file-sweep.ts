import { AppError } from '../app-error.ts';
import type { CouchClient } from '../db/couch-client.ts';
import { filesDbOf } from './file-store.ts';

/**
 * The bytes of files whose `attachment` document was deleted (by its uploader or an admin, from
 * any device) are dropped from the workspace's files database. Only a deletion counts: bytes with
 * no document at all may be an upload between its two writes (bytes, then document), and a
 * device sending the file again rewrites them. Safe to run on several instances at once.
 * Returns how many files it dropped.
 */
export async function sweepDeletedFiles(
  couch: CouchClient,
  workspaces: readonly { dbName: string; deletingAt?: string }[],
): Promise<number> {
  let dropped = 0;
  for (const workspace of workspaces) {
    if (workspace.deletingAt) continue;
    const filesDb = filesDbOf(workspace);
    const kept = await couch
      .allDocs<never>(filesDb, { startkey: 'file:', endkey: 'file:\ufff0' })
      .catch((err: unknown) => {
        // No files database: the workspace never had a file.
        if (err instanceof AppError && err.code === 'NOT_FOUND') return [];
        throw err;
      });
    if (kept.length === 0) continue;
    const described = await couch.allDocs<never>(workspace.dbName, {
      keys: kept.map((row) => `attachment:${row.id.slice('file:'.length)}`),
    });
    const gone = kept.filter((row, i) => described[i]?.value?.deleted === true);
    if (gone.length === 0) continue;
    await couch.bulkDocs(
      filesDb,
      gone.map((row) => ({ _id: row.id, _rev: row.value!.rev, _deleted: true })),
    );
    dropped += gone.length;
  }
  return dropped;
}
