import { errorMessage, isErrorCode } from '@keel/domain';

/**
 * The message for `/signin?error=…`. The server sends either a catalogue code (with an optional
 * `reason`) or a bare reason, which is read as a failed sign-in.
 */
export function signInErrorMessage(error: string | null, reason: string | null): string | null {
  if (!error) return null;
  if (isErrorCode(error)) {
    return errorMessage(error, { reason: reason || 'the sign-in service refused it' });
  }
  return errorMessage('AUTH_FAILED', { reason: error });
}
