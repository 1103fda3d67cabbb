import { problem, type ErrorCode, type FieldError, type Problem } from '@keel/domain';

/** A failure that maps to one entry of the error catalogue (SPEC §8). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly params: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: {
      detail?: string;
      errors?: FieldError[];
      params?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.detail ?? code, { cause: options.cause });
    this.code = code;
    this.errors = options.errors ?? [];
    this.params = options.params ?? {};
  }

  toProblem(): Problem {
    return problem(this.code, { errors: this.errors, params: this.params });
  }
}
