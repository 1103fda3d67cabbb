import { describe, it, expect } from 'vitest';
import { relationDocSchema } from './documents.ts';
import fc from 'fast-check';
import {
  DOC_TYPES,
  docId,
  formatIssueKey,
  idTail,
  newDocId,
  newIdTail,
  parseIssueKey,
  relationId,
  typeOfId,
  cycleId,
  newAttachmentId,
  uploaderOfAttachment,
} from './ids.ts';

const tail = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
// A relation's tail is its kind and its two issues (`relationId`), a cycle's its project and
// number (`cycleId`), a favourite's its person and target (`favoriteId`): never a free one.
const FIXED_TAILS: readonly string[] = ['relation', 'cycle', 'favorite', 'attachment'];
const docType = fc.constantFrom(...DOC_TYPES.filter((t) => !FIXED_TAILS.includes(t)));
const projectKey = fc.stringMatching(/^[A-Z][A-Z0-9]{1,4}$/);
const issueNumber = fc.integer({ min: 1, max: 999_999_999 });

describe('document ids', () => {
  it('lists the workspace document types of SPEC §3, §10 and §11, and conflict entries', () => {
    expect([...DOC_TYPES].sort()).toEqual(
      [
        'activity',
        'comment',
        'issue',
        'label',
        'member',
        'project',
        'readMarker',
        'conflict',
        'relation',
        'cycle',
        'milestone',
        'view',
        'favorite',
        // SPEC §11: what the server tells admins (a webhook turned off).
        'notice',
        // SPEC §11: pull requests and commits linked on issues.
        'link',
        // SPEC §11: what the server found of a file pasted or dropped into an issue.
        'attachment',
      ].sort(),
    );
  });

  it('round-trips type and tail through docId', () => {
    fc.assert(
      fc.property(docType, tail, (type, t) => {
        const id = docId(type, t);
        expect(id).toBe(`${type}:${t}`);
        expect(typeOfId(id)).toBe(type);
        expect(idTail(id)).toBe(t);
      }),
    );
  });

  it('refuses ids that are not well-formed Keel ids', () => {
    const bad = [
      '',
      'issue',
      'issue:',
      ':abc',
      '_design/keel',
      '_design/x:abc',
      '_local/checkpoint',
      '_local:abc',
      'Issue:abc',
      'bug:abc',
      'issue:a b',
      'issue:a:b',
      'issue:a/b',
      'issue:é',
      `issue:${'a'.repeat(65)}`,
      'constructor:abc',
      '__proto__:abc',
      'toString:abc',
    ];
    for (const id of bad) expect(typeOfId(id), id).toBeNull();
  });

  it('accepts a 64-character tail', () => {
    expect(typeOfId(`comment:${'a'.repeat(64)}`)).toBe('comment');
  });

  it('for any string, a recognised id is exactly type + ":" + a valid tail', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.tuple(docType, fc.string({ maxLength: 70 })).map(([t, s]) => `${t}:${s}`),
        ),
        (id) => {
          const type = typeOfId(id);
          if (type === null) return;
          expect(DOC_TYPES).toContain(type);
          expect(id).toBe(docId(type, idTail(id)));
          expect(idTail(id)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        },
      ),
    );
  });

  it('never recognises CouchDB design or local documents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('_design/', '_local/', '_'),
        fc.string({ maxLength: 40 }),
        (prefix, rest) => {
          expect(typeOfId(prefix + rest)).toBeNull();
        },
      ),
    );
  });

  it('makes random tails that are valid and distinct', () => {
    const tails = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const t = newIdTail();
      expect(t).toMatch(/^[0-9a-f]{32}$/);
      tails.add(t);
    }
    expect(tails.size).toBe(1_000);
  });

  it('makes new ids of the asked type', () => {
    for (const type of DOC_TYPES.filter((t) => !FIXED_TAILS.includes(t))) {
      const id = newDocId(type);
      expect(typeOfId(id)).toBe(type);
      expect(id.length).toBeLessThanOrEqual(120);
    }
  });
});

describe('attachment ids', () => {
  it('start with their uploader’s id, so another member cannot take one first', () => {
    const id = newAttachmentId('user_1');
    expect(typeOfId(id)).toBe('attachment');
    expect(uploaderOfAttachment(id)).toBe('user_1');
    expect(id.length).toBeLessThanOrEqual(120);
    for (const bad of ['attachment:abc', 'attachment:u1.short', 'attachment:.abcdefghij'])
      expect(uploaderOfAttachment(bad), bad).toBeNull();
  });
});

describe('cycle ids', () => {
  it('are one per project and number', () => {
    expect(cycleId('project:p1', 12)).toBe('cycle:p1.12');
    expect(typeOfId(cycleId('project:p1', 12))).toBe('cycle');
    for (const bad of ['cycle:p1', 'cycle:p1.0', 'cycle:p1.01', 'cycle:p1.x', 'cycle:p.1.2'])
      expect(typeOfId(bad), bad).toBeNull();
    expect(cycleId(`project:${'a'.repeat(64)}`, 999_999).length).toBeLessThanOrEqual(80);
  });
});

describe('relation ids', () => {
  it('are one per kind and pair, whichever way round the pair is given', () => {
    expect(relationId('blocks', 'issue:b2', 'issue:a1')).toBe('relation:blocks.a1.b2');
    expect(relationId('blocks', 'issue:a1', 'issue:b2')).toBe('relation:blocks.a1.b2');
    expect(typeOfId(relationId('duplicates', 'issue:a1', 'issue:b2'))).toBe('relation');
    fc.assert(
      fc.property(tail, tail, fc.constantFrom('blocks', 'relates', 'duplicates'), (a, b, kind) => {
        const id = relationId(kind, `issue:${a}`, `issue:${b}`);
        expect(id).toBe(relationId(kind, `issue:${b}`, `issue:${a}`));
        expect(typeOfId(id)).toBe('relation');
      }),
    );
  });

  it('fit the schema with the longest issue tails', () => {
    const long = 'x'.repeat(64);
    const id = relationId('duplicates', `issue:a${long.slice(1)}`, `issue:${long}`);
    expect(typeOfId(id)).toBe('relation');
    const doc = {
      _id: id,
      type: 'relation',
      fromIssueId: `issue:a${long.slice(1)}`,
      toIssueId: `issue:${long}`,
      kind: 'duplicates',
      createdBy: 'u1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(relationDocSchema.safeParse(doc).success).toBe(true);
  });

  it('refuse a free tail, another kind or a missing issue', () => {
    for (const id of [
      'relation:x1',
      'relation:follows.a.b',
      'relation:blocks.a',
      'relation:blocks..b',
    ])
      expect(typeOfId(id), id).toBeNull();
  });
});

describe('issue keys', () => {
  it('formats <project key>-<number>', () => {
    expect(formatIssueKey('ENG', 42)).toBe('ENG-42');
  });

  it('parses what it formats', () => {
    fc.assert(
      fc.property(projectKey, issueNumber, (key, n) => {
        expect(parseIssueKey(formatIssueKey(key, n))).toEqual({ projectKey: key, number: n });
      }),
    );
  });

  it('is case-insensitive when parsing', () => {
    expect(parseIssueKey('eng-42')).toEqual({ projectKey: 'ENG', number: 42 });
    fc.assert(
      fc.property(projectKey, issueNumber, (key, n) => {
        expect(parseIssueKey(`${key.toLowerCase()}-${n}`)).toEqual({ projectKey: key, number: n });
      }),
    );
  });

  it('refuses malformed keys', () => {
    for (const bad of [
      '',
      'ENG',
      'ENG-',
      'ENG42',
      '-42',
      'ENG-0',
      'ENG-042',
      'ENG--1',
      'ENG-1.5',
      'E-1',
      'ENGINE-1',
      '1EN-1',
      'ENG-1000000000',
      ' ENG-1',
      'ENG-1 ',
      'ENG-1x',
    ]) {
      expect(parseIssueKey(bad), bad).toBeNull();
    }
  });

  it('accepts the largest issue number', () => {
    expect(parseIssueKey('AB-999999999')).toEqual({ projectKey: 'AB', number: 999_999_999 });
  });
});
