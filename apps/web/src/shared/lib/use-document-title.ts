import { useEffect } from 'react';

/**
 * The browser tab's title (and what screen readers announce on navigation): "Page · Keel".
 * With no parts it leaves the title alone, so a child such as the not-found view can set it.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const named = parts.filter(Boolean);
  const title = named.length ? [...named, 'Keel'].join(' · ') : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
