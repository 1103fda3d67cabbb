/**
 * "Jan 31", or "Jan 31, 2027" outside the current year: a calendar day (`YYYY-MM-DD`, read in
 * UTC as cycles' and milestones' days are) in the reader's language.
 */
export function dayLabel(day: string, today: string = new Date().toISOString().slice(0, 10)) {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}
