import { idTail } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { CouchClient, couchFailure } from '../db/couch-client.ts';

/**
 * Where a workspace's files are kept (SPEC §11): a database of their own beside the workspace's,
 * one document per file holding its bytes as a CouchDB attachment. It is never replicated to
 * devices (the proxy serves the workspace database alone); files are fetched one by one through
 * `GET /files/:ws/:id`. Made on the first upload; dropped with the workspace.
 */
export const filesDbOf = (workspace: { dbName: string }): string => `${workspace.dbName}_files`;

const pathOf = (db: string, attachmentId: string, rev?: string) =>
  CouchClient.dbPath(db, `/file:${idTail(attachmentId)}/content${rev ? `?rev=${rev}` : ''}`);

/**
 * Keep a file's bytes. A file kept before under this id (an upload cut off after its bytes were
 * written, sent again) is replaced.
 */
export async function putFileBytes(
  couch: CouchClient,
  db: string,
  attachmentId: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<void> {
  const put = (rev?: string) =>
    couch.request('PUT', pathOf(db, attachmentId, rev), {
      body: bytes,
      headers: { 'content-type': contentType },
    });
  let res = await put();
  if (res.status === 404) {
    await res.body?.cancel();
    await couch.createDb(db);
    res = await put();
  }
  if (res.status === 409) {
    await res.body?.cancel();
    const held = await couch.getDoc<{ _id: string; _rev: string }>(
      db,
      `file:${idTail(attachmentId)}`,
    );
    res = await put(held?._rev);
  }
  // Still in conflict: the same uploader sending this id twice at once. Said, not a failure.
  if (res.status === 409) {
    await res.body?.cancel();
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'attachmentId', message: 'This file is being uploaded already' }],
    });
  }
  if (!res.ok) throw couchFailure(res.status, `PUT file ${attachmentId}`, await res.text());
  await res.body?.cancel();
}

/** A file's bytes as the database answers them (a stream), or null when there are none. */
export async function fileBytes(
  couch: CouchClient,
  db: string,
  attachmentId: string,
): Promise<Response | null> {
  const res = await couch.request('GET', pathOf(db, attachmentId), { lasting: true });
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw couchFailure(res.status, `GET file ${attachmentId}`, await res.text());
  return res;
}
