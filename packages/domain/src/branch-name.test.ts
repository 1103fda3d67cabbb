import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANCH_NAME_MAX, branchName } from './branch-name.ts';

describe('branchName', () => {
  it('is the lower-case key and the title words joined by hyphens', () => {
    expect(branchName('ENG-12', 'Fix the login redirect')).toBe('eng-12-fix-the-login-redirect');
  });

  it('drops punctuation, accents and apostrophes, and never doubles a hyphen', () => {
    expect(branchName('ENG-3', "  Don't crash -- on  Café's résumé (v2.1)!  ")).toBe(
      'eng-3-dont-crash-on-cafes-resume-v2-1',
    );
    expect(branchName('OPS-7', 'Emoji 🚀 and 日本語 only — here')).toBe(
      'ops-7-emoji-and-only-here',
    );
  });

  it('is just the key when the title has nothing to keep', () => {
    expect(branchName('ENG-1', '🚀 !!! 日本語')).toBe('eng-1');
  });

  it('cuts a long title at a word boundary within the limit', () => {
    const name = branchName(
      'ENG-1234',
      'Make the importer stream rows so that very large exports do not run out of memory',
    );
    expect(name).toBe('eng-1234-make-the-importer-stream-rows-so-that-very-large');
    expect(name.length).toBeLessThanOrEqual(BRANCH_NAME_MAX);
  });

  it('cuts a first word that is too long on its own', () => {
    expect(branchName('ENG-1', 'x'.repeat(100))).toBe(`eng-1-${'x'.repeat(54)}`);
  });

  it('always gives a valid, bounded name for any title', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const name = branchName('ENG-42', title);
        expect(name).toMatch(/^eng-42(-[a-z0-9]+)*$/);
        expect(name.length).toBeLessThanOrEqual(BRANCH_NAME_MAX);
      }),
    );
  });
});
