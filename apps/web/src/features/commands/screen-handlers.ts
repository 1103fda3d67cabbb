import { useEffect, useRef } from 'react';
import { useCommands } from './command-context.tsx';
import type { ScreenCommandId } from './commands.ts';

type Handlers = Partial<Record<ScreenCommandId, () => void>>;

/**
 * The handlers of the screen showing, by command id. The list and the issue page register
 * theirs while mounted, so `j` or "Change state" in the palette reach the screen's own state.
 */
export class ScreenHandlers {
  private readonly handlers = new Map<ScreenCommandId, () => void>();
  private readonly listeners = new Set<() => void>();
  private ids: ReadonlySet<string> = new Set();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The same set until a handler comes or goes, as useSyncExternalStore needs. */
  available = (): ReadonlySet<string> => this.ids;

  register(id: ScreenCommandId, handler: () => void): () => void {
    this.handlers.set(id, handler);
    this.changed();
    return () => {
      if (this.handlers.get(id) !== handler) return;
      this.handlers.delete(id);
      this.changed();
    };
  }

  run(id: ScreenCommandId): void {
    this.handlers.get(id)?.();
  }

  private changed(): void {
    this.ids = new Set(this.handlers.keys());
    for (const listener of this.listeners) listener();
  }
}

/**
 * Offer handlers for screen commands while the component is mounted (and `enabled`). The latest
 * handlers always run, so they may close over fresh state without re-registering.
 */
export function useScreenCommands(handlers: Handlers, enabled = true): void {
  const { screen } = useCommands();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const ids = Object.keys(handlers).sort().join(' ');
  useEffect(() => {
    if (!enabled) return;
    const offs = (ids.split(' ') as ScreenCommandId[]).map((id) =>
      screen.register(id, () => latest.current[id]?.()),
    );
    return () => offs.forEach((off) => off());
  }, [screen, ids, enabled]);
}
