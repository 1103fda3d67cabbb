import { useCallback, useMemo, useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { can, type MeResponse, type WorkspaceSummary } from '@keel/domain';
import { refreshSession } from '../../features/auth/index.ts';
import { CommandsProvider, ShortcutsOverlay } from '../../features/commands/index.ts';
import { NewIssueDialog } from '../../features/issues/index.ts';
import { useProjectByKey } from '../../data/use-docs.ts';
import { usePhoneLayout } from '../../shared/lib/use-phone-layout.ts';
import { CommandPalette } from './command-palette.tsx';
import { PhoneBar } from './phone-bar.tsx';
import { Sidebar } from './sidebar.tsx';
import { useRoleFollowsMemberDoc } from './use-role-follows-member-doc.ts';
import { useShellCommands, type PaletteMode } from './use-shell-commands.ts';
import './shell.css';

const recheckSession = () => void refreshSession();

export interface AppShellProps {
  workspace: WorkspaceSummary;
  me: MeResponse;
}

/**
 * Sidebar (on a phone, a bar that opens it), the page, and what every signed-in page can open:
 * the new issue dialog, the command palette (and search) and the shortcuts overlay, all run
 * through the command registry.
 */
export function AppShell({ workspace, me }: AppShellProps) {
  const [creating, setCreating] = useState(false);
  const [palette, setPalette] = useState<PaletteMode | null>(null);
  const [shortcuts, setShortcuts] = useState(false);
  const canCreate = can(workspace.role, 'issue:create');
  const overlays = useMemo(
    () => ({
      openNewIssue: () => setCreating(true),
      openPalette: (mode: PaletteMode) => setPalette(mode),
      openShortcuts: () => setShortcuts(true),
    }),
    [],
  );
  const commands = useShellCommands(workspace.slug, workspace.role, overlays);
  const closeNewIssue = useCallback(() => setCreating(false), []);
  const closePalette = useCallback(() => setPalette(null), []);
  const closeShortcuts = useCallback(() => setShortcuts(false), []);
  useRoleFollowsMemberDoc(me.user.id, workspace.role, recheckSession);

  // On a project's pages a new issue goes to that project by default.
  const projectMatch = useMatch('/:ws/projects/:key/*');
  const project = useProjectByKey(projectMatch?.params.key);
  // A phone has no room for the sidebar beside the page: a bar above it opens it as a drawer.
  const phone = usePhoneLayout();

  return (
    <CommandsProvider value={commands}>
      <div className="shell">
        {phone ? (
          <PhoneBar workspace={workspace} me={me} />
        ) : (
          <Sidebar workspace={workspace} me={me} />
        )}
        <main className="shell__main" id="main">
          <Outlet />
        </main>
        {canCreate ? (
          <NewIssueDialog open={creating} onClose={closeNewIssue} defaultProjectId={project?._id} />
        ) : null}
        <CommandPalette mode={palette} onModeChange={setPalette} onClose={closePalette} />
        <ShortcutsOverlay open={shortcuts} onClose={closeShortcuts} commands={commands.commands} />
      </div>
    </CommandsProvider>
  );
}
