import { describe, expect, it } from 'vitest';
import { workspaceSlugSchema } from '@keel/domain';
import { suggestSlug } from './suggest-slug.ts';

describe('suggestSlug', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(suggestSlug('Acme Corp')).toBe('acme-corp');
    expect(suggestSlug('  Hello,   World!  ')).toBe('hello-world');
  });

  it('drops accents and other symbols', () => {
    expect(suggestSlug('Café Zürich')).toBe('cafe-zurich');
    expect(suggestSlug('R&D / Ops')).toBe('r-d-ops');
  });

  it('keeps to 32 characters without a trailing hyphen', () => {
    const slug = suggestSlug('The quick brown fox jumps over the lazy dog');
    expect(slug.length).toBeLessThanOrEqual(32);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('steers away from reserved words', () => {
    expect(suggestSlug('Settings')).toBe('settings-team');
  });

  it('produces a valid key for ordinary names', () => {
    for (const name of ['Acme', 'Keel Labs', 'Ünïcödé Team 42'])
      expect(workspaceSlugSchema.safeParse(suggestSlug(name)).success).toBe(true);
  });

  it('may produce nothing for names without letters or digits', () => {
    expect(suggestSlug('🚀✨')).toBe('');
  });
});
