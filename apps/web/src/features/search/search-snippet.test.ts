import { describe, expect, it } from 'vitest';
import { plainText, snippetAround } from './search-snippet.ts';

const marked = (s: { text: string; marks: readonly (readonly [number, number])[] }) =>
  s.marks.map(([a, b]) => s.text.slice(a, b));

describe('snippetAround', () => {
  it('cuts around the first match at word boundaries and marks every match', () => {
    const text = `${'lorem ipsum '.repeat(20)}the rollback of the migration failed ${'dolor sit '.repeat(20)}`;
    const s = snippetAround(text, ['rollback', 'migration'], 30);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).toContain('the rollback of the migration failed');
    expect(s.text.length).toBeLessThan(80);
    expect(marked(s)).toEqual(['rollback', 'migration']);
  });

  it('matches the start of words only, ignoring case', () => {
    const s = snippetAround('Unroll then Rolling back', ['roll']);
    expect(marked(s)).toEqual(['Roll']);
    expect(s.text).toBe('Unroll then Rolling back');
  });

  it('treats terms as text, not patterns', () => {
    const s = snippetAround('costs $5.00 (approx) today', ['$5.00']);
    expect(marked(s)).toEqual(['$5.00']);
  });

  it('falls back to the beginning when nothing matches', () => {
    expect(snippetAround('plain words here', ['zebra'])).toEqual({
      text: 'plain words here',
      marks: [],
    });
  });

  it('drops markdown punctuation', () => {
    expect(plainText('## Steps\n\n* **bold** `code` [link](http://x.y)')).toBe(
      'Steps bold code link',
    );
  });
});
