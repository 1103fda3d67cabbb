import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { sourceHash } from './web-build.ts';

/**
 * The server as plain JavaScript for `npm start` and production: `apps/server/src` and the domain
 * package bundled into `apps/server/dist`, so Node runs it without a TypeScript loader. Its
 * dependencies are not bundled: Node loads them from node_modules as before.
 */
export const SERVER_DIST = 'apps/server/dist';
export const SERVER_ENTRY = `${SERVER_DIST}/server.js`;

/** Everything the build is made from (this file included: it holds the build's options). */
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/server-build.ts',
];

// Beside the web build's stamp, out of dist and out of git.
export const SERVER_STAMP = 'node_modules/.cache/keel/server-build.json';

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript. */
const dependenciesStayExternal: Plugin = {
  name: 'dependencies-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@keel/') ? undefined : { external: true },
    );
  },
};

export async function buildServer(root: string): Promise<void> {
  const outdir = path.join(root, SERVER_DIST);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // Both sit directly in dist, as deep as their sources' folder: paths the server finds from
    // its own location (repo-root.ts, the embedded database's child) come out the same.
    entryPoints: {
      server: 'apps/server/src/server.ts',
      'embedded-db-child': 'apps/server/src/db/embedded-db-child.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Stack traces name the TypeScript files (`node --enable-source-maps`).
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [dependenciesStayExternal],
  });
}

/**
 * Builds the server unless `apps/server/dist` was built from exactly the sources there are now,
 * so `npm start` after `npm start` starts at once. Returns whether it built.
 */
export async function buildServerIfChanged(
  root: string,
  builder: (root: string) => Promise<void> = buildServer,
): Promise<boolean> {
  const stamp = path.join(root, SERVER_STAMP);
  const hash = sourceHash(root, SOURCES);
  const built = fs.existsSync(path.join(root, SERVER_ENTRY));
  const last = fs.existsSync(stamp)
    ? (JSON.parse(fs.readFileSync(stamp, 'utf8')) as { hash?: string }).hash
    : undefined;
  if (built && last === hash) return false;
  // A build that fails half-way must not leave the old stamp to vouch for it.
  fs.rmSync(stamp, { force: true });
  await builder(root);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
  return true;
}
