import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's layers are checked by ESLint (eslint.config.js, decision 018): shared → data →
 * features → app. Probe imports, linted as if they sat in a layer, show the rule refuses the
 * wrong way and lets the right way through.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('web app layers', () => {
  it('refuses an import from an earlier layer into a later one', async () => {
    expect(
      await layerErrors(
        'apps/web/src/data/probe.ts',
        "export { SyncIndicator } from '../features/sync-status/sync-indicator.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"data".*"feature"/)]);
    expect(
      await layerErrors(
        'apps/web/src/shared/probe.ts',
        "export { useDocs } from '../data/use-docs.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"shared".*"data"/)]);
    expect(
      await layerErrors(
        'apps/web/src/features/issues/probe.ts',
        "export { AppShell } from '../../app/shell/app-shell.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"feature".*"app"/)]);
  });

  it('lets a later layer use an earlier one', async () => {
    expect(
      await layerErrors(
        'apps/web/src/features/issues/probe.ts',
        "export { useDocs } from '../../data/use-docs.ts';\nexport { showToast } from '../../shared/ui/toast-store.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'apps/web/src/app/probe.ts',
        "export { SyncIndicator } from '../features/sync-status/index.ts';\n",
      ),
    ).toEqual([]);
  });

  it('lets a feature use another only through its index.ts', async () => {
    expect(
      await layerErrors(
        'apps/web/src/features/board/probe.ts',
        "export { PropertyButton } from '../issues/property-button.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: /)]);
    expect(
      await layerErrors(
        'apps/web/src/features/board/probe.ts',
        "export { PropertyButton } from '../issues/index.ts';\n",
      ),
    ).toEqual([]);
    // Within a feature, any file may use any other.
    expect(
      await layerErrors(
        'apps/web/src/features/issues/probe.ts',
        "export { PropertyButton } from './property-button.tsx';\n",
      ),
    ).toEqual([]);
    // The app too, except the pages the router loads on their own.
    expect(
      await layerErrors(
        'apps/web/src/app/probe.ts',
        "export { SyncIndicator } from '../features/sync-status/sync-indicator.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: /)]);
    expect(
      await layerErrors(
        'apps/web/src/app/probe.ts',
        "export const page = () => import('../features/board/board-page.tsx');\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // write-queue.ts is imported by workspace-session.ts: importing that back closes a loop.
    expect(
      await layerErrors(
        'apps/web/src/data/write-queue.ts',
        "export { WorkspaceSession } from './workspace-session.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
