import { useEffect, useState } from 'react';

const DARK = '(prefers-color-scheme: dark)';

/**
 * Whether the system shows dark colours, following a switch: charts draw on a canvas with the
 * theme's colours read once, so they must draw again when it changes.
 */
export function useDarkScheme(): boolean {
  const [dark, setDark] = useState(() => matchMedia(DARK).matches);
  useEffect(() => {
    const query = matchMedia(DARK);
    const changed = () => setDark(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return dark;
}
