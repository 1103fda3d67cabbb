import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { hasForbiddenControl, normalizeText, textField, textLength } from './text.ts';

/** Every code point SPEC §5 refuses: C0 except \t and \n, DEL, C1. */
const FORBIDDEN_CODE_POINTS = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((cp) => cp !== 0x09 && cp !== 0x0a),
  ...Array.from({ length: 0x9f - 0x7f + 1 }, (_, i) => 0x7f + i),
];
const forbiddenChar = fc.constantFrom(
  ...FORBIDDEN_CODE_POINTS.map((cp) => String.fromCodePoint(cp)),
);

const isAllowedCodePoint = (cp: number) =>
  !(cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff));

/** Any character that is not a control character (single-line text), biased to tricky ones. */
const allowedChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((cp) => String.fromCodePoint(cp)),
  fc.integer({ min: 0x300, max: 0x36f }).map((cp) => String.fromCodePoint(cp)), // combining marks
  fc.constantFrom(' ', '\u00A0', '\u2003', '\u3000', '\uFEFF', 'e\u0301', '\u0958', '\u2126'),
  fc
    .integer({ min: 0xa0, max: 0x10ffff })
    .filter(isAllowedCodePoint)
    .map((cp) => String.fromCodePoint(cp)),
);

/** Characters that are never whitespace, never combine and never change under NFC. */
const visibleChar = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '-', '!', 'é', 'ß', 'Ω', '中', '😀', '𝔸', '#'),
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((cp) => String.fromCodePoint(cp)),
  fc.integer({ min: 0x21, max: 0x7e }).map((cp) => String.fromCodePoint(cp)),
);

const nonControlWhitespace = fc.constantFrom(' ', '\u00A0', '\u2003', '\u3000', '\uFEFF');

const codePoints = (s: string) => [...s].length;

describe('normalizeText', () => {
  it('trims and NFC-normalises', () => {
    expect(normalizeText('  Hello  ')).toBe('Hello');
    expect(normalizeText('\n\tHello\n')).toBe('Hello');
    expect(normalizeText('Cafe\u0301')).toBe('Café');
    expect(normalizeText('Café')).toHaveLength(4);
    expect(normalizeText('\u2126')).toBe('\u03A9'); // OHM SIGN -> GREEK CAPITAL OMEGA
    expect(normalizeText('a  b')).toBe('a  b'); // inner whitespace is kept
  });

  it('is idempotent for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 40 }), (s) => {
        const once = normalizeText(s);
        expect(normalizeText(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (s) => {
        const once = normalizeText(s);
        expect(normalizeText(once)).toBe(once);
      }),
    );
  });

  it('yields NFC with no leading or trailing whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 40 }), (s) => {
        const out = normalizeText(s);
        expect(out.normalize('NFC')).toBe(out);
        expect(out.trim()).toBe(out);
      }),
    );
  });

  it('treats canonically equivalent strings the same', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 30 }), (s) => {
        expect(normalizeText(s.normalize('NFD'))).toBe(normalizeText(s.normalize('NFC')));
      }),
    );
  });
});

describe('hasForbiddenControl', () => {
  it('flags NUL, other C0 controls, DEL and C1 controls', () => {
    for (const cp of FORBIDDEN_CODE_POINTS) {
      expect(hasForbiddenControl(`a${String.fromCodePoint(cp)}b`), `U+${cp.toString(16)}`).toBe(
        true,
      );
    }
  });

  it('allows newline and tab', () => {
    expect(hasForbiddenControl('a\nb\tc')).toBe(false);
  });

  it('flags a surrogate without its partner, and lets a pair through', () => {
    for (const lone of ['\ud800', 'a\udbffb', '\udc00', 'a\udfff', '\udc00\ud800', '😀\ud83d'])
      expect(hasForbiddenControl(lone), JSON.stringify(lone)).toBe(true);
    expect(hasForbiddenControl('a😀b\ud83d\ude00')).toBe(false);
    expect(textField('Name', 1, 64).safeParse(JSON.parse('"\\ud800"')).success).toBe(false);
  });

  it('is false for every string without control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 50 }), (s) => {
        expect(hasForbiddenControl(s)).toBe(false);
      }),
    );
  });

  it('is true whenever a forbidden control character appears anywhere', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        forbiddenChar,
        fc.string({ maxLength: 20 }),
        (a, c, b) => {
          expect(hasForbiddenControl(a + c + b)).toBe(true);
        },
      ),
    );
  });
});

describe('textLength', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('abc')).toBe(3);
    expect(textLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(textLength('𝔸𝔹ℂ')).toBe(3);
  });

  it('equals the number of code points for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (s) => {
        expect(textLength(s)).toBe(Array.from(s).length);
      }),
    );
  });

  it('is additive over concatenation', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
        (a, b) => {
          expect(textLength(a + b)).toBe(textLength(a) + textLength(b));
        },
      ),
    );
  });
});

describe('textField', () => {
  const name = textField('Name', 1, 10);
  const notes = textField('Notes', 0, 20, { multiline: true });
  const code = textField('Code', 3, 1_500);

  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('returns the normalised value', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.parse('Cafe\u0301')).toBe('Café');
  });

  it('refuses non-strings with the required/text message', () => {
    for (const value of [undefined, null, 3, {}, [], true]) {
      expect(messages(name.safeParse(value))).toEqual(['Name is required']);
      expect(messages(notes.safeParse(value))).toEqual(['Notes must be text']);
    }
  });

  it('uses "is required" when min is 1 and "at least" when min is larger', () => {
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(code.safeParse('ab'))).toEqual(['Code must be at least 3 characters']);
    expect(code.safeParse('abc').success).toBe(true);
  });

  it('formats the maximum with thousands separators', () => {
    expect(messages(code.safeParse('x'.repeat(1_501)))).toEqual([
      'Code must be at most 1,500 characters',
    ]);
    expect(code.safeParse('x'.repeat(1_500)).success).toBe(true);
  });

  it('lets an optional field be empty', () => {
    expect(notes.parse('')).toBe('');
    expect(notes.parse(' \n\t ')).toBe('');
  });

  it('counts the length after trimming and in code points', () => {
    expect(name.safeParse(`   ${'a'.repeat(10)}   `).success).toBe(true);
    expect(name.safeParse('😀'.repeat(10)).success).toBe(true);
    expect(messages(name.safeParse('😀'.repeat(11)))).toEqual([
      'Name must be at most 10 characters',
    ]);
  });

  it('counts the length after NFC normalisation', () => {
    // ten "e + combining acute" pairs are 20 code points but ten characters once composed
    expect(name.parse('e\u0301'.repeat(10))).toBe('é'.repeat(10));
  });

  it('refuses newline and tab inside single-line text but allows them in multi-line text', () => {
    expect(messages(name.safeParse('a\nb'))).toEqual([
      'Name contains characters that are not allowed',
    ]);
    expect(messages(name.safeParse('a\tb'))).toEqual([
      'Name contains characters that are not allowed',
    ]);
    expect(notes.parse('a\nb\tc')).toBe('a\nb\tc');
  });

  it('refuses every forbidden control character inside the text, single- or multi-line', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: allowedChar, maxLength: 5 }),
        forbiddenChar,
        fc.string({ unit: allowedChar, maxLength: 5 }),
        (a, c, b) => {
          const text = `x${a}${c}${b}x`;
          expect(messages(name.safeParse(text))).toEqual([
            'Name contains characters that are not allowed',
          ]);
          expect(messages(notes.safeParse(text))).toEqual([
            'Notes contains characters that are not allowed',
          ]);
        },
      ),
    );
  });

  it('never accepts a value that contains a forbidden control character', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(allowedChar, forbiddenChar, fc.constantFrom('\n', '\t')),
          maxLength: 12,
        }),
        (s) => {
          for (const field of [name, notes]) {
            const result = field.safeParse(s);
            if (result.success) expect(hasForbiddenControl(result.data)).toBe(false);
          }
          const single = name.safeParse(s);
          if (single.success) expect(single.data).not.toMatch(/[\n\t]/);
        },
      ),
    );
  });

  it('agrees with the SPEC §5 rule for any string: trim + NFC, then 1–max characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 16 }), (s) => {
        const normal = s.normalize('NFC').trim();
        const n = codePoints(normal);
        const result = name.safeParse(s);
        if (n === 0) expect(messages(result)).toEqual(['Name is required']);
        else if (n > 10) expect(messages(result)).toEqual(['Name must be at most 10 characters']);
        else {
          expect(result.success).toBe(true);
          expect(result.data).toBe(normal);
        }
      }),
    );
  });

  it('has accepted values as fixed points', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(allowedChar, fc.constantFrom('\n', '\t')), maxLength: 25 }),
        (s) => {
          const first = notes.safeParse(s);
          if (!first.success) return;
          const second = notes.safeParse(first.data);
          expect(second.success).toBe(true);
          expect(second.data).toBe(first.data);
        },
      ),
    );
  });

  it('accepts visible text padded with whitespace and returns the core', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: nonControlWhitespace, maxLength: 3 }),
        fc.string({ unit: visibleChar, minLength: 1, maxLength: 10 }),
        fc.string({ unit: nonControlWhitespace, maxLength: 3 }),
        (pre, core, post) => {
          expect(name.parse(pre + core + post)).toBe(core);
        },
      ),
    );
  });
});
