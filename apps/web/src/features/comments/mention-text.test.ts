import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMention } from '@keel/domain';
import {
  applyTextChange,
  fromStored,
  mentionName,
  toStored,
  type KnownMentions,
  type MentionText,
} from './mention-text.ts';

const ada = formatMention('Ada Lovelace', 'u1');
const grace = formatMention('Grace', 'u2');
const known: KnownMentions = new Map([
  ['Ada Lovelace', 'u1'],
  ['Grace', 'u2'],
]);

/** Type `inserted` over [from, to) of the shown text, the caret ending after it. */
function edit(value: MentionText, from: number, to: number, inserted: string): MentionText {
  const next = value.text.slice(0, from) + inserted + value.text.slice(to);
  return applyTextChange(value, next, from + inserted.length, known);
}

describe('fromStored and toStored', () => {
  it('show mentions as names and store them as before', () => {
    const stored = `Thanks ${ada}, and ${grace}!`;
    const shown = fromStored(stored);
    expect(shown.text).toBe('Thanks @Ada Lovelace, and @Grace!');
    expect(shown.mentions.map((m) => [shown.text.slice(m.start, m.end), m.userId])).toEqual([
      ['@Ada Lovelace', 'u1'],
      ['@Grace', 'u2'],
    ]);
    expect(toStored(shown)).toBe(stored);
  });

  it('round-trip any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constant(ada), fc.constant(grace)), { maxLength: 6 }),
        (parts) => {
          const stored = parts.join('');
          expect(toStored(fromStored(stored))).toBe(stored);
        },
      ),
    );
  });

  it('round-trips a mention right after a stray "@["', () => {
    // Found by the property above: the stray "@[" was read as the start of the mention.
    const stored = `@[${grace}`;
    expect(fromStored(stored).text).toBe('@[@Grace');
    expect(toStored(fromStored(stored))).toBe(stored);
  });

  it('names a mention as it is stored', () => {
    expect(mentionName('Ada [the first]', 'u1')).toBe('Ada  the first');
  });
});

describe('applyTextChange', () => {
  const start = fromStored(`Hi ${ada} and ${grace}`); // "Hi @Ada Lovelace and @Grace"

  it('moves mentions after a change and keeps those before it', () => {
    const typed = edit(start, 0, 0, 'Oh, ');
    expect(toStored(typed)).toBe(`Oh, Hi ${ada} and ${grace}`);
    const between = edit(start, 17, 20, 'or');
    expect(toStored(between)).toBe(`Hi ${ada} or ${grace}`);
  });

  it('types right after a mention without touching it', () => {
    const end = start.text.length;
    expect(toStored(edit(start, end, end, '!'))).toBe(`Hi ${ada} and ${grace}!`);
    // Right at its end, where the letter before repeats the one typed.
    const atAda = 16; // after "@Ada Lovelace"
    expect(toStored(edit(start, atAda, atAda, 'e'))).toBe(`Hi ${ada}e and ${grace}`);
  });

  it('turns a mention edited inside into plain text', () => {
    const cut = edit(start, 6, 7, ''); // "@Ada" loses its "a"
    expect(toStored(cut)).toBe(`Hi @Ad Lovelace and ${grace}`);
  });

  it('brings a known mention back when its text returns whole (redo, paste)', () => {
    const undone = applyTextChange(start, 'Hi @A and @Grace', 5, known);
    expect(toStored(undone)).toBe(`Hi @A and ${grace}`);
    const redone = applyTextChange(undone, start.text, 16, known);
    expect(toStored(redone)).toBe(toStored(start));
    // Pasted: the longest known name wins, and only at the start of a word.
    const pasted = edit(fromStored(''), 0, 0, 'cc @Ada Lovelace, x@Grace @Graceful');
    expect(toStored(pasted)).toBe(`cc ${ada}, x@Grace @Graceful`);
  });

  it('never leaves a mention whose place does not read its name', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.nat(40), length: fc.nat(5), text: fc.string({ maxLength: 4 }) }),
          { maxLength: 8 },
        ),
        (edits) => {
          let value = start;
          for (const e of edits) {
            const from = Math.min(e.at, value.text.length);
            value = edit(value, from, Math.min(from + e.length, value.text.length), e.text);
            for (const m of value.mentions)
              expect(value.text.slice(m.start, m.end)).toBe(`@${m.name}`);
            // Typed "@[" can read as the start of a stored mention: the one text that doesn't
            // come back the same.
            if (!value.text.includes('@['))
              expect(fromStored(toStored(value)).text).toBe(value.text);
          }
        },
      ),
    );
  });
});
