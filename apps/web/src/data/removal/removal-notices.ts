/**
 * A removal notice stays due until it has been on screen for its whole time. The clean-up
 * often runs in the page that first hears of the removal (its sync is refused), and that page
 * may be left or reloaded a moment later: the next load says it again instead of never.
 */
export interface DueNotice {
  userId: string;
  slug: string;
  message: string;
  /** Epoch milliseconds: once past, the notice has been seen for its whole time. */
  until: number;
}

export function parseDueNotices(value: unknown): DueNotice[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(
    (n): n is DueNotice =>
      typeof n === 'object' &&
      n !== null &&
      typeof (n as DueNotice).userId === 'string' &&
      typeof (n as DueNotice).slug === 'string' &&
      typeof (n as DueNotice).message === 'string' &&
      typeof (n as DueNotice).until === 'number',
  );
}

/**
 * The notices to say again on this load: this person's, not yet seen for their whole time, for
 * workspaces they are still out of (an invitation back makes the notice moot).
 */
export function noticesToRepeat(
  due: readonly DueNotice[],
  userId: string,
  slugs: ReadonlySet<string>,
  now: number,
): DueNotice[] {
  return due.filter((n) => n.userId === userId && n.until > now && !slugs.has(n.slug));
}

/** `due` with `notice` in place of any earlier one for the same person and workspace. */
export function withNotice(due: readonly DueNotice[], notice: DueNotice, now: number): DueNotice[] {
  return [
    ...due.filter((n) => n.until > now && !(n.userId === notice.userId && n.slug === notice.slug)),
    notice,
  ];
}
