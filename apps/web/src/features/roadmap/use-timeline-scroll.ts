import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { TimeScale } from './time-scale.ts';

/** Today sits this far into the visible timeline: a little of the past, mostly what is ahead. */
const TODAY_AT = 0.2;

/**
 * The timeline's horizontal scroll. On opening and on each zoom it brings today into view; when
 * a drop widens the scale to the left, it scrolls by as much, so nothing seems to jump.
 */
export function useTimelineScroll(
  scale: TimeScale,
  todayX: number,
  /** The timeline is drawn (it is not while the workspace is read, or when it is empty). */
  drawn: boolean,
): RefObject<HTMLDivElement | null> {
  const scroller = useRef<HTMLDivElement>(null);
  const shown = useRef<TimeScale | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = shown.current;
    shown.current = scale;
    if (before && before.zoom === scale.zoom) {
      if (before.first !== scale.first)
        element.scrollLeft += (before.first - scale.first) * scale.pxPerDay;
      return;
    }
    // The names' column stays put over the timeline; only the rest of the width shows days.
    const names = element.querySelector<HTMLElement>('.roadmap-axis__corner')?.offsetWidth ?? 0;
    element.scrollLeft = Math.max(todayX - (element.clientWidth - names) * TODAY_AT, 0);
  }, [scale, todayX, drawn]);
  return scroller;
}
