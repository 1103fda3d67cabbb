import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GH');
    expect(initials('ada')).toBe('A');
  });

  it('handles emails, extra spaces and empty names', () => {
    expect(initials('ada.lovelace@example.com')).toBe('AC');
    expect(initials('   ')).toBe('?');
    expect(initials('', '–')).toBe('–');
  });

  it('keeps non-Latin letters whole', () => {
    expect(initials('Émile Zola')).toBe('ÉZ');
  });
});
