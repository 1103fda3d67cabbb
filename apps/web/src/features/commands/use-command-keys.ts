import { useEffect, useRef } from 'react';
import { isTypingTarget, type TargetLike } from '../../shared/lib/keyboard.ts';
import { commandForKey, type Command, type CommandContext } from './commands.ts';

/**
 * True while a dialog or popover holds the keyboard: its own keys win. A popover panel (the
 * filter and display menus) marks itself with `data-holds-keys`: with focus on one of its
 * checkboxes, x would otherwise select a row and j walk focus out of the menu.
 */
function overlayOpen(): boolean {
  return document.querySelector('dialog[open], [role="dialog"], [data-holds-keys]') !== null;
}

/**
 * The one keydown listener of the signed-in app: every shortcut comes from the command registry.
 * Single keys stay out of the way of typing and of open dialogs; Ctrl/Cmd+K works from a field.
 */
export function useCommandKeys(
  commands: readonly Command[],
  context: CommandContext,
  run: (command: Command) => void,
): void {
  const latest = useRef({ commands, context, run });
  useEffect(() => {
    latest.current = { commands, context, run };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { commands, context, run } = latest.current;
      const command = commandForKey(event, commands, context);
      if (!command || overlayOpen()) return;
      const target = event.target as (TargetLike & { tagName?: string }) | null;
      const chord = command.shortcut?.startsWith('mod+') === true;
      if ((!chord || command.typingWins) && isTypingTarget(target)) return;
      // Enter on a focused link or button is the browser's: it follows or presses it.
      if (command.shortcut === 'Enter' && (target?.tagName === 'A' || target?.tagName === 'BUTTON'))
        return;
      event.preventDefault();
      run(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
