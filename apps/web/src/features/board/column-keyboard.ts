import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * Keyboard moves on the board: Left/Right go to the next column in workflow order (its top),
 * Up/Down move within a column as in any sortable list. dnd-kit's own getter picks the nearest
 * droppable to the side, which can skip a column when the next one is empty.
 */
export function columnKeyboardCoordinates(
  stateIds: readonly string[],
  /** The state of the card or column the dragged card is over (or came from). */
  stateOf: (id: string) => string | undefined,
  dropIdOf: (stateId: string) => string,
): KeyboardCoordinateGetter {
  return (event, args) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return sortableKeyboardCoordinates(event, args);
    const { active, over, droppableRects } = args.context;
    const current = stateOf(String(over?.id ?? active ?? ''));
    const index = current ? stateIds.indexOf(current) : -1;
    const next = index < 0 ? undefined : stateIds[index + step];
    const rect = next ? droppableRects.get(dropIdOf(next)) : undefined;
    if (!rect) return undefined;
    event.preventDefault();
    return { x: rect.left + 4, y: rect.top + 4 };
  };
}
