import { AppError } from '../app-error.ts';
import type { CouchClient } from '../db/couch-client.ts';
import { filesDbOf } from './file-store.ts';

/**
 * Drops the bytes no file needs from each workspace's files database (run every 15 minutes with
 * the other sweeps; safe on several instances at once):
 * - a file whose `attachment` document was deleted (by its uploader or an admin), at once;
 * - bytes with no document at all, once two sweeps have seen them so (an upload lies between
 *   its two writes, bytes then document, for seconds; one cut off there leaves its bytes alone
 *   until its device sends the file again, which rewrites them).
 * Which bytes were seen without a document is this instance's own note: another instance, or
 * this one restarted, only waits one sweep more.
 */
export class FileSweeper {
  /** Files database and bytes id → the revision seen without a document. */
  private unclaimed = new Map<string, string>();

  constructor(private readonly couch: CouchClient) {}

  /** One pass over `workspaces`; how many files' bytes it dropped. */
  async sweep(workspaces: readonly { dbName: string; deletingAt?: string }[]): Promise<number> {
    const seen = new Map<string, string>();
    let dropped = 0;
    for (const workspace of workspaces) {
      if (workspace.deletingAt) continue;
      const filesDb = filesDbOf(workspace);
      const kept = await this.couch
        .allDocs<never>(filesDb, { startkey: 'file:', endkey: 'file:\ufff0' })
        .catch((err: unknown) => {
          // No files database: the workspace never had a file.
          if (err instanceof AppError && err.code === 'NOT_FOUND') return [];
          throw err;
        });
      if (kept.length === 0) continue;
      const described = await this.couch.allDocs<never>(workspace.dbName, {
        keys: kept.map((row) => `attachment:${row.id.slice('file:'.length)}`),
      });
      const gone = kept.filter((row, i) => {
        const doc = described[i]?.value;
        if (doc?.deleted === true) return true;
        if (doc) return false;
        const key = `${filesDb}\n${row.id}`;
        seen.set(key, row.value!.rev);
        return this.unclaimed.get(key) === row.value!.rev;
      });
      for (const row of gone) seen.delete(`${filesDb}\n${row.id}`);
      if (gone.length === 0) continue;
      await this.couch.bulkDocs(
        filesDb,
        gone.map((row) => ({ _id: row.id, _rev: row.value!.rev, _deleted: true })),
      );
      dropped += gone.length;
    }
    this.unclaimed = seen;
    return dropped;
  }
}
