import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore, WorkspaceRecord } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import { applyMentions } from '../../integrations/github/github-apply.ts';
import type {
  GithubConnectionDoc,
  GithubConnections,
} from '../../integrations/github/github-connection.ts';
import { mentionsOf } from '../../integrations/github/github-events.ts';
import { workspaceIdOf } from '../../workspaces/invitations.ts';
import { RateLimiter } from '../../rate-limiter.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';

/** GitHub's own limit on a delivery's payload. */
const PAYLOAD_LIMIT = 25 * 1024 * 1024;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of `body` with `secret`, as GitHub signs. */
export function githubSignatureValid(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    'utf8',
  );
  return timingSafeEqual(Buffer.from(header, 'utf8'), expected);
}

/**
 * `POST /hooks/github/:ws` (SPEC §11): GitHub's deliveries for a connected workspace. No session:
 * the body must carry the connection's signature (`X-Hub-Signature-256`), checked over the bytes
 * as they came before anything in them is read. A pull request or push naming issue keys links
 * them and moves their state (github-apply.ts); every other event is acknowledged and ignored.
 */
export async function githubHookRoutes(
  app: FastifyInstance,
  opts: {
    store: AppStore;
    couch: CouchClient;
    connections: GithubConnections;
    issueIndex: IssueIndex;
    /** This instance's share of a limit (instanceShare); the whole limit by default. */
    share?: (limit: number) => number;
    now?: () => number;
  },
) {
  // The signature is over the raw bytes: keep them as they came, whatever the type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PAYLOAD_LIMIT },
    (_req, body, done) => done(null, body),
  );

  const share = opts.share ?? ((limit: number) => limit);
  const deliveries = new RateLimiter(
    share(LIMITS.githubDeliveriesPerWorkspacePerMinute),
    60_000,
    opts.now,
  );

  // Found before the body is read: a delivery for no connected workspace is refused without
  // reading its (up to 25 MB of) bytes.
  const found = new WeakMap<
    object,
    { workspace: WorkspaceRecord; connection: GithubConnectionDoc }
  >();

  app.post<{ Params: { ws: string } }>(
    '/hooks/github/:ws',
    {
      bodyLimit: PAYLOAD_LIMIT,
      onRequest: async (request, reply) => {
        const { ws: slug } = request.params as { ws: string };
        // Counted per workspace named, found or not: hammering costs the sender, not Keel.
        if (!deliveries.hit(SLUG.test(slug) ? slug : '')) {
          reply.header(
            'retry-after',
            String(deliveries.retryAfterSeconds(SLUG.test(slug) ? slug : '')),
          );
          throw new AppError('RATE_LIMITED');
        }
        const workspace = SLUG.test(slug) ? await opts.store.workspaceBySlug(slug) : null;
        if (!workspace || workspace.deletingAt) throw new AppError('NOT_FOUND');
        const connection = await opts.connections.get(workspaceIdOf(workspace));
        if (!connection) throw new AppError('NOT_FOUND');
        found.set(request, { workspace, connection });
      },
    },
    async (request, reply) => {
      const { workspace, connection } = found.get(request)!;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (
        !githubSignatureValid(
          opts.connections.secretOf(connection),
          body,
          request.headers['x-hub-signature-256'],
        )
      )
        throw new AppError('SIGNATURE_INVALID');
      const event = String(request.headers['x-github-event'] ?? '');
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
        throw new AppError('VALIDATION_FAILED', {
          detail: 'Set the webhook’s content type to application/json on GitHub.',
        });
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED', { detail: 'The payload is not JSON.' });
      }
      await opts.connections.noteEvent(connection, Date.now());
      if (event === 'ping') return reply.code(200).send({ event, linked: 0, moved: 0 });
      const mentions = mentionsOf(event, payload, () => new Date().toISOString());
      const applied = await applyMentions(
        opts.couch,
        opts.issueIndex,
        workspace.dbName,
        mentions,
        () => new Date().toISOString(),
      );
      return reply.code(200).send({ event, ...applied });
    },
  );
}
