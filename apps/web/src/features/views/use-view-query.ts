import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseViewQuery, serializeViewQuery, type ViewQuery } from '@keel/domain';

// Typing is shown at once; the URL follows when the typing pauses.
const URL_DELAY_MS = 300;

/**
 * The view (filters, grouping, sorting) held in the URL query, so reloading keeps it and a link
 * shares it. Updates replace the history entry: typing a filter should not fill the back button.
 * The filter text lives on this screen while it is typed and reaches the URL a moment later:
 * writing the URL re-renders every route, which a keystroke should not wait for.
 */
export function useViewQuery(): [ViewQuery, (next: ViewQuery) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const fromUrl = useMemo(() => parseViewQuery(search), [search]);
  // What is being typed, over the URL it was typed on: once the URL moves (the text reached
  // it, or back/forward), the URL is the one source again.
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<ViewQuery>(fromUrl);

  const view = useMemo(
    () =>
      typed?.over === search
        ? { ...fromUrl, filter: { ...fromUrl.filter, text: typed.text } }
        : fromUrl,
    [fromUrl, typed, search],
  );
  useEffect(() => {
    latest.current = view;
  }, [view]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const setView = useCallback(
    (next: ViewQuery) => {
      const current = latest.current;
      latest.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const write = () => setParams(serializeViewQuery(latest.current), { replace: true });
      if (!isTextOnlyChange(current, next)) {
        setTyped(null);
        write();
        return;
      }
      setTyped({ text: next.filter.text, over: search });
      timer.current = setTimeout(() => {
        timer.current = null;
        write();
      }, URL_DELAY_MS);
    },
    [setParams, search],
  );
  return [view, setView];
}

/** True when `next` differs from `current` in its filter text and nothing else. */
export function isTextOnlyChange(current: ViewQuery, next: ViewQuery): boolean {
  const withoutText = (view: ViewQuery) =>
    serializeViewQuery({ ...view, filter: { ...view.filter, text: '' } }).toString();
  return next.filter.text !== current.filter.text && withoutText(next) === withoutText(current);
}
