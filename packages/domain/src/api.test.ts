import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  createWorkspaceBody,
  meResponseSchema,
  numberBlockSchema,
  safeReturnTo,
  workspaceSummarySchema,
} from './api.ts';

const ORIGIN = 'https://keel.example';

describe('safeReturnTo', () => {
  it('accepts local paths', () => {
    for (const path of [
      '/',
      '/acme/issues?x=1',
      '/acme/issues/ENG-1#comment-3',
      '/acme/a:b',
      '/a/b?next=//x',
    ]) {
      expect(safeReturnTo(path), path).toBe(path);
    }
  });

  it('refuses other hosts, schemes and malformed values', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/acme',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/acme\\..\\evil',
      'https://evil.example',
      'http://evil.example/acme',
      'https:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'evil.example',
      'acme/issues',
      '',
      ' /acme',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/acme\u0000',
      '/acme\u007F',
    ]) {
      expect(safeReturnTo(bad), JSON.stringify(bad)).toBe('/');
    }
  });

  it('refuses non-strings and overlong values', () => {
    for (const bad of [undefined, null, 1, ['/acme'], { toString: () => '/acme' }]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
    expect(safeReturnTo(`/${'a'.repeat(1_999)}`)).toBe(`/${'a'.repeat(1_999)}`);
    expect(safeReturnTo(`/${'a'.repeat(2_000)}`)).toBe('/');
  });

  it('returns the given fallback', () => {
    expect(safeReturnTo('//evil.example', '/acme')).toBe('/acme');
    expect(safeReturnTo('/ok', '/acme')).toBe('/ok');
  });

  it('never yields a target on another origin, whatever the input', () => {
    const tricky = fc.constantFrom(
      '/',
      '\\',
      ':',
      '.',
      '@',
      '%',
      '?',
      '#',
      ' ',
      '\t',
      '\n',
      'a',
      'evil',
      'http',
      '//',
      '%2F',
      '\u3002',
      '\uFF0F',
      '\u0000',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: tricky, maxLength: 12 }),
          fc.string({ unit: 'binary', maxLength: 20 }),
        ),
        (s) => {
          const out = safeReturnTo(s);
          expect(out === s || out === '/').toBe(true);
          expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
          expect(out.startsWith('/')).toBe(true);
          expect(out.startsWith('//')).toBe(false);
        },
      ),
    );
  });

  it('keeps every plain local path unchanged', () => {
    const pathChar = fc.constantFrom(...'abcXYZ019-_.~/?=&#%:@!$'.split(''));
    fc.assert(
      fc.property(
        fc.string({ unit: pathChar, maxLength: 60 }).filter((s) => !s.startsWith('/')),
        (rest) => {
          expect(safeReturnTo(`/${rest}`)).toBe(`/${rest}`);
        },
      ),
    );
  });
});

describe('createWorkspaceBody', () => {
  it('accepts and normalises a name and slug', () => {
    expect(createWorkspaceBody.parse({ name: '  Acme ', slug: ' acme ' })).toEqual({
      name: 'Acme',
      slug: 'acme',
    });
  });

  it('reports each field by path', () => {
    const result = createWorkspaceBody.safeParse({ name: '', slug: 'api' });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['name', 'Workspace name is required'],
      ['slug', 'URL key "api" is reserved'],
    ]);
  });

  it('refuses unknown keys', () => {
    expect(createWorkspaceBody.safeParse({ name: 'Acme', slug: 'acme', owner: 'x' }).success).toBe(
      false,
    );
  });
});

describe('response schemas', () => {
  const summary = { id: 'w1', slug: 'acme', name: 'Acme', role: 'member' };

  it('parses /api/me', () => {
    const me = {
      user: { id: 'u1', email: 'a@example.com', name: 'Ada', avatarUrl: null },
      workspaces: [summary],
    };
    expect(meResponseSchema.parse(me)).toEqual(me);
    expect(
      meResponseSchema.safeParse({ ...me, workspaces: [{ ...summary, role: 'guest' }] }).success,
    ).toBe(false);
    expect(meResponseSchema.safeParse({ workspaces: [] }).success).toBe(false);
  });

  it('parses a workspace summary with a role', () => {
    expect(workspaceSummarySchema.parse(summary)).toEqual(summary);
    expect(workspaceSummarySchema.safeParse({ ...summary, role: undefined }).success).toBe(false);
  });

  it('parses a block of issue numbers of positive integers', () => {
    expect(numberBlockSchema.parse({ projectId: 'project:p1', start: 1, end: 20 })).toEqual({
      projectId: 'project:p1',
      start: 1,
      end: 20,
    });
    expect(numberBlockSchema.safeParse({ projectId: 'p', start: 0, end: 20 }).success).toBe(false);
    expect(numberBlockSchema.safeParse({ projectId: 'p', start: 1.5, end: 20 }).success).toBe(
      false,
    );
    expect(numberBlockSchema.safeParse({ projectId: 'p', start: 1 }).success).toBe(false);
  });
});
