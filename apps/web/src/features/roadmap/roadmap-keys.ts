import type { KeyboardEvent } from 'react';

/** The ids of the hints every bar and diamond points at (aria-describedby), said once a page. */
export const BAR_KEYS_HINT_ID = 'roadmap-bar-keys';
export const MILESTONE_KEYS_HINT_ID = 'roadmap-milestone-keys';

export const BAR_KEYS =
  'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Alt+ArrowLeft Alt+ArrowRight Enter';
export const MILESTONE_KEYS = 'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Enter';

export const BAR_KEYS_HINT =
  'Left and Right arrows move the project’s dates by a day, with Shift by a week; with Alt only ' +
  'the target date moves. Drag the bar, or either end of it, to do the same. Enter opens the project.';
export const MILESTONE_KEYS_HINT =
  'Left and Right arrows move the milestone’s target by a day, with Shift by a week. Enter ' +
  'opens the project.';

/** Days an arrow key moves a date: one, seven with Shift, none for any other key. */
export function arrowStep(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey'>) {
  // Ctrl and Cmd with an arrow belong to the browser and the system (words, history, spaces).
  if (event.ctrlKey || event.metaKey) return 0;
  const direction = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
  return direction * (event.shiftKey ? 7 : 1);
}
