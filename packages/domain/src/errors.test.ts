import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  errorMessage,
  isErrorCode,
  problem,
  type ErrorCode,
} from './errors.ts';

/** SPEC §8: code, status (null where the spec has "—"), and the text with sample values. */
const SPEC: Record<
  ErrorCode,
  { status: number | null; params?: Record<string, string>; text: string }
> = {
  AUTH_REQUIRED: { status: 401, text: 'Your session has ended. Sign in again.' },
  AUTH_FAILED: {
    status: null,
    params: { reason: 'the code expired' },
    text: "Sign-in didn't work: the code expired. Try again.",
  },
  FORBIDDEN: { status: 403, text: "You don't have permission to do that. Ask a workspace admin." },
  NOT_FOUND: { status: 404, text: "This page doesn't exist, or you don't have access to it." },
  VALIDATION_FAILED: { status: 422, text: 'Check the highlighted fields.' },
  SLUG_TAKEN: { status: 409, text: 'That URL key is taken. Try another.' },
  PROJECT_KEY_TAKEN: {
    status: 409,
    params: { key: 'ENG' },
    text: 'A project with key ENG already exists.',
  },
  INVITE_EXPIRED: { status: 410, text: 'This invitation has expired. Ask for a new one.' },
  INVITE_REVOKED: { status: 410, text: 'This invitation was withdrawn.' },
  ALREADY_MEMBER: {
    status: 409,
    params: { workspace: 'Acme' },
    text: "You're already a member of Acme.",
  },
  LAST_OWNER: { status: 409, text: 'A workspace needs an owner. Transfer ownership first.' },
  RATE_LIMITED: { status: 429, text: 'Too many attempts. Wait a minute and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, text: "That's too large to save." },
  DB_UNAVAILABLE: {
    status: 503,
    text: "The server can't reach its database. Your changes are safe on this device and will sync later.",
  },
  IDP_UNAVAILABLE: {
    status: 503,
    text: 'Sign-in is unavailable right now. Try again in a few minutes.',
  },
  INTERNAL: {
    status: 500,
    params: { requestId: 'req-123' },
    text: 'Something went wrong. Reference: req-123.',
  },
  TOKEN_INVALID: { status: 401, text: 'That API token is not valid or has been revoked.' },
  SCOPE_REQUIRED: { status: 403, text: 'That API token can only read.' },
  SIGNATURE_INVALID: { status: 401, text: "That request's signature is not valid." },
  UNSUPPORTED_MEDIA: { status: 415, text: "That kind of file can't be attached." },
  QUOTA_EXCEEDED: {
    status: 507,
    text: 'This workspace has no room left for files. Ask an admin.',
  },
  SYNC_REJECTED: {
    status: null,
    params: { key: 'ENG-12', reason: 'Title is required' },
    text: "Your change to ENG-12 wasn't saved: Title is required. It was undone; your text is kept under Rejected changes.",
  },
  OFFLINE: {
    status: null,
    text: "You're offline. Changes are saved on this device and will sync when you reconnect.",
  },
  STORAGE_FULL: {
    status: null,
    text: 'This device has no room left for offline data. Free some space or clear old workspaces in Account.',
  },
};

describe('error catalogue (SPEC §8)', () => {
  it('has exactly the codes of the spec', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('has the statuses of the spec', () => {
    for (const code of ERROR_CODES) {
      const expected = SPEC[code].status;
      if (expected !== null) expect(ERROR_CATALOGUE[code].status, code).toBe(expected);
      else expect(Number.isInteger(ERROR_CATALOGUE[code].status), code).toBe(true);
    }
  });

  it('says what the spec says, with placeholders filled', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(code, SPEC[code].params), code).toBe(SPEC[code].text);
    }
  });

  it('leaves no placeholder in a message once its parameters are given', () => {
    for (const code of ERROR_CODES)
      expect(errorMessage(code, SPEC[code].params)).not.toMatch(/\{\w+\}/);
  });

  it('keeps a placeholder whose parameter is missing', () => {
    expect(errorMessage('PROJECT_KEY_TAKEN')).toBe('A project with key {key} already exists.');
    expect(errorMessage('PROJECT_KEY_TAKEN', { other: 'x' })).toBe(
      'A project with key {key} already exists.',
    );
  });

  it('does not take placeholder values from the object prototype', () => {
    expect(errorMessage('INTERNAL', {})).toBe('Something went wrong. Reference: {requestId}.');
    const sneaky = Object.create({ requestId: 'inherited' }) as Record<string, string>;
    expect(errorMessage('INTERNAL', sneaky)).toBe('Something went wrong. Reference: {requestId}.');
  });

  it('inserts any parameter value literally (no $-patterns, no second substitution)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        expect(errorMessage('PROJECT_KEY_TAKEN', { key: value })).toBe(
          `A project with key ${value} already exists.`,
        );
      }),
    );
    expect(errorMessage('SYNC_REJECTED', { key: '{reason}', reason: '$&' })).toBe(
      "Your change to {reason} wasn't saved: $&. It was undone; your text is kept under Rejected changes.",
    );
  });
});

describe('isErrorCode', () => {
  it('accepts every catalogue code', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
  });

  it('refuses anything else, including prototype keys', () => {
    for (const v of [
      '',
      'forbidden',
      'UNKNOWN',
      'toString',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      403,
      null,
      undefined,
      {},
    ]) {
      expect(isErrorCode(v)).toBe(false);
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isErrorCode(s)).toBe((ERROR_CODES as string[]).includes(s));
      }),
    );
  });
});

describe('problem (RFC 9457 body, SPEC §7)', () => {
  it('builds the full body for a code', () => {
    const errors = [{ path: 'title', message: 'Title is required' }];
    expect(problem('VALIDATION_FAILED', { errors })).toEqual({
      type: 'https://keel.dev/errors/validation-failed',
      title: 'Check the highlighted fields.',
      status: 422,
      detail: 'Check the highlighted fields.',
      code: 'VALIDATION_FAILED',
      errors,
    });
  });

  it('fills placeholders in the title and keeps an explicit detail', () => {
    const p = problem('PROJECT_KEY_TAKEN', { params: { key: 'ENG' }, detail: 'key ENG' });
    expect(p.title).toBe('A project with key ENG already exists.');
    expect(p.detail).toBe('key ENG');
    expect(p.status).toBe(409);
    expect(p.errors).toEqual([]);
  });

  it('has the catalogue status, a kebab-case type URL and a matching code for every code', () => {
    for (const code of ERROR_CODES) {
      const p = problem(code);
      expect(p.code).toBe(code);
      expect(p.status).toBe(ERROR_CATALOGUE[code].status);
      expect(p.type).toBe(`https://keel.dev/errors/${code.toLowerCase().replace(/_/g, '-')}`);
      expect(p.type).toMatch(/^https:\/\/keel\.dev\/errors\/[a-z]+(-[a-z]+)*$/);
      expect(p.detail).toBe(p.title);
      expect(Array.isArray(p.errors)).toBe(true);
    }
  });
});
