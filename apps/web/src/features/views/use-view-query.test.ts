import { describe, expect, it } from 'vitest';
import { parseViewQuery } from '@keel/domain';
import { isTextOnlyChange } from './use-view-query.ts';

const view = parseViewQuery('group=priority&priority=1');
const withText = (text: string) => ({ ...view, filter: { ...view.filter, text } });

describe('isTextOnlyChange', () => {
  it('holds when only the typed text differs, so the URL can follow later', () => {
    expect(isTextOnlyChange(view, withText('cra'))).toBe(true);
    expect(isTextOnlyChange(withText('cra'), withText('crash'))).toBe(true);
  });

  it('does not hold when nothing changed, or anything besides the text did', () => {
    expect(isTextOnlyChange(withText('a'), withText('a'))).toBe(false);
    expect(isTextOnlyChange(view, { ...withText('a'), groupBy: 'state' })).toBe(false);
    expect(isTextOnlyChange(view, { ...view, filter: { ...view.filter, priorities: [2] } })).toBe(
      false,
    );
  });
});
