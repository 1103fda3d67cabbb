import { describe, expect, it } from 'vitest';
import { hasErrors, validateDraft } from './issue-draft.ts';

describe('validateDraft', () => {
  it('requires a title and uses the domain message', () => {
    expect(validateDraft({ title: '   ', description: '' })).toEqual({
      title: 'Title is required',
    });
  });

  it('limits the title to 255 characters', () => {
    expect(validateDraft({ title: 'x'.repeat(256), description: '' }).title).toBe(
      'Title must be at most 255 characters',
    );
    expect(hasErrors(validateDraft({ title: 'x'.repeat(255), description: '' }))).toBe(false);
  });

  it('accepts multi-line descriptions', () => {
    expect(validateDraft({ title: 'Bug', description: 'line 1\nline 2' })).toEqual({});
  });
});
