/** SPEC §8 — the error catalogue. One place for codes, HTTP statuses and what the user reads. */
export const ERROR_CATALOGUE = {
  AUTH_REQUIRED: { status: 401, message: 'Your session has ended. Sign in again.' },
  AUTH_FAILED: { status: 400, message: "Sign-in didn't work: {reason}. Try again." },
  FORBIDDEN: {
    status: 403,
    message: "You don't have permission to do that. Ask a workspace admin.",
  },
  NOT_FOUND: { status: 404, message: "This page doesn't exist, or you don't have access to it." },
  VALIDATION_FAILED: { status: 422, message: 'Check the highlighted fields.' },
  SLUG_TAKEN: { status: 409, message: 'That URL key is taken. Try another.' },
  PROJECT_KEY_TAKEN: { status: 409, message: 'A project with key {key} already exists.' },
  INVITE_EXPIRED: { status: 410, message: 'This invitation has expired. Ask for a new one.' },
  INVITE_REVOKED: { status: 410, message: 'This invitation was withdrawn.' },
  ALREADY_MEMBER: { status: 409, message: "You're already a member of {workspace}." },
  LAST_OWNER: { status: 409, message: 'A workspace needs an owner. Transfer ownership first.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Wait a minute and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: "That's too large to save." },
  DB_UNAVAILABLE: {
    status: 503,
    message:
      "The server can't reach its database. Your changes are safe on this device and will sync later.",
  },
  IDP_UNAVAILABLE: {
    status: 503,
    message: 'Sign-in is unavailable right now. Try again in a few minutes.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong. Reference: {requestId}.' },
  TOKEN_INVALID: { status: 401, message: 'That API token is not valid or has been revoked.' },
  SCOPE_REQUIRED: { status: 403, message: 'That API token can only read.' },
  SIGNATURE_INVALID: { status: 401, message: "That request's signature is not valid." },
  UNSUPPORTED_MEDIA: { status: 415, message: "That kind of file can't be attached." },
  QUOTA_EXCEEDED: {
    status: 507,
    message: 'This workspace has no room left for files. Ask an admin.',
  },
  SYNC_REJECTED: {
    status: 422,
    message:
      "Your change to {key} wasn't saved: {reason}. It was undone; your text is kept under Rejected changes.",
  },
  OFFLINE: {
    status: 0,
    message: "You're offline. Changes are saved on this device and will sync when you reconnect.",
  },
  STORAGE_FULL: {
    status: 0,
    message:
      'This device has no room left for offline data. Free some space or clear old workspaces in Account.',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The catalogue message with its {placeholders} filled in. */
export function errorMessage(code: ErrorCode, params: Record<string, string> = {}): string {
  return ERROR_CATALOGUE[code].message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export interface FieldError {
  path: string;
  message: string;
}

/** The body of every `/api` error (RFC 9457 problem+json) and of every refused document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors: FieldError[];
  requestId?: string;
}

export function problem(
  code: ErrorCode,
  options: { detail?: string; errors?: FieldError[]; params?: Record<string, string> } = {},
): Problem {
  const title = errorMessage(code, options.params);
  return {
    type: `https://keel.dev/errors/${code.toLowerCase().replaceAll('_', '-')}`,
    title,
    status: ERROR_CATALOGUE[code].status,
    detail: options.detail ?? title,
    code,
    errors: options.errors ?? [],
  };
}
