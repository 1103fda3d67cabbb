/**
 * `npm run backup` and `npm run restore`: a workspace's database (or any database, such as the
 * app database) to a file and back, with couchbackup (couch-backup.ts). Uses the server's
 * configuration: COUCHDB_URL and its credentials, or the embedded database in KEEL_DATA_DIR, in
 * which case stop Keel first (its files can be open in one process at a time).
 */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { errorMessage } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { AppStore } from '../db/app-store.ts';
import { CouchClient, type CouchOptions } from '../db/couch-client.ts';
import { startEmbeddedDb, type EmbeddedDb } from '../db/embedded-db.ts';
import { loadConfig } from '../config.ts';
import { backupDatabase, restoreDatabase, restoreWorkspace } from './couch-backup.ts';

const BACKUP_USAGE = `Usage:
  npm run backup -- --workspace KEY --output FILE     a workspace's documents to FILE
  npm run backup -- --database NAME --output FILE     any database (the app database: keel_app)
  npm run restore -- --input FILE --workspace KEY     the workspace back to FILE (a new database)
  npm run restore -- --input FILE --database NAME     FILE into a new database NAME`;

class UsageError extends Error {}

interface Command {
  action: 'backup' | 'restore';
  file: string;
  target: { workspace: string } | { database: string };
}

function parseBackupArgs(argv: readonly string[]): Command {
  const [action, ...rest] = argv;
  if (action !== 'backup' && action !== 'restore')
    throw new UsageError('Say backup or restore first.');
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        workspace: { type: 'string' },
        database: { type: 'string' },
        output: { type: 'string' },
        input: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const file = action === 'backup' ? values.output : values.input;
  if (!file) throw new UsageError(`--${action === 'backup' ? 'output' : 'input'} FILE is needed.`);
  if (Boolean(values.workspace) === Boolean(values.database))
    throw new UsageError('Name one of --workspace KEY or --database NAME.');
  const target = values.workspace
    ? { workspace: values.workspace }
    : { database: values.database! };
  return { action, file, target };
}

const describe = (target: Command['target']) =>
  'workspace' in target ? target.workspace : target.database;

async function run(command: Command, database: CouchOptions, store: AppStore): Promise<string> {
  if (command.action === 'backup') {
    const dbName =
      'database' in command.target
        ? command.target.database
        : (await store.workspaceBySlug(command.target.workspace))?.dbName;
    if (!dbName) throw new Error(`There is no workspace "${describe(command.target)}".`);
    // Never over an earlier backup.
    const output = fs.createWriteStream(command.file, { flags: 'wx' });
    await new Promise((resolve, reject) =>
      output.once('open', resolve).once('error', reject),
    ).catch((err: unknown) => {
      const exists = (err as { code?: string }).code === 'EEXIST';
      throw new Error(exists ? `${command.file} exists; name a new file.` : String(err));
    });
    const total = await backupDatabase(database, dbName, output);
    await finished(output);
    return `Backed up ${total} documents of ${dbName} to ${command.file}.`;
  }
  if (!fs.existsSync(command.file)) throw new Error(`There is no file ${command.file}.`);
  const input = fs.createReadStream(command.file);
  if ('database' in command.target) {
    const total = await restoreDatabase(database, input, command.target.database);
    return `Restored ${total} documents into ${command.target.database}.`;
  }
  const { dbName, previous, total } = await restoreWorkspace(
    store,
    database,
    command.target.workspace,
    input,
  );
  return `Restored ${total} documents into ${dbName}; the workspace "${command.target.workspace}" now uses it. Its previous database, ${previous}, is kept: drop it once you are satisfied.`;
}

async function main(command: Command) {
  const config = loadConfig();
  let embedded: EmbeddedDb | null = null;
  const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as never;
  const database: CouchOptions =
    config.couch ?? (embedded = await startEmbeddedDb(config.dataDir, quietLog));
  try {
    const store = new AppStore(new CouchClient(database), config.appDbName);
    await store.init().catch((err: unknown) => {
      throw new Error(
        `Cannot open the database${embedded ? ' (is Keel running with this data directory? stop it first)' : ''}: ${String(err)}`,
      );
    });
    console.log(`\n  ${await run(command, database, store)}\n`);
  } finally {
    await embedded?.stop();
  }
}

function fail(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

let command: Command;
try {
  command = parseBackupArgs(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) fail(`${err.message}\n\n${BACKUP_USAGE}`);
  throw err;
}
main(command).catch((err: unknown) => {
  if (err instanceof AppError) fail(errorMessage(err.code, err.params));
  fail(err instanceof Error ? err.message : String(err));
});
