import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-error.ts';

describe('signInErrorMessage', () => {
  it('says nothing without an error', () => {
    expect(signInErrorMessage(null, null)).toBeNull();
  });

  it('fills the reason into AUTH_FAILED', () => {
    expect(signInErrorMessage('AUTH_FAILED', 'the link expired')).toBe(
      "Sign-in didn't work: the link expired. Try again.",
    );
  });

  it('reads a bare reason as a failed sign-in', () => {
    expect(signInErrorMessage('access_denied', null)).toBe(
      "Sign-in didn't work: access_denied. Try again.",
    );
  });

  it('shows other catalogue messages as they are', () => {
    expect(signInErrorMessage('IDP_UNAVAILABLE', null)).toBe(
      'Sign-in is unavailable right now. Try again in a few minutes.',
    );
  });
});
