import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseViewQuery, serializeViewQuery, type ViewQuery } from '@keel/domain';

/**
 * The view (filters, grouping, sorting) held in the URL query, so reloading keeps it and a link
 * shares it. Updates replace the history entry: typing a filter should not fill the back button.
 */
export function useViewQuery(): [ViewQuery, (next: ViewQuery) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => parseViewQuery(search), [search]);
  const setView = useCallback(
    (next: ViewQuery) => setParams(serializeViewQuery(next), { replace: true }),
    [setParams],
  );
  return [view, setView];
}
