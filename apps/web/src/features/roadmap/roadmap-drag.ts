import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useLatestCallback } from '../../shared/lib/use-latest-callback.ts';
import { daysOfOffset, type DragPart, type TimeScale } from './time-scale.ts';

/** Each move is told with the value the drag began from, not the last frame drawn. */
export interface DayDragHandlers<T> {
  /** The pointer is now `delta` whole days from where it went down (drawn, not saved). */
  onMove: (part: DragPart, delta: number, from: T) => void;
  /** Let go after moving: the one write. */
  onDrop: (part: DragPart, delta: number, from: T) => void;
  /** Escape, or the browser took the pointer (a scroll, a system gesture): back as it was. */
  onCancel: () => void;
  /** Pressed and let go without moving. */
  onClick?: () => void;
}

// Under this many pixels a press is a click: a hand never holds a mouse perfectly still.
const SLOP = 3;

/**
 * A drag along the time axis, snapped to whole days, with plain pointer events: the window
 * follows the pointer once it is down, so a fast drag that leaves the bar still lands. Returns
 * the `onPointerDown` for each part of a bar.
 */
export function useDayDrag<T>(
  scale: TimeScale,
  value: T,
  handlers: DayDragHandlers<T>,
): (part: DragPart) => (event: ReactPointerEvent<HTMLElement>) => void {
  const stop = useRef<(() => void) | null>(null);
  const move = useLatestCallback(handlers.onMove);
  const drop = useLatestCallback(handlers.onDrop);
  const cancel = useLatestCallback(handlers.onCancel);
  const click = useLatestCallback(() => handlers.onClick?.());
  const currentScale = useLatestCallback(() => scale);
  const currentValue = useLatestCallback(() => value);
  // A row removed mid-drag (the project archived elsewhere) leaves no listener behind.
  useEffect(() => () => stop.current?.(), []);

  return (part) => (event) => {
    if (event.button !== 0 || !event.isPrimary) return;
    // A bar's end is inside the bar: its drag is not also the whole bar's.
    event.stopPropagation();
    stop.current?.();
    const { pointerId, clientX: x0 } = event;
    const from = currentValue();
    let delta = 0;
    let moved = false;
    const follow = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      if (!moved && Math.abs(e.clientX - x0) < SLOP) return;
      moved = true;
      const days = daysOfOffset(currentScale(), e.clientX - x0);
      if (days === delta) return;
      delta = days;
      move(part, days, from);
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      done();
      // Moved, but back to the day it started on: nothing to save (nor a click).
      if (moved) {
        if (delta !== 0) drop(part, delta, from);
      } else click();
    };
    const abandon = (e: PointerEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return;
      if (e instanceof PointerEvent && e.pointerId !== pointerId) return;
      e.preventDefault();
      done();
      cancel();
    };
    const done = () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', abandon);
      window.removeEventListener('keydown', abandon, true);
      stop.current = null;
    };
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', abandon);
    // Captured, so Escape ends the drag before the bar's own keys see it.
    window.addEventListener('keydown', abandon, true);
    stop.current = done;
  };
}
