// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { CommandsProvider, useCommand, useCommands } from './command-context.tsx';
export type { CommandsValue } from './command-context.tsx';
export {
  COMMANDS,
  commandsForRole,
  filterCommands,
  isAvailable,
  projectCommands,
  SECTIONS,
} from './commands.ts';
export type { Command, CommandContext, CommandEffects, ScreenCommandId } from './commands.ts';
export { ScreenHandlers, useScreenCommands } from './screen-handlers.ts';
export { ariaKeyShortcuts, shortcutKeys } from './shortcut.ts';
export { ShortcutsOverlay } from './shortcuts-overlay.tsx';
export { useCommandKeys } from './use-command-keys.ts';
