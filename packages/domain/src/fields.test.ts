import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ALL_ESTIMATES } from './estimate-scales.ts';
import {
  PRIORITIES,
  RESERVED_SLUGS,
  ROLES,
  colorSchema,
  commentBodySchema,
  dueDateSchema,
  emailSchema,
  estimateSchema,
  isCalendarDate,
  isoTimestampSchema,
  issueDescriptionSchema,
  issueTitleSchema,
  labelNameSchema,
  prioritySchema,
  projectKeySchema,
  projectNameSchema,
  roleSchema,
  workspaceNameSchema,
  workspaceSlugSchema,
} from './fields.ts';

type Parsed = { success: boolean; error?: { issues: { message: string }[] } };
const messages = (result: Parsed) => result.error?.issues.map((i) => i.message) ?? [];

const isAllowedCodePoint = (cp: number) =>
  !(cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff));

/** Any non-control character (including whitespace, combining marks, astral characters). */
const nonControlChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((cp) => String.fromCodePoint(cp)),
  fc.integer({ min: 0x300, max: 0x36f }).map((cp) => String.fromCodePoint(cp)),
  fc.constantFrom(' ', '\u00A0', '\u3000', 'e\u0301', '\u0958', '😀'),
  fc
    .integer({ min: 0xa0, max: 0x10ffff })
    .filter(isAllowedCodePoint)
    .map((cp) => String.fromCodePoint(cp)),
);
/** Characters that are not whitespace and are unchanged by NFC in any context. */
const visibleChar = fc.oneof(
  fc.integer({ min: 0x21, max: 0x7e }).map((cp) => String.fromCodePoint(cp)),
  fc.constantFrom('é', 'ß', 'Ω', '中', '😀', '𝔸'),
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((cp) => String.fromCodePoint(cp)),
);
const whitespace = fc.constantFrom(' ', '\u00A0', '\u3000', '\u2003', '\uFEFF', '\n', '\t');
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((cp) => cp !== 0x09 && cp !== 0x0a),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((cp) => String.fromCodePoint(cp));
const forbiddenChar = fc.constantFrom(...FORBIDDEN);

describe('issue title (1–255 characters)', () => {
  it('accepts a plain title and returns it trimmed', () => {
    expect(issueTitleSchema.parse('  Fix the login bug ')).toBe('Fix the login bug');
  });

  it('accepts exactly 255 characters and refuses 256', () => {
    expect(issueTitleSchema.safeParse('a'.repeat(255)).success).toBe(true);
    expect(messages(issueTitleSchema.safeParse('a'.repeat(256)))).toEqual([
      'Title must be at most 255 characters',
    ]);
  });

  it('counts characters, not UTF-16 units (255 emoji is fine)', () => {
    expect(issueTitleSchema.safeParse('😀'.repeat(255)).success).toBe(true);
    expect(messages(issueTitleSchema.safeParse('😀'.repeat(256)))).toEqual([
      'Title must be at most 255 characters',
    ]);
  });

  it('every string of 1–255 visible characters, padded with whitespace, is a valid title', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: whitespace, maxLength: 5 }),
        fc.string({ unit: visibleChar, minLength: 1, maxLength: 255 }),
        fc.string({ unit: whitespace, maxLength: 5 }),
        (pre, core, post) => {
          const result = issueTitleSchema.safeParse(pre + core + post);
          expect(result.success).toBe(true);
          expect(result.data).toBe(core);
        },
      ),
    );
  });

  it('every string of more than 255 visible characters is refused as too long', () => {
    fc.assert(
      fc.property(fc.string({ unit: visibleChar, minLength: 256, maxLength: 700 }), (s) => {
        expect(messages(issueTitleSchema.safeParse(s))).toEqual([
          'Title must be at most 255 characters',
        ]);
      }),
    );
  });

  it('an empty or whitespace-only title gives "Title is required"', () => {
    expect(messages(issueTitleSchema.safeParse(''))).toEqual(['Title is required']);
    expect(messages(issueTitleSchema.safeParse(undefined))).toEqual(['Title is required']);
    fc.assert(
      fc.property(fc.string({ unit: whitespace, maxLength: 300 }), (s) => {
        expect(messages(issueTitleSchema.safeParse(s))).toEqual(['Title is required']);
      }),
    );
  });

  it('follows SPEC §5 for any non-control string: trim + NFC, then 1–255 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: nonControlChar, maxLength: 300 }), (s) => {
        const normal = s.normalize('NFC').trim();
        const n = [...normal].length;
        const result = issueTitleSchema.safeParse(s);
        if (n === 0) expect(messages(result)).toEqual(['Title is required']);
        else if (n > 255)
          expect(messages(result)).toEqual(['Title must be at most 255 characters']);
        else {
          expect(result.success).toBe(true);
          expect(result.data).toBe(normal);
        }
      }),
    );
  });

  it('refuses control characters inside the title, including newline and tab', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: visibleChar, minLength: 1, maxLength: 20 }),
        fc.oneof(forbiddenChar, fc.constantFrom('\n', '\t')),
        fc.string({ unit: visibleChar, minLength: 1, maxLength: 20 }),
        (a, c, b) => {
          expect(messages(issueTitleSchema.safeParse(a + c + b))).toEqual([
            'Title contains characters that are not allowed',
          ]);
        },
      ),
    );
  });

  it('refuses NUL even on its own', () => {
    expect(issueTitleSchema.safeParse('\u0000').success).toBe(false);
    expect(issueTitleSchema.safeParse('abc\u0000').success).toBe(false);
  });
});

describe('the other text fields', () => {
  it('workspace name is 1–64 characters', () => {
    expect(workspaceNameSchema.parse(' Acme Inc. ')).toBe('Acme Inc.');
    expect(workspaceNameSchema.safeParse('x'.repeat(64)).success).toBe(true);
    expect(messages(workspaceNameSchema.safeParse('x'.repeat(65)))).toEqual([
      'Workspace name must be at most 64 characters',
    ]);
    expect(messages(workspaceNameSchema.safeParse('  '))).toEqual(['Workspace name is required']);
  });

  it('project name is 1–80 characters', () => {
    expect(projectNameSchema.safeParse('x'.repeat(80)).success).toBe(true);
    expect(messages(projectNameSchema.safeParse('x'.repeat(81)))).toEqual([
      'Project name must be at most 80 characters',
    ]);
    expect(messages(projectNameSchema.safeParse(''))).toEqual(['Project name is required']);
  });

  it('issue description is at most 50,000 characters, may be empty and multi-line', () => {
    expect(issueDescriptionSchema.parse('')).toBe('');
    expect(issueDescriptionSchema.parse('  # Heading\n\n\t- item\n')).toBe('# Heading\n\n\t- item');
    expect(issueDescriptionSchema.safeParse('x'.repeat(50_000)).success).toBe(true);
    expect(messages(issueDescriptionSchema.safeParse('x'.repeat(50_001)))).toEqual([
      'Description must be at most 50,000 characters',
    ]);
    expect(issueDescriptionSchema.safeParse('a\u0000b').success).toBe(false);
  });

  it('comment is 1–20,000 characters and multi-line', () => {
    expect(commentBodySchema.parse('Looks good\nto me')).toBe('Looks good\nto me');
    expect(commentBodySchema.safeParse('x'.repeat(20_000)).success).toBe(true);
    expect(messages(commentBodySchema.safeParse('x'.repeat(20_001)))).toEqual([
      'Comment must be at most 20,000 characters',
    ]);
    expect(messages(commentBodySchema.safeParse('\n \t\n'))).toEqual(['Comment is required']);
  });

  it('label name is 1–40 characters', () => {
    expect(labelNameSchema.safeParse('x'.repeat(40)).success).toBe(true);
    expect(messages(labelNameSchema.safeParse('x'.repeat(41)))).toEqual([
      'Label name must be at most 40 characters',
    ]);
    expect(messages(labelNameSchema.safeParse(''))).toEqual(['Label name is required']);
    expect(labelNameSchema.safeParse('bug\nfix').success).toBe(false);
  });
});

describe('workspace URL key (slug)', () => {
  const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
  const slugChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-');
  /** Valid slugs of 3..(maxMiddle+2) characters. */
  const validSlug = (maxMiddle = 30) =>
    fc
      .tuple(alnum, fc.string({ unit: slugChar, minLength: 1, maxLength: maxMiddle }), alnum)
      .map(([a, m, b]) => a + m + b)
      .filter((s) => !(RESERVED_SLUGS as readonly string[]).includes(s));

  it('reserves exactly the SPEC §5 list', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(
      [
        'new',
        'signin',
        'invite',
        'account',
        'api',
        'auth',
        'db',
        'idp',
        'assets',
        'settings',
        'static',
      ].sort(),
    );
  });

  it('accepts every generated valid slug unchanged', () => {
    fc.assert(
      fc.property(validSlug(), (slug) => {
        expect(workspaceSlugSchema.parse(slug)).toBe(slug);
      }),
    );
  });

  it('trims surrounding whitespace', () => {
    expect(workspaceSlugSchema.parse('  acme-2 ')).toBe('acme-2');
  });

  it('accepts the bounds 3 and 32, refuses 2 and 33', () => {
    expect(workspaceSlugSchema.safeParse('abc').success).toBe(true);
    expect(workspaceSlugSchema.safeParse('a'.repeat(32)).success).toBe(true);
    expect(messages(workspaceSlugSchema.safeParse('ab'))).toEqual([
      'URL key must be 3–32 characters',
    ]);
    expect(messages(workspaceSlugSchema.safeParse('a'.repeat(33)))).toEqual([
      'URL key must be 3–32 characters',
    ]);
  });

  it('refuses every length outside 3–32', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: alnum, minLength: 1, maxLength: 2 }),
          fc.string({ unit: alnum, minLength: 33, maxLength: 80 }),
        ),
        (s) => {
          expect(messages(workspaceSlugSchema.safeParse(s))).toEqual([
            'URL key must be 3–32 characters',
          ]);
        },
      ),
    );
  });

  it('refuses empty and missing keys as required', () => {
    expect(messages(workspaceSlugSchema.safeParse(''))).toEqual(['URL key is required']);
    expect(messages(workspaceSlugSchema.safeParse('   '))).toEqual(['URL key is required']);
    expect(messages(workspaceSlugSchema.safeParse(undefined))).toEqual(['URL key is required']);
  });

  it('refuses every reserved slug, also with whitespace around it', () => {
    for (const slug of RESERVED_SLUGS) {
      if (slug.length < 3) {
        expect(workspaceSlugSchema.safeParse(slug).success).toBe(false);
        continue;
      }
      expect(messages(workspaceSlugSchema.safeParse(slug))).toEqual([
        `URL key "${slug}" is reserved`,
      ]);
      expect(messages(workspaceSlugSchema.safeParse(` ${slug} `))).toEqual([
        `URL key "${slug}" is reserved`,
      ]);
    }
  });

  it('refuses slugs that start or end with a hyphen', () => {
    fc.assert(
      fc.property(validSlug(28), fc.constantFrom('start', 'end', 'both'), (slug, where) => {
        const bad = where === 'start' ? `-${slug}` : where === 'end' ? `${slug}-` : `-${slug}-`;
        expect(messages(workspaceSlugSchema.safeParse(bad))).toEqual([
          'URL key must start and end with a letter or digit',
        ]);
      }),
    );
  });

  it('refuses uppercase letters', () => {
    expect(messages(workspaceSlugSchema.safeParse('Acme'))).toEqual([
      'URL key may only use lowercase letters, digits and hyphens',
    ]);
    expect(workspaceSlugSchema.safeParse('API').success).toBe(false);
  });

  it('refuses any character outside a-z 0-9 - placed inside a valid slug', () => {
    const foreign = fc
      .oneof(
        fc.constantFrom('A', 'Z', '_', '.', ' ', '/', 'é', 'ı', 'ﬀ', '😀', '\u0000', '\n', '%'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      )
      .filter((c) => !/^[a-z0-9-]$/.test(c));
    fc.assert(
      fc.property(validSlug(29), foreign, fc.nat(), (slug, c, at) => {
        const i = 1 + (at % (slug.length - 1));
        expect(workspaceSlugSchema.safeParse(slug.slice(0, i) + c + slug.slice(i)).success).toBe(
          false,
        );
      }),
    );
  });
});

describe('project key', () => {
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const upperOrDigit = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  const validKey = fc
    .tuple(upper, fc.string({ unit: upperOrDigit, minLength: 1, maxLength: 4 }))
    .map(([a, b]) => a + b);
  const KEY_MESSAGE = 'Project key must be 2–5 capital letters or digits, starting with a letter';

  it('accepts every key of 2–5 capitals/digits starting with a letter', () => {
    fc.assert(
      fc.property(validKey, (key) => {
        expect(projectKeySchema.parse(key)).toBe(key);
        expect(projectKeySchema.parse(` ${key} `)).toBe(key);
      }),
    );
  });

  it('refuses malformed keys', () => {
    for (const bad of ['', 'E', 'ENGINE', '1EN', 'eng', 'En', 'EN-1', 'EN G', 'ÉNG', 'EN_']) {
      expect(messages(projectKeySchema.safeParse(bad)), bad).toEqual([KEY_MESSAGE]);
    }
    expect(messages(projectKeySchema.safeParse(undefined))).toEqual(['Project key is required']);
  });

  it('refuses keys that are too long or start with a digit', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .tuple(upper, fc.string({ unit: upperOrDigit, minLength: 5, maxLength: 10 }))
            .map(([a, b]) => a + b),
          fc
            .tuple(
              fc.constantFrom(...'0123456789'),
              fc.string({ unit: upperOrDigit, minLength: 1, maxLength: 4 }),
            )
            .map(([a, b]) => a + b),
          validKey.map((k) => k.toLowerCase()).filter((k) => /[a-z]/.test(k)),
        ),
        (key) => {
          expect(messages(projectKeySchema.safeParse(key))).toEqual([KEY_MESSAGE]);
        },
      ),
    );
  });
});

describe('colour', () => {
  const hex = fc.constantFrom(...'0123456789abcdefABCDEF');

  it('accepts every #RRGGBB', () => {
    fc.assert(
      fc.property(fc.string({ unit: hex, minLength: 6, maxLength: 6 }), (h) => {
        expect(colorSchema.parse(`#${h}`)).toBe(`#${h}`);
      }),
    );
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      '#FFF',
      '#FFFFFFF',
      'FFFFFF',
      '#GGGGGG',
      '#12345',
      ' #123456',
      'red',
      '#12345g',
    ]) {
      expect(messages(colorSchema.safeParse(bad)), bad).toEqual(['Colour must look like #RRGGBB']);
    }
    expect(colorSchema.safeParse(undefined).success).toBe(false);
  });

  it('refuses hex strings of any other length', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: hex, maxLength: 12 }).filter((h) => h.length !== 6),
        (h) => {
          expect(colorSchema.safeParse(`#${h}`).success).toBe(false);
        },
      ),
    );
  });
});

describe('estimate', () => {
  it('is empty or a number of some scale: Fibonacci, linear 1–10, T-shirt (1 2 3 5 8)', () => {
    expect([...ALL_ESTIMATES]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 21]);
    expect(estimateSchema.parse(null)).toBeNull();
    for (const e of ALL_ESTIMATES) expect(estimateSchema.parse(e)).toBe(e);
  });

  it('refuses every other number', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.integer({ min: -100, max: 100 }),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
          )
          .filter((n) => !ALL_ESTIMATES.includes(n)),
        (n) => {
          expect(messages(estimateSchema.safeParse(n))).toEqual([
            'Estimate must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 21',
          ]);
        },
      ),
    );
    for (const bad of ['3', Infinity, -Infinity, NaN])
      expect(estimateSchema.safeParse(bad).success).toBe(false);
    expect(estimateSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('priority', () => {
  it('is 0 none, 1 urgent, 2 high, 3 medium, 4 low', () => {
    expect(PRIORITIES.map((p) => [p.value, p.name])).toEqual([
      [0, 'No priority'],
      [1, 'Urgent'],
      [2, 'High'],
      [3, 'Medium'],
      [4, 'Low'],
    ]);
    for (const p of PRIORITIES) expect(prioritySchema.parse(p.value)).toBe(p.value);
  });

  it('refuses anything else with one message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer().filter((n) => n < 0 || n > 4),
          fc.double({ min: 0, max: 4, noNaN: true }).filter((n) => !Number.isInteger(n)),
        ),
        (n) => {
          expect(messages(prioritySchema.safeParse(n))).toEqual(['Priority must be 0–4']);
        },
      ),
    );
    expect(messages(prioritySchema.safeParse('1'))).toEqual(['Priority must be 0–4']);
    expect(prioritySchema.safeParse(null).success).toBe(false);
  });
});

describe('due date', () => {
  const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const daysIn = (y: number, m: number) =>
    [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  const fmt = (y: number, m: number, d: number) =>
    `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

  it('knows leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-12-31')).toBe(true);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-00-10')).toBe(false);
    expect(isCalendarDate('2024-01-00')).toBe(false);
  });

  it('refuses other formats', () => {
    for (const bad of [
      '',
      '2024-1-05',
      '2024-01-5',
      '24-01-05',
      '2024/01/05',
      '2024-01-05T00:00:00Z',
      ' 2024-01-05',
      '20240105',
      '+02024-01-05',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('agrees with the Gregorian calendar for every YYYY-MM-DD with year 1000–9999', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const real = m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
          expect(isCalendarDate(fmt(y, m, d))).toBe(real);
        },
      ),
    );
  });

  it('accepts real dates in years 0001–0099 too (four-digit years, SPEC §5)', () => {
    // Date.UTC maps years 0–99 to 1900–1999, so a naive round-trip check refuses these.
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('0099-12-31')).toBe(true);
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('0003-02-29')).toBe(false);
  });

  it('the schema is empty or a real date, with the SPEC message', () => {
    expect(dueDateSchema.parse(null)).toBeNull();
    expect(dueDateSchema.parse('2025-06-30')).toBe('2025-06-30');
    expect(messages(dueDateSchema.safeParse('2025-06-31'))).toEqual([
      'Due date must be a real date (YYYY-MM-DD)',
    ]);
    expect(dueDateSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('email', () => {
  it('trims and lowercases a valid address', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('refuses invalid addresses', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(messages(emailSchema.safeParse('not-an-email'))).toContain(
      'Enter a valid email address',
    );
    expect(messages(emailSchema.safeParse(undefined))).toEqual(['Email is required']);
  });

  it('refuses addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(20)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(messages(emailSchema.safeParse(long))).toContain('Email is too long');
  });
});

describe('timestamps and roles', () => {
  it('accepts ISO timestamps with Z or an offset', () => {
    for (const ok of [
      '2024-05-01T12:00:00Z',
      '2024-05-01T12:00:00.123Z',
      '2024-05-01T12:00:00+02:00',
    ]) {
      expect(isoTimestampSchema.safeParse(ok).success, ok).toBe(true);
    }
    expect(isoTimestampSchema.safeParse(new Date(0).toISOString()).success).toBe(true);
  });

  it('refuses anything that is not a timestamp', () => {
    for (const bad of [
      '',
      '2024-05-01',
      'yesterday',
      '2024-13-01T00:00:00Z',
      '2024-05-01 12:00:00Z',
    ]) {
      expect(messages(isoTimestampSchema.safeParse(bad)), bad).toEqual(['Must be a timestamp']);
    }
  });

  it('accepts every Date.toISOString()', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (d) => {
          expect(isoTimestampSchema.safeParse(d.toISOString()).success).toBe(true);
        },
      ),
    );
  });

  it('knows exactly the four roles', () => {
    expect([...ROLES]).toEqual(['owner', 'admin', 'member', 'viewer']);
    for (const r of ROLES) expect(roleSchema.parse(r)).toBe(r);
    for (const bad of ['Owner', 'guest', '', null]) {
      expect(messages(roleSchema.safeParse(bad))).toEqual([
        'Role must be owner, admin, member or viewer',
      ]);
    }
  });
});
