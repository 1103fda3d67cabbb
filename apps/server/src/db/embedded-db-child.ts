/**
 * The embedded CouchDB-compatible database: express-pouchdb on LevelDB, in its own process on
 * loopback. It runs in a child so that a runaway request cannot freeze Keel's server, and it
 * requires the admin credentials the parent generated, so nothing else on the machine can use it.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type Express from 'express';

const require = createRequire(import.meta.url);
// express-pouchdb ships no types; these CommonJS packages are only touched here.
const express = require('express') as typeof Express;
const expressPouchDB = require('express-pouchdb');
const PouchDB = require('pouchdb-node');

const dataDir = process.env.KEEL_EMBEDDED_DIR ?? './data/couch';
const user = process.env.KEEL_EMBEDDED_USER ?? '';
const password = process.env.KEEL_EMBEDDED_PASSWORD ?? '';
if (!user || !password)
  throw new Error('embedded database needs KEEL_EMBEDDED_USER and KEEL_EMBEDDED_PASSWORD');

fs.mkdirSync(dataDir, { recursive: true });
const expected = Buffer.from(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);

const app = express();
app.disable('x-powered-by');
app.use((req, res, next) => {
  const given = Buffer.from(req.headers.authorization ?? '');
  if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
  res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' });
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
