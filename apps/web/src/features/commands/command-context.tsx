import { createContext, use, type ReactNode } from 'react';
import type { Command, CommandContext } from './commands.ts';
import type { ScreenHandlers } from './screen-handlers.ts';

export interface CommandsValue {
  /** Commands this role may use, project ones included, in registry order. */
  commands: readonly Command[];
  context: CommandContext;
  screen: ScreenHandlers;
  run: (command: Command) => void;
}

const Commands = createContext<CommandsValue | null>(null);

export function CommandsProvider({
  value,
  children,
}: {
  value: CommandsValue;
  children: ReactNode;
}) {
  return <Commands value={value}>{children}</Commands>;
}

export function useCommands(): CommandsValue {
  const value = use(Commands);
  if (!value) throw new Error('useCommands outside CommandsProvider');
  return value;
}

/** One command by id, when this role may use it; for buttons and menu items. */
export function useCommand(id: string): { command: Command; run: () => void } | null {
  const { commands, run } = useCommands();
  const command = commands.find((c) => c.id === id);
  return command ? { command, run: () => run(command) } : null;
}
