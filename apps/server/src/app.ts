// Over 300 lines: the composition root, where every part is built and registered in order; each
// part lives in its own module, and this file only wires them.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { AppStore } from './db/app-store.ts';
import { CouchClient, type CouchOptions } from './db/couch-client.ts';
import { startEmbeddedDb, type EmbeddedDb } from './db/embedded-db.ts';
import { loadSecrets } from './db/secrets.ts';
import type { Config } from './config.ts';
import { OidcRelyingParty } from './auth/oidc-client.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { createEmbeddedProvider, EMBEDDED_CLIENT_ID } from './idp/provider.ts';
import { adoptAddressKeyedUsers, EMBEDDED_IDENTITY_ISSUER } from './idp/embedded-identity.ts';
import { idpPlugin } from './idp/idp-plugin.ts';
import { registerErrorHandling, sendProblem } from './plugins/errors.ts';
import { LIMITS, problem } from '@keel/domain';
import { RequestLog } from './plugins/request-log.ts';
import { registerRequestMetrics } from './plugins/request-metrics.ts';
import { serveMetrics } from './metrics.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/session.ts';
import { startWorkspaceLookup } from './workspaces/access.ts';
import { spaPlugin } from './plugins/spa.ts';
import { registerWriteLimit } from './plugins/write-limit.ts';
import { instanceShare, RateLimiter } from './rate-limiter.ts';
import { registerApiTokenAuth } from './plugins/api-token-auth.ts';
import { tokenRoutes } from './routes/api/token-routes.ts';
import { apiReferenceRoutes } from './routes/v1/api-reference.ts';
import { collectOpenApi } from './routes/v1/openapi.ts';
import { sweepIdempotencyKeys } from './routes/v1/idempotency.ts';
import { v1CommentWrites } from './routes/v1/v1-comment-writes.ts';
import { v1IssueWrites } from './routes/v1/v1-issue-writes.ts';
import { v1ReadRoutes } from './routes/v1/v1-read-routes.ts';
import { v1WorkspaceRoutes } from './routes/v1/v1-workspace-routes.ts';
import { ApiTokenStore } from './tokens/api-token-store.ts';
import { apiRoutes } from './routes/api/api-routes.ts';
import { finishInterruptedDeletions } from './workspaces/workspace-settings.ts';
import { dbProxyRoutes } from './routes/db/db-proxy.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { dataRoutes } from './routes/api/data-routes.ts';
import { snapshotRoutes } from './routes/api/snapshot-routes.ts';
import { changeStreamRoutes } from './routes/db/change-stream-route.ts';
import { membersRoutes } from './routes/api/members-routes.ts';
import { closeIdleConnectionsWhileClosing } from './plugins/idle-connections.ts';
import { CheckpointKeeper } from './workspaces/checkpoints/checkpoint-keeper.ts';
import { CycleKeeper } from './workspaces/cycles/cycle-keeper.ts';
import { DatabaseInfos } from './workspaces/feed/database-infos.ts';
import { WorkspaceFeeds } from './workspaces/feed/workspace-feeds.ts';
import { LiveRequests } from './workspaces/live-requests.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AccessCache } from './workspaces/access-cache.ts';
import { registerWorkspaceScope } from './plugins/workspace-scope.ts';
import { webhookRoutes } from './routes/api/webhook-routes.ts';
import { DeliveryAttempts } from './webhooks/delivery-attempts.ts';
import { loadSecretBox } from './webhooks/secret-box.ts';
import type { Lookup } from './webhooks/target-url.ts';
import { WebhookDispatcher, type DispatcherTiming } from './webhooks/webhook-dispatcher.ts';
import { WebhookStore } from './webhooks/webhook-store.ts';
import { noticeWebhookOff } from './webhooks/webhook-notices.ts';
import { GithubConnections } from './integrations/github/github-connection.ts';
import { githubRoutes } from './routes/api/github-routes.ts';
import { githubHookRoutes } from './routes/hooks/github-hook-routes.ts';
import { fileRoutes } from './routes/files/file-routes.ts';
import { IssueIndex } from './workspaces/issue-index.ts';
import { FileSweeper } from './files/file-sweep.ts';

export interface KeelApp {
  app: FastifyInstance;
  live: LiveRequests;
  cache: AccessCache;
  feeds: WorkspaceFeeds;
  checkpoints: CheckpointKeeper;
  /** Schedules cycles and rolls them over (SPEC §10). */
  cycles: CycleKeeper;
  /** Turns workspaces' changes into webhook deliveries and sends them (SPEC §11). */
  dispatcher: WebhookDispatcher;
  webhooks: WebhookStore;
  store: AppStore;
  couch: CouchClient;
  embeddedDb: EmbeddedDb | null;
}

// How often deletions cut off part-way are looked for while the server runs.
const DELETION_SWEEP_MS = 15 * 60_000;
// Query strings of the sign-in endpoints carry codes and state; never log them. Nor the
// provider's interaction ids in its paths: each is also the value of its `_interaction` cookie.
const SENSITIVE_QUERY = /^\/(auth|idp)\//;
const INTERACTION_ID = /^(\/idp\/(?:interaction|auth)\/)[^/]+/;

function loggedUrl(url: string): string {
  // An invitation link's token is as good as the invitation; keep it out of logs.
  const masked = url.replace(/^\/(api\/invitations|invite)\/[^/?]+/, '/$1/[token]');
  if (!SENSITIVE_QUERY.test(masked)) return masked;
  return (masked.split('?')[0] ?? '').replace(INTERACTION_ID, '$1:uid');
}

async function waitForDatabase(couch: CouchClient, log: FastifyInstance['log']) {
  for (let attempt = 1; ; attempt++) {
    if (await couch.ping()) return;
    if (attempt >= 30) throw new Error(`Cannot reach the database at ${couch.baseUrl}`);
    log.warn({ attempt }, 'database not reachable yet; retrying');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * A request Node cannot even read (headers over 16 KB, a broken request line) never reaches
 * Fastify; answer it with a catalogue problem too, then close the connection. Headers that never
 * finish (a stalled client, a slow-loris attack) are not the client's input being wrong: 408.
 */
function answerUnreadableRequest(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const body =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? {
          type: 'about:blank',
          title: 'Request Timeout',
          status: 408,
          detail: 'The request did not arrive in time.',
        }
      : problem(error.code === 'HPE_HEADER_OVERFLOW' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED');
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status] ?? ''}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export interface BuildOptions {
  /** The clock the rate limits read; tests move it instead of waiting a minute. */
  now?: () => number;
  /** Where log lines go instead of stdout; tests read them to check what is never logged. */
  logStream?: { write(line: string): void };
  /** How long a connection may take to send its request's headers; Node's 60 s by default. */
  headersTimeoutMs?: number;
  /** What waiting for a write to settle on the database means (CouchOptions.settle; tests). */
  settle?: CouchOptions['settle'];
  /** How often kept replication checkpoints are written to the database (CheckpointKeeper). */
  checkpointFlushMs?: number;
  /** Bytes a change-stream device may leave unread before it is cut off (tests). */
  streamUnreadLimit?: number;
  /** How often cycles are kept (CycleKeeper); 0: only when a test asks. */
  cycleKeeperMs?: number;
  /** The webhook dispatcher's timing (tests make it fast); null: not started, tests tick it. */
  webhookTiming?: DispatcherTiming | null;
  /** How webhook targets' names are resolved (tests name a loopback receiver). */
  webhookLookup?: Lookup;
}

/** Build the whole server: database, sign-in, sessions, API, replication proxy and the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<KeelApp> {
  const secure = config.publicUrl.startsWith('https:');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req) => ({
          method: req.method,
          // The provider's requests have their /idp mount cut off by the time they complete.
          url: loggedUrl(req.originalUrl ?? req.url ?? ''),
          remoteAddress: req.ip,
        }),
      },
    },
    logController: new RequestLog(config.slowRequestMs),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1_000_000,
    // A URL Fastify cannot even parse (`/api/%ZZ`) is simply not found.
    frameworkErrors: (_error, request, reply) => sendProblem(request, reply, problem('NOT_FOUND')),
    clientErrorHandler: answerUnreadableRequest,
    ...(options.headersTimeoutMs !== undefined && {
      http: {
        headersTimeout: options.headersTimeoutMs,
        // How often Node looks for connections past it (30 s by default).
        connectionsCheckingInterval: Math.min(options.headersTimeoutMs, 30_000),
      },
    }),
  });

  let embeddedDb: EmbeddedDb | null = null;
  let couch: CouchClient;
  if (config.couch) {
    couch = new CouchClient(
      { ...config.couch, settle: options.settle, connections: config.couchConnections },
      config.appDbName,
    );
    await waitForDatabase(couch, app.log);
  } else {
    embeddedDb = await startEmbeddedDb(config.dataDir, app.log);
    couch = new CouchClient(
      { ...embeddedDb, connections: config.couchConnections },
      config.appDbName,
    );
  }
  app.addHook('onClose', async () => embeddedDb?.stop());
  // Hooks run last first: this one after everything that may still ask the database.
  app.addHook('onClose', async () => couch.close());

  const store = new AppStore(couch, config.appDbName);
  await store.init();
  const secrets = await loadSecrets(store);

  // Routes declare their params, bodies and answers with the domain's zod schemas; a body that
  // does not fit is refused by the error handler as VALIDATION_FAILED, field by field.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie, { secret: secrets.cookieSecret });
  registerErrorHandling(app);
  registerRequestMetrics(app);
  await registerSecurity(app, { publicUrl: config.publicUrl, hsts: secure });
  const live = new LiveRequests();
  // The session, user and membership behind each replication request, kept per instance and
  // dropped as the app database's changes feed reports them changed (decision 011).
  const cache = new AccessCache(store, live, app.log);
  cache.start();
  app.addHook('onClose', async () => cache.stop());
  registerSessions(app, { store, secure, alongside: startWorkspaceLookup(cache), cache });
  // Each instance holds its share of every limit, so the instances together hold a person to it.
  const share = (limit: number) => instanceShare(limit, config.instances);
  const tokens = new ApiTokenStore(store, options.now);
  registerApiTokenAuth(app, {
    tokens,
    limiter: new RateLimiter(share(LIMITS.apiRequestsPerTokenPerMinute), 60_000, options.now),
  });
  registerWriteLimit(
    app,
    new RateLimiter(share(LIMITS.writesPerUserPerMinute), 60_000, options.now),
  );

  let rp: OidcRelyingParty;
  if (config.oidc) {
    rp = new OidcRelyingParty(config.oidc);
  } else {
    const adopted = await adoptAddressKeyedUsers(store);
    if (adopted) app.log.info({ adopted }, 'embedded sign-in accounts no longer keyed by address');
    const issuer = `${config.publicUrl}/idp`;
    const provider = createEmbeddedProvider({
      issuer,
      publicUrl: config.publicUrl,
      store,
      secrets,
      secureCookies: secure,
      trustProxy: config.trustProxy,
    });
    await app.register(idpPlugin, { provider, store, share });
    rp = new OidcRelyingParty({
      issuer,
      clientId: EMBEDDED_CLIENT_ID,
      clientSecret: secrets.idpClientSecret,
      identityIssuer: EMBEDDED_IDENTITY_ISSUER,
    });
  }

  await app.register(healthRoutes, { store });
  await app.register(authRoutes, { rp, store, publicUrl: config.publicUrl, secure });
  // One upstream `_changes` feed per workspace this instance's clients follow (issue 22).
  const feeds = new WorkspaceFeeds(couch);
  app.addHook('onClose', async () => feeds.close());
  // Replication checkpoints are written to the database behind (decision 015); closing saves them.
  const checkpoints = new CheckpointKeeper(couch, app.log);
  checkpoints.start(options.checkpointFlushMs);
  app.addHook('onClose', async () => checkpoints.close());
  // Longpolls wait for news for as long as there is none: closing ends them, so it need not wait.
  const idle = closeIdleConnectionsWhileClosing(app.server);
  app.addHook('preClose', async () => {
    live.shutdown();
    idle.start();
  });
  registerWorkspaceScope(app, { store, cache });
  await app.register(apiRoutes, { store });
  await app.register(tokenRoutes, { tokens });
  const openApi = collectOpenApi(app, { version: '1' });
  await app.register(v1WorkspaceRoutes, { store });
  // The public API and GitHub find issues by key in this instance's index of them.
  const issueIndex = new IssueIndex(couch);
  await app.register(v1ReadRoutes, { couch, issueIndex });
  await app.register(v1IssueWrites, { couch, store, issueIndex });
  await app.register(v1CommentWrites, { couch, store, issueIndex });
  openApi.route();
  await app.register(apiReferenceRoutes);
  await app.register(membersRoutes, { store, live, publicUrl: config.publicUrl });
  // Webhooks (SPEC §11): their secrets sealed with the configured key, deliveries made and sent
  // by whichever instance holds each workspace's lease.
  const webhookPolicy = {
    allowPrivate: config.webhooksAllowPrivate,
    allowHttp: config.webhooksAllowPrivate,
  };
  if (!config.encryptionKey && config.instances > 1)
    app.log.warn(
      'KEEL_ENCRYPTION_KEY is not set: each instance makes its own key, and webhooks made through one cannot be signed by another. Give every instance the same key.',
    );
  const secretBox = await loadSecretBox(config.encryptionKey, config.dataDir);
  const webhooks = new WebhookStore(store, secretBox, webhookPolicy, options.now);
  const instanceId = randomUUID();
  const attempts = new DeliveryAttempts(store, webhooks, app.log, {
    instanceId,
    policy: webhookPolicy,
    lookup: options.webhookLookup,
    now: options.now,
    onDisabled: (hook) => noticeWebhookOff(store, hook),
  });
  const dispatcher = new WebhookDispatcher(
    { couch, store, webhooks, attempts, log: app.log, instanceId, now: options.now },
    options.webhookTiming ?? undefined,
  );
  await app.register(webhookRoutes, { store, couch, webhooks, attempts });
  // GitHub (SPEC §11): the connection for admins, and GitHub's signed deliveries.
  const connections = new GithubConnections(store, secretBox);
  await app.register(githubRoutes, { connections, publicUrl: config.publicUrl });
  await app.register(githubHookRoutes, {
    store,
    couch,
    connections,
    issueIndex,
    share,
    now: options.now,
  });
  await app.register(dataRoutes, { store, share, issueIndex });
  // Files pasted or dropped into issues (SPEC §11), kept beside each workspace's database.
  await app.register(fileRoutes, {
    store,
    quotaBytes: config.filesQuotaBytes,
    now: options.now && (() => new Date(options.now!())),
  });
  await app.register(snapshotRoutes, { store });
  await app.register(changeStreamRoutes, {
    couch,
    live,
    feeds,
    unreadLimit: options.streamUnreadLimit,
  });
  await app.register(async (db) => {
    // The replication protocol is JSON only; other bodies get 415.
    db.removeAllContentTypeParsers();
    await dbProxyRoutes(db, {
      store,
      cache,
      couch,
      live,
      feeds,
      infos: new DatabaseInfos(couch),
      checkpoints,
    });
  });
  await app.register(spaPlugin, { root: config.webDist });

  const finishDeletions = () =>
    finishInterruptedDeletions(store, (workspaceId, err) =>
      app.log.warn({ err, workspaceId }, 'finishing a workspace deletion failed; will retry'),
    ).catch((err: unknown) => app.log.warn({ err }, 'looking for unfinished deletions failed'));
  app.addHook('onReady', async () => {
    void finishDeletions();
  });
  const cycles = new CycleKeeper(couch, store, app.log, options.now);
  app.addHook('onReady', async () => {
    if (options.cycleKeeperMs !== 0) cycles.start(options.cycleKeeperMs);
  });
  app.addHook('onClose', async () => cycles.close());
  app.addHook('onReady', async () => {
    if (options.webhookTiming !== null) dispatcher.start();
  });
  // Before the database closes: leases are let go so another instance carries on at once.
  app.addHook('preClose', async () => dispatcher.close());
  const files = new FileSweeper(couch);
  const sweep = setInterval(() => {
    void finishDeletions();
    // Idempotency keys of the public API are kept a day; older records go.
    sweepIdempotencyKeys(store).catch((err: unknown) =>
      app.log.warn({ err }, 'sweeping idempotency keys failed; will retry'),
    );
    // The bytes of deleted files (SPEC §11) go from each workspace's files database.
    store
      .workspaces()
      .then((workspaces) => files.sweep(workspaces))
      .catch((err: unknown) => app.log.warn({ err }, 'sweeping deleted files failed; will retry'));
  }, DELETION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  if (config.metricsPort !== null) {
    const metricsServer = await serveMetrics(config.metricsPort, config.host);
    app.addHook(
      'onClose',
      () => new Promise<void>((resolve) => metricsServer.close(() => resolve())),
    );
  }

  return {
    app,
    store,
    couch,
    embeddedDb,
    live,
    cache,
    feeds,
    checkpoints,
    cycles,
    dispatcher,
    webhooks,
  };
}
