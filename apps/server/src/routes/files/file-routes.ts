import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, LIMITS, type AttachmentDoc, type Permission } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import { fileBytes, filesDbOf } from '../../files/file-store.ts';
import { servedInline } from '../../files/file-types.ts';
import { attachmentIdOf, uploadFile } from '../../files/upload-file.ts';
import { workspaceAccess, type WorkspaceAccess } from '../../workspaces/access.ts';

type Params = { ws: string; attachmentId: string };

/** Uploads one person may have under way on one instance. */
const UPLOADS_AT_ONCE = 4;

/** Served files never run: no scripts, no plugins, no frames, whatever they hold. */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * `PUT|GET /files/:ws/:attachmentId` (SPEC §11), with the session: uploading as editing issues
 * and commenting (viewers cannot), reading for every member (a removed member cannot). Who may is
 * settled when the request arrives, before an upload's bytes are read.
 */
export async function fileRoutes(
  app: FastifyInstance,
  opts: { store: AppStore; quotaBytes: number; now?: () => Date },
) {
  const now = opts.now ?? (() => new Date());
  // The bytes as they came, whatever type they claim.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: LIMITS.attachmentBytes },
    (_req, body, done) => done(null, body),
  );

  const accesses = new WeakMap<FastifyRequest, { access: WorkspaceAccess; attachmentId: string }>();
  const allow = (permission: Permission) => async (request: FastifyRequest) => {
    const { ws, attachmentId } = request.params as Params;
    const access = await workspaceAccess(request, opts.store, ws);
    if (!can(access.role, permission)) throw new AppError('FORBIDDEN');
    const id = attachmentIdOf(attachmentId);
    if (!id) throw new AppError('NOT_FOUND');
    accesses.set(request, { access, attachmentId: id });
  };

  // An upload's bytes are held in memory while they are checked (25 MB at most): a person's
  // uploads are taken a few at a time per instance, the rest asked to come again shortly.
  const uploading = new Map<string, number>();
  const oneAtATime = async (request: FastifyRequest, reply: FastifyReply) => {
    const { userId } = accesses.get(request)!.access;
    const now = uploading.get(userId) ?? 0;
    if (now >= UPLOADS_AT_ONCE) {
      reply.header('retry-after', '5');
      throw new AppError('RATE_LIMITED');
    }
    uploading.set(userId, now + 1);
    reply.raw.once('close', () => {
      const left = (uploading.get(userId) ?? 1) - 1;
      if (left > 0) uploading.set(userId, left);
      else uploading.delete(userId);
    });
  };

  app.put<{ Params: Params; Querystring: { issueId?: string; name?: string } }>(
    '/files/:ws/:attachmentId',
    {
      bodyLimit: LIMITS.attachmentBytes,
      onRequest: [allow('attachment:upload'), oneAtATime],
    },
    async (request, reply) => {
      const { attachmentId } = accesses.get(request)!;
      // Asked again once the bytes are in: someone removed or made a viewer while a slow upload
      // came in does not get it kept.
      const access = await workspaceAccess(request, opts.store, request.params.ws);
      if (!can(access.role, 'attachment:upload')) throw new AppError('FORBIDDEN');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const doc = await uploadFile(
        opts.store.couch,
        access,
        {
          attachmentId,
          issueId: String(request.query.issueId ?? ''),
          name: String(request.query.name ?? ''),
          claimedType: String(request.headers['content-type'] ?? ''),
          bytes,
        },
        { quotaBytes: opts.quotaBytes, now },
      );
      return reply.code(201).send(describe(doc));
    },
  );

  app.get<{ Params: Params }>(
    '/files/:ws/:attachmentId',
    { onRequest: allow('workspace:read') },
    async (request, reply) => {
      const { access, attachmentId } = accesses.get(request)!;
      const couch = opts.store.couch;
      const doc = await couch.getDoc<AttachmentDoc>(access.workspace.dbName, attachmentId);
      if (doc?.type !== 'attachment') throw new AppError('NOT_FOUND');
      const etag = `"${doc.sha256}"`;
      reply
        .header('etag', etag)
        // A file never changes under its id; only members fetch it.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header(
          'content-disposition',
          `${servedInline(doc.contentType) ? 'inline' : 'attachment'}; filename="${asciiName(doc.name)}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
        );
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const bytes = await fileBytes(couch, filesDbOf(access.workspace), attachmentId);
      if (!bytes?.body) throw new AppError('NOT_FOUND');
      return reply
        .type(doc.contentType)
        .header('content-length', String(doc.size))
        .send(Readable.fromWeb(bytes.body as unknown as NodeReadableStream));
    },
  );
}

const describe = (doc: AttachmentDoc) => ({
  id: doc._id,
  name: doc.name,
  size: doc.size,
  contentType: doc.contentType,
  sha256: doc.sha256,
  issueId: doc.issueId,
});

/** The name for browsers that read only `filename`: ASCII, no quotes or backslashes. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
