import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@keel/domain';
import {
  type Command,
  type CommandContext,
  type CommandEffects,
  COMMANDS,
  commandsForRole,
  type CommandsValue,
  isAvailable,
  projectCommands,
  ScreenHandlers,
  useCommandKeys,
} from '../../features/commands/index.ts';
import { useProjects } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { undoLast } from '../../features/undo/index.ts';

export type PaletteMode = 'commands' | 'search';

export interface ShellOverlays {
  openNewIssue: () => void;
  openPalette: (mode: PaletteMode) => void;
  openShortcuts: () => void;
}

/**
 * The registry as this shell sees it: this role's commands (with one pair per project), what
 * they may do here, and the one keydown listener that runs them.
 */
export function useShellCommands(slug: string, role: Role, overlays: ShellOverlays): CommandsValue {
  const navigate = useNavigate();
  const projects = useProjects();
  const session = useWorkspace();
  const [screen] = useState(() => new ScreenHandlers());
  const available = useSyncExternalStore(screen.subscribe, screen.available);

  const commands = useMemo(
    () => commandsForRole([...COMMANDS, ...projectCommands(projects)], role),
    [projects, role],
  );
  const context = useMemo<CommandContext>(
    () => ({ slug, role, screen: available }),
    [slug, role, available],
  );
  const { openNewIssue, openPalette, openShortcuts } = overlays;
  const effects = useMemo<CommandEffects>(
    () => ({
      navigate: (path) => void navigate(path),
      openNewIssue,
      openPalette,
      openShortcuts,
      runScreen: (id) => screen.run(id),
      undo: () => void undoLast(session.undo),
    }),
    [navigate, openNewIssue, openPalette, openShortcuts, screen, session],
  );
  const run = useCallback(
    (command: Command) => {
      if (isAvailable(command, context)) command.run(context, effects);
    },
    [context, effects],
  );
  useCommandKeys(commands, context, run);
  return useMemo(() => ({ commands, context, screen, run }), [commands, context, screen, run]);
}
