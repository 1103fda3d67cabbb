import { createHash } from 'node:crypto';
import {
  attachmentDocSchema,
  attachmentNameSchema,
  LIMITS,
  typeOfId,
  uploaderOfAttachment,
  zodErrors,
  type AttachmentDoc,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import { CouchConflict, type CouchClient } from '../db/couch-client.ts';
import type { WorkspaceAccess } from '../workspaces/access.ts';
import { filesDbOf, putFileBytes } from './file-store.ts';
import { fileKind } from './file-types.ts';

export interface Upload {
  attachmentId: string;
  issueId: string;
  name: string;
  claimedType: string;
  bytes: Uint8Array;
}

/**
 * `PUT /files/:ws/:attachmentId` (SPEC §11): a file pasted or dropped into an issue, under the id
 * the device chose. The bytes are checked (type by content, size, the workspace's room), kept in
 * the workspace's files database, and then described by an `attachment` document in the workspace
 * database, which devices replicate like any other. Sending the same file again under its id (a
 * retry after a lost answer) changes nothing; different bytes under a taken id are refused.
 */
export async function uploadFile(
  couch: CouchClient,
  access: WorkspaceAccess,
  upload: Upload,
  context: { quotaBytes: number; now: () => Date },
): Promise<AttachmentDoc> {
  const db = access.workspace.dbName;
  const name = attachmentNameSchema.safeParse(upload.name);
  if (!name.success)
    throw new AppError('VALIDATION_FAILED', {
      errors: zodErrors(name.error).map((e) => ({ ...e, path: 'name' })),
    });
  if (upload.bytes.length === 0)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'file', message: 'The file is empty' }],
    });
  if (upload.bytes.length > LIMITS.attachmentBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  // An id names its uploader: one seen in another member's text cannot be taken first.
  if (uploaderOfAttachment(upload.attachmentId) !== access.userId)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'attachmentId', message: 'A file’s id starts with its uploader’s' }],
    });
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');

  const held = await couch.getDoc<AttachmentDoc & { _rev: string }>(db, upload.attachmentId);
  if (held) {
    if (held.sha256 === sha256 && held.issueId === upload.issueId) return held;
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'attachmentId', message: 'Another file has this id' }],
    });
  }
  // The issue need not be here yet: one made offline may reach the server after its files.
  if (typeOfId(upload.issueId) !== 'issue')
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'issueId', message: 'Not an issue id' }],
    });
  const kind = await fileKind(upload.bytes, upload.claimedType);
  if (!kind.ok) throw new AppError('UNSUPPORTED_MEDIA', { detail: kind.reason });

  // The room left: what the workspace's files take now. Two uploads at once through two
  // instances may both fit and together pass it by one file: a soft limit, like a disk's.
  const files = await couch.docsWithPrefix<AttachmentDoc>(db, 'attachment:');
  const used = files.reduce((sum, f) => sum + f.size, 0);
  if (used + upload.bytes.length > context.quotaBytes) throw new AppError('QUOTA_EXCEEDED');

  await putFileBytes(
    couch,
    filesDbOf(access.workspace),
    upload.attachmentId,
    upload.bytes,
    kind.contentType,
  );
  const at = context.now().toISOString();
  const doc = attachmentDocSchema.parse({
    _id: upload.attachmentId,
    type: 'attachment',
    name: name.data,
    size: upload.bytes.length,
    contentType: kind.contentType,
    sha256,
    issueId: upload.issueId,
    createdBy: access.userId,
    createdAt: at,
    updatedAt: at,
  });
  try {
    await couch.putDoc(db, doc);
  } catch (error) {
    // The same upload through another instance a moment before: its document stands.
    if (!(error instanceof CouchConflict)) throw error;
    const won = await couch.getDoc<AttachmentDoc>(db, upload.attachmentId);
    if (won?.sha256 !== sha256)
      throw new AppError('VALIDATION_FAILED', {
        errors: [{ path: 'attachmentId', message: 'Another file has this id' }],
      });
    return won;
  }
  return doc;
}

/** An attachment id as a device makes one (`attachment:` and a tail), or null. */
export function attachmentIdOf(value: string): string | null {
  return typeOfId(value) === 'attachment' ? value : null;
}
