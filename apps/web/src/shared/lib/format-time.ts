const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "3 days ago", "just now": how long ago an ISO timestamp was, relative to `now`. Every caller
 * shows something that has happened, so a time ahead of this device's clock (another device's
 * clock runs fast) is "just now", never "in 7 hours".
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.min(0, Math.round((new Date(iso).getTime() - now.getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeText(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

// An issue page shows a few dozen of these, mostly the same few ("2 days ago"), and each
// `format` call costs about as much as rendering a line of the timeline.
const relativeTexts = new Map<string, string>();

function relativeText(amount: number, unit: Intl.RelativeTimeFormatUnit): string {
  const key = `${amount} ${unit}`;
  let text = relativeTexts.get(key);
  if (text === undefined) {
    text = relative.format(amount, unit);
    relativeTexts.set(key, text);
  }
  return text;
}

const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

// Formatting a date this way costs a tenth of a millisecond or more, and an issue page shows the
// same few dozen timestamps on every render: each is formatted once.
const CACHE_SIZE = 2_000;
const formatted = new Map<string, string>();

export function formatDateTime(iso: string): string {
  const known = formatted.get(iso);
  if (known !== undefined) return known;
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime()) ? '' : absolute.format(date);
  if (formatted.size >= CACHE_SIZE) formatted.clear();
  formatted.set(iso, text);
  return text;
}
