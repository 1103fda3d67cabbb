import { describe, expect, it } from 'vitest';
import { newLabelDocument } from '@keel/domain';
import { COLOR_PALETTE } from '@keel/domain';
import { EMPTY_LABEL_DRAFT, nextPaletteColor, validateLabelDraft } from './label-draft.ts';

const bug = newLabelDocument({
  id: 'label:l1',
  name: 'Bug',
  color: '#EB5757',
  createdBy: 'u1',
  now: '2026-01-01T00:00:00.000Z',
});

describe('validateLabelDraft', () => {
  it('requires a name of at most 40 characters', () => {
    expect(validateLabelDraft(EMPTY_LABEL_DRAFT, [])).toEqual({ name: 'Label name is required' });
    expect(validateLabelDraft({ ...EMPTY_LABEL_DRAFT, name: 'x'.repeat(41) }, []).name).toBe(
      'Label name must be at most 40 characters',
    );
  });

  it('refuses a name taken ignoring case, except by the label itself', () => {
    expect(validateLabelDraft({ ...EMPTY_LABEL_DRAFT, name: 'bug' }, [bug]).name).toBe(
      'A label named bug already exists',
    );
    expect(validateLabelDraft({ ...EMPTY_LABEL_DRAFT, name: 'BUG' }, [bug], bug._id)).toEqual({});
  });

  it('refuses a colour that is not #RRGGBB', () => {
    expect(validateLabelDraft({ name: 'UI', color: 'red' }, []).color).toBe(
      'Colour must look like #RRGGBB',
    );
  });

  it('refuses a 501st label', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ _id: `label:${i}`, name: `L${i}` }));
    expect(validateLabelDraft({ ...EMPTY_LABEL_DRAFT, name: 'New' }, many).name).toMatch(
      /at most 500/,
    );
  });
});

describe('nextPaletteColor', () => {
  it('walks the palette and wraps; an unknown colour starts it over', () => {
    expect(nextPaletteColor(COLOR_PALETTE[0])).toBe(COLOR_PALETTE[1]);
    expect(nextPaletteColor(COLOR_PALETTE.at(-1)!.toLowerCase())).toBe(COLOR_PALETTE[0]);
    expect(nextPaletteColor('#000000')).toBe(COLOR_PALETTE[0]);
  });
});
