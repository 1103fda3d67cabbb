import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeMentionQuery, formatMention, mentionedUserIds, parseMentions } from './mentions.ts';

describe('mentions', () => {
  it('formats and parses a mention', () => {
    const text = `Hi ${formatMention('Grace Hopper', 'u2')} and ${formatMention('Ada', 'u1')}!`;
    expect(parseMentions(text).map((m) => [m.name, m.userId])).toEqual([
      ['Grace Hopper', 'u2'],
      ['Ada', 'u1'],
    ]);
    expect(mentionedUserIds(`${text} ${formatMention('Ada', 'u1')}`)).toEqual(['u2', 'u1']);
  });

  it('ignores ordinary links and e-mail addresses', () => {
    expect(parseMentions('see [docs](https://x.y) or ada@example.com')).toEqual([]);
  });

  it('round-trips any name and id', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        (name, id) => {
          const [m] = parseMentions(`x ${formatMention(name, id)} y`);
          expect(m?.userId).toBe(id);
        },
      ),
    );
  });

  it('finds the query being typed', () => {
    expect(activeMentionQuery('hello @gr', 9)).toEqual({ query: 'gr', start: 6 });
    expect(activeMentionQuery('@', 1)).toEqual({ query: '', start: 0 });
    expect(activeMentionQuery('mail ada@x', 10)).toBeNull();
    expect(activeMentionQuery('@ada done', 9)).toBeNull();
  });
});
