import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './repo-root.ts';
import { DEFAULT_CONNECTIONS } from './db/couch-client.ts';

/**
 * Configuration comes from the environment and is validated once at boot, so a typo fails fast
 * with a message instead of surfacing as a strange error on the first request.
 */
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    KEEL_DATA_DIR: z.string().default('./data'),
    KEEL_WEB_DIST: z.string().optional(),
    KEEL_APP_DB: z
      .string()
      .regex(/^[a-z][a-z0-9_-]*$/)
      .default('keel_app'),
    COUCHDB_URL: optionalUrl,
    COUCHDB_USER: z.string().optional(),
    COUCHDB_PASSWORD: z.string().optional(),
    COUCHDB_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    COUCHDB_CONNECTIONS: z.coerce.number().int().min(1).max(1000).optional(),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    KEEL_INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    KEEL_ENCRYPTION_KEY: z
      .string()
      .regex(
        /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
        '32 random bytes, as 64 hex digits or base64 (openssl rand -hex 32)',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    KEEL_FILES_QUOTA_MB: z.coerce
      .number()
      .int()
      .min(1)
      .default(5 * 1024),
    KEEL_WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    SLOW_REQUEST_MS: z
      .literal('')
      .transform(() => undefined)
      .or(z.coerce.number().int().min(0))
      .optional(),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        message: 'Set all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
      });
  });

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  webDist: string;
  appDbName: string;
  couch: { url: string; user?: string; password?: string; settleMs: number } | null;
  /** Connections per instance to the database for short requests (CouchClient). */
  couchConnections: number;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  trustProxy: boolean;
  /**
   * How many instances run behind the load balancer: each enforces this share of every rate
   * limit, so together they hold a person to the limit (instanceShare, docs/security.md).
   */
  instances: number;
  logLevel: string;
  /** From how many milliseconds a request is logged (at `info`) as slow. */
  slowRequestMs: number;
  /** Where `/metrics` is served (on HOST); null: not served. */
  metricsPort: number | null;
  /**
   * The key that encrypts the secrets the server must read back in clear (webhook signing
   * secrets, SPEC §11); null: one is made and kept in the data directory (secret-box.ts).
   */
  encryptionKey: Buffer | null;
  /** Webhooks may deliver to loopback and private addresses, over plain http too (tests, a LAN). */
  webhooksAllowPrivate: boolean;
  /** SPEC §9/§11: how many bytes of files one workspace may hold (5 GB unless set). */
  filesQuotaBytes: number;
}

/**
 * Credentials written into COUCHDB_URL (`https://user:pass@host`) move to user and password, so
 * the address itself, which appears in error messages and logs, never carries them.
 */
// How long after a write the nodes of a cluster have all seen it: a claim is read back then.
const DEFAULT_SETTLE_MS = 300;

function couchConfig(
  raw: string,
  user?: string,
  password?: string,
  settleMs = DEFAULT_SETTLE_MS,
): NonNullable<Config['couch']> {
  const url = new URL(raw);
  const fromUrl = url.username
    ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
    : null;
  url.username = '';
  url.password = '';
  return {
    url: url.href.replace(/\/$/, ''),
    user: user ?? fromUrl?.user,
    password: password ?? fromUrl?.password,
    settleMs,
  };
}

const keyBytes = (text: string) =>
  /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.KEEL_DATA_DIR),
    webDist: path.resolve(e.KEEL_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    appDbName: e.KEEL_APP_DB,
    couch: e.COUCHDB_URL
      ? couchConfig(e.COUCHDB_URL, e.COUCHDB_USER, e.COUCHDB_PASSWORD, e.COUCHDB_SETTLE_MS)
      : null,
    couchConnections: e.COUCHDB_CONNECTIONS ?? DEFAULT_CONNECTIONS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    trustProxy: e.TRUST_PROXY,
    instances: e.KEEL_INSTANCES,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS ?? 1000,
    metricsPort: e.METRICS_PORT ?? null,
    encryptionKey: e.KEEL_ENCRYPTION_KEY ? keyBytes(e.KEEL_ENCRYPTION_KEY) : null,
    webhooksAllowPrivate: e.KEEL_WEBHOOKS_ALLOW_PRIVATE,
    filesQuotaBytes: e.KEEL_FILES_QUOTA_MB * 1024 * 1024,
  };
}
