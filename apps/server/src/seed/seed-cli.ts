/**
 * `npm run seed -- --issues 10000`: fills a new workspace with realistic demo data (projects,
 * labels, members, issues with descriptions, comments, activity) for trying Keel and for the
 * benchmarks. Uses the same configuration as the server; with the embedded database, stop Keel
 * first (the database files can be open in one process at a time).
 */
import { errorMessage, LIMITS, workspaceDocSchema } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { AppStore, userIdOf, type UserDoc } from '../db/app-store.ts';
import { CouchClient } from '../db/couch-client.ts';
import { startEmbeddedDb, type EmbeddedDb } from '../db/embedded-db.ts';
import { loadConfig } from '../config.ts';
import { authenticate, createAccount, linkSub } from '../idp/accounts.ts';
import { adoptAddressKeyedUsers, EMBEDDED_IDENTITY_ISSUER } from '../idp/embedded-identity.ts';
import { addMember } from '../workspaces/add-member.ts';
import { createWorkspace } from '../workspaces/create-workspace.ts';
import { allDocs, buildDemoData } from './demo-data.ts';
import { parseSeedArgs, SEED_USAGE, SeedUsageError, type SeedArgs } from './seed-args.ts';

const quietLog = {
  error: (...args: unknown[]) => console.error(...args),
  warn() {},
  info() {},
} as never;

async function demoUser(
  store: AppStore,
  name: string,
  email: string,
  password: string,
): Promise<UserDoc> {
  const account =
    (await createAccount(store, { name, email, password })) ??
    (await authenticate(store, email, password));
  if (!account)
    throw new Error(`${email} exists with another password; pass --email or --password`);
  await linkSub(store, account);
  // Keyed like the server keys the embedded provider's users, whatever address it is served at.
  return store.upsertUser({
    issuer: EMBEDDED_IDENTITY_ISSUER,
    subject: account.sub,
    email: account.email,
    name: account.name,
    avatarUrl: null,
  });
}

async function main(values: SeedArgs) {
  const config = loadConfig();
  if (config.oidc)
    throw new Error(
      'The seed creates local demo accounts, so it needs the embedded sign-in provider (unset OIDC_ISSUER).',
    );
  const { issues, commentsPerIssue, members: memberCount } = values;

  let embedded: EmbeddedDb | null = null;
  const couch = config.couch
    ? new CouchClient(config.couch)
    : new CouchClient((embedded = await startEmbeddedDb(config.dataDir, quietLog)));
  try {
    const started = Date.now();
    const store = new AppStore(couch, config.appDbName);
    await store.init().catch((err: unknown) => {
      throw new Error(
        `Cannot open the database${embedded ? ' (is Keel running with this data directory? stop it first)' : ''}: ${String(err)}`,
      );
    });
    await adoptAddressKeyedUsers(store);
    const owner = await demoUser(store, 'Demo Owner', values.email, values.password);
    const names = [
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Katherine Johnson',
      'Linus Torvalds',
      'Margaret Hamilton',
      'Dennis Ritchie',
      'Barbara Liskov',
      'Ken Thompson',
      'Frances Allen',
      'Donald Knuth',
      'Radia Perlman',
    ];
    const others: UserDoc[] = [];
    for (let i = 0; i < memberCount; i++) {
      const name = names[i % names.length]! + (i >= names.length ? ` ${i}` : '');
      others.push(await demoUser(store, name, `member${i + 1}@keel.test`, values.password));
    }

    const { workspace, project } = await createWorkspace(store, owner, {
      name: 'Demo',
      slug: values.workspace,
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'SLUG_TAKEN')
        throw new Error(
          `${errorMessage('SLUG_TAKEN')} A workspace "${values.workspace}" already exists here; pass --workspace with another URL key.`,
        );
      throw err;
    });
    // The demo brings its own projects, ENG among them.
    await couch.deleteDoc(
      workspace.dbName,
      project._id,
      (await couch.getDoc(workspace.dbName, project._id))!._rev!,
    );
    const roleOf = (i: number) =>
      i === 0 ? 'admin' : i === others.length - 1 ? 'viewer' : ('member' as const);
    for (const [i, user] of others.entries()) await addMember(store, workspace, user, roleOf(i));

    const data = buildDemoData({
      issues,
      commentsPerIssue,
      memberIds: [owner, ...others].map(userIdOf),
      ownerId: userIdOf(owner),
      viewerIds: others.filter((_, i) => roleOf(i) === 'viewer').map(userIdOf),
      names: new Map([owner, ...others].map((user) => [userIdOf(user), user.name])),
      cyclesPerProject: values.cyclesPerProject,
      milestones: values.milestones,
    });
    const docs = allDocs(data);
    for (const doc of docs) workspaceDocSchema.parse(doc);
    for (let i = 0; i < docs.length; i += LIMITS.bulkDocsPerRequest) {
      const results = await couch.bulkDocs(
        workspace.dbName,
        docs.slice(i, i + LIMITS.bulkDocsPerRequest),
      );
      const failed = results.filter((r) => r.error);
      if (failed.length)
        throw new Error(`Writing demo data failed: ${JSON.stringify(failed.slice(0, 3))}`);
      process.stdout.write(
        `\r  ${Math.min(i + LIMITS.bulkDocsPerRequest, docs.length)} / ${docs.length} documents`,
      );
    }
    const workspaceId = workspace._id.slice('workspace:'.length);
    for (const [projectId, last] of data.lastNumber)
      await store.update(`counter:${workspaceId}:${projectId}`, () => ({
        _id: `counter:${workspaceId}:${projectId}`,
        type: 'counter',
        next: last + 1,
      }));

    console.log(
      `\n\n  Seeded workspace "${values.workspace}": ${data.issues.length} issues, ${data.comments.length} comments, ${data.activity.length} activity records, ${others.length + 1} members in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `  Start Keel (npm start), sign in as ${values.email} / ${values.password}, and open ${config.publicUrl}/${values.workspace}/issues\n`,
    );
  } finally {
    await embedded?.stop();
  }
}

function fail(message: string): never {
  console.error(`\n  Seed failed: ${message}\n`);
  process.exit(1);
}

let args: SeedArgs;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (err) {
  if (err instanceof SeedUsageError) fail(`${err.message}\n  ${SEED_USAGE}`);
  throw err;
}
main(args).catch((err: unknown) => {
  if (err instanceof AppError) fail(errorMessage(err.code, err.params));
  fail(err instanceof Error ? err.message : String(err));
});
