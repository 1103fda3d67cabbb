/**
 * The embedded CouchDB-compatible database: express-pouchdb on LevelDB, in its own process on
 * loopback. It runs in a child so that a runaway request cannot freeze Keel's server, and it
 * requires the admin credentials the parent generated, so nothing else on the machine can use it.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type Express from 'express';

const require = createRequire(import.meta.url);
// express-pouchdb ships no types; these CommonJS packages are only touched here.
const express = require('express') as typeof Express;
const expressPouchDB = require('express-pouchdb');
const PouchDB = require('pouchdb-node');
const { jsonParser } = require('express-pouchdb/lib/utils') as { jsonParser: Express.Handler };

const dataDir = process.env.KEEL_EMBEDDED_DIR ?? './data/couch';
const user = process.env.KEEL_EMBEDDED_USER ?? '';
const password = process.env.KEEL_EMBEDDED_PASSWORD ?? '';
if (!user || !password)
  throw new Error('embedded database needs KEEL_EMBEDDED_USER and KEEL_EMBEDDED_PASSWORD');

fs.mkdirSync(dataDir, { recursive: true });
const expected = Buffer.from(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);

const same = (given: string, wanted: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
};
const refused = { error: 'unauthorized', reason: 'Name or password is incorrect.' };

// CouchDB's cookie sign-in, which backup tools use (couchbackup): the admin's name and password
// exchanged for a random token that lasts ten minutes.
const SESSION_S = 600;
const sessions = new Map<string, number>();
const sessionOf = (cookie: string | undefined) => {
  const token = /(?:^|;\s*)AuthSession=([^;]+)/.exec(cookie ?? '')?.[1];
  const until = token ? sessions.get(token) : undefined;
  if (token && until !== undefined && until < Date.now()) sessions.delete(token);
  return until !== undefined && until >= Date.now();
};

const app = express();
app.disable('x-powered-by');
app.post('/_session', express.json(), express.urlencoded({ extended: false }), (req, res) => {
  const body = (req.body ?? {}) as { name?: unknown; username?: unknown; password?: unknown };
  const name = body.name ?? body.username;
  if (typeof name !== 'string' || typeof body.password !== 'string')
    return res.status(401).json(refused);
  if (!same(name, user) || !same(body.password, password)) return res.status(401).json(refused);
  for (const [token, until] of sessions) if (until < Date.now()) sessions.delete(token);
  const token = randomBytes(24).toString('base64url');
  const until = Date.now() + SESSION_S * 1000;
  sessions.set(token, until);
  res.setHeader(
    'Set-Cookie',
    `AuthSession=${token}; Version=1; Expires=${new Date(until).toUTCString()}; Max-Age=${SESSION_S}; Path=/; HttpOnly`,
  );
  return res.json({ ok: true, name: user, roles: ['_admin'] });
});
app.use((req, res, next) => {
  const given = Buffer.from(req.headers.authorization ?? '');
  if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
  if (sessionOf(req.headers.cookie)) return next();
  res.status(401).json(refused);
});
/** Let `change` rewrite the JSON answer of this request, if it is a 200 with a JSON body. */
function rewriteJson(res: Express.Response, change: (answer: Record<string, unknown>) => void) {
  const send = res.send.bind(res);
  res.send = (body: unknown) => {
    if (res.statusCode !== 200 || !(Buffer.isBuffer(body) || typeof body === 'string'))
      return send(body);
    let answer: unknown;
    try {
      answer = JSON.parse(body.toString());
    } catch {
      return send(body);
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return send(body);
    change(answer as Record<string, unknown>);
    return send(JSON.stringify(answer));
  };
}

// A database's information without `doc_del_count` (PouchDB keeps no such count), which tools
// read to tell a new, empty database (couchrestore restores into nothing else): exactly 0 when
// nothing was ever written, left out otherwise.
app.get('/:db', (req, res, next) => {
  rewriteJson(res, (info) => {
    const written = info.update_seq !== 0 && info.update_seq !== '0';
    if ('db_name' in info && info.doc_del_count === undefined && !written) info.doc_del_count = 0;
  });
  next();
});

// PouchDB's `_changes` says nothing of what is left (CouchDB's `pending`), which CouchDB's
// clients read to know a read-through is done: couchbackup reads until `pending` is 0. A normal
// feed asked for `limit` changes reads one more; the answer holds what was asked for, and
// `pending` 0 when that was all, 1 (at least one more) when not.
app.use('/:db/_changes', (req, res, next) => {
  if ((req.query.feed ?? 'normal') !== 'normal' || !['GET', 'POST'].includes(req.method))
    return next();
  const limit = Number(req.query.limit);
  // Without a limit every change is in the answer: `pending` can only be 0, and is left out.
  if (!Number.isSafeInteger(limit) || limit <= 0) return next();
  req.query.limit = String(limit + 1);
  rewriteJson(res, (answer) => {
    const { results } = answer as { results?: { seq: unknown }[] };
    if (!Array.isArray(results) || answer.pending !== undefined) return;
    const more = results.length > limit;
    if (more) {
      answer.results = results.slice(0, limit);
      answer.last_seq = results[limit - 1]!.seq;
    }
    answer.pending = more ? 1 : 0;
  });
  next();
});
// An empty `_bulk_get` is never answered by express-pouchdb; CouchDB answers no results, and
// couchbackup sends one to check the endpoint is there. (The body read here is not read again.)
app.post('/:db/_bulk_get', jsonParser, (req, res, next) => {
  const docs = (req.body as { docs?: unknown } | undefined)?.docs;
  if (Array.isArray(docs) && docs.length === 0) return res.json({ results: [] });
  next();
});
app.use(
  expressPouchDB(PouchDB.defaults({ prefix: `${path.resolve(dataDir)}/` }), {
    mode: 'minimumForPouchDB',
    configPath: path.join(dataDir, 'config.json'),
    logPath: path.join(dataDir, 'log.txt'),
  }),
);

const server = app.listen(Number(process.env.KEEL_EMBEDDED_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ ready: true, port });
});

// Keel's client reuses an idle connection until a second before the time this announces; with
// Node's 5 s, event loops running late under load had the database close connections Keel was
// sending on (503s). A minute makes that race rare, and costs only idle sockets on loopback.
server.keepAliveTimeout = 60_000;

process.on('disconnect', () => process.exit(0));
