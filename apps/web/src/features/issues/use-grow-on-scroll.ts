import { useEffect, useRef, useState } from 'react';

/**
 * A render limit that grows by `step` whenever the sentinel element scrolls near view, so a
 * list of 10,000 issues renders its first screens at once and the rest as they are reached.
 */
export function useGrowOnScroll(total: number, step: number) {
  const [limit, setLimit] = useState(step);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = total > limit;

  useEffect(() => {
    const target = sentinel.current;
    if (!more || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + step);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, step, limit]);

  return { limit, sentinel, more };
}
