import { describe, expect, it } from 'vitest';
import { noticesToRepeat, parseDueNotices, withNotice, type DueNotice } from './removal-notices.ts';

const notice = (over: Partial<DueNotice> = {}): DueNotice => ({
  userId: 'u1',
  slug: 'acme',
  message: 'You no longer have access to Acme.',
  until: 10_000,
  ...over,
});

describe('removal notices', () => {
  it('repeats a notice not yet on screen for its whole time', () => {
    expect(noticesToRepeat([notice()], 'u1', new Set(), 9_000)).toEqual([notice()]);
  });

  it('does not repeat one already seen, another person’s, or one for a workspace they are back in', () => {
    const due = [notice({ until: 5_000 }), notice({ userId: 'u2' }), notice({ slug: 'back' })];
    expect(noticesToRepeat(due, 'u1', new Set(['back']), 9_000)).toEqual([]);
  });

  it('keeps one notice per person and workspace, dropping those already seen', () => {
    const due = [notice({ message: 'old' }), notice({ slug: 'gone', until: 1_000 })];
    expect(withNotice(due, notice({ message: 'new', until: 20_000 }), 9_000)).toEqual([
      notice({ message: 'new', until: 20_000 }),
    ]);
  });

  it('reads only well-formed notices from storage', () => {
    expect(parseDueNotices('nonsense')).toBeNull();
    expect(parseDueNotices([notice(), { slug: 'x' }, null])).toEqual([notice()]);
  });
});
