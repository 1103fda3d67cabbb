import { useSyncExternalStore } from 'react';

/**
 * The width at and under which Keel lays itself out for a phone: the sidebar behind a menu
 * button, list rows on two lines. A phone is 320 to 430 px wide; up to 720 px (a big phone
 * turned, a narrow window) the sidebar would still leave the page too little room beside it.
 * The CSS media queries say `max-width: 720px` to match.
 */
export const PHONE_QUERY = '(max-width: 720px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** Whether the window is phone-wide now; follows a resize or a turned phone. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone);
}
