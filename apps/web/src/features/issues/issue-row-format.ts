import type { SubIssueProgress } from '@keel/domain';

const short = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const withYear = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A due date (`YYYY-MM-DD`, a calendar day with no time zone) as "Mar 3", with the year when it
 * is not this year. Read as UTC so the day never shifts with the viewer's zone.
 */
export function formatDueDate(date: string, today: Date = new Date()): string {
  const key = `${today.getUTCFullYear()} ${date}`;
  let text = formatted.get(key);
  if (text === undefined) {
    const parsed = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime())) return date;
    const format = parsed.getUTCFullYear() === today.getUTCFullYear() ? short : withYear;
    text = format.format(parsed);
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

// Formatting is slow per call (about 30 µs), and a filter keystroke redraws every row on screen:
// each day's text is formatted once, per year it is viewed in.
const formatted = new Map<string, string>();
const MAX_FORMATTED = 5_000;

/** A parent's sub-issues done out of those counted, as rows, cards and the issue page show it. */
export function subIssueFigure({ done, total }: SubIssueProgress): string {
  return `${done}/${total}`;
}

/** The same in words, for screen readers and the tooltip: "3 of 5 sub-issues done". */
export function subIssueSentence({ done, total }: SubIssueProgress): string {
  return `${done} of ${total} sub-issue${total === 1 ? '' : 's'} done`;
}
