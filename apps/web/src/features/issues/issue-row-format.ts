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
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  const format = parsed.getUTCFullYear() === today.getUTCFullYear() ? short : withYear;
  return format.format(parsed);
}
