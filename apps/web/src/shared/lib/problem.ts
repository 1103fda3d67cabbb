import { isErrorCode, type FieldError, type Problem } from '@keel/domain';

/** Read a problem+json body defensively: anything malformed becomes null. */
export function parseProblem(body: unknown): Problem | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.title !== 'string' || !isErrorCode(b.code)) return null;
  const errors: FieldError[] = Array.isArray(b.errors)
    ? b.errors.flatMap((e: unknown) => {
        if (typeof e !== 'object' || e === null) return [];
        const { path, message } = e as Record<string, unknown>;
        return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
      })
    : [];
  return {
    type: typeof b.type === 'string' ? b.type : 'about:blank',
    title: b.title,
    status: typeof b.status === 'number' ? b.status : 0,
    detail: typeof b.detail === 'string' ? b.detail : b.title,
    code: b.code,
    errors,
    ...(typeof b.requestId === 'string' ? { requestId: b.requestId } : {}),
  };
}

/** Field errors keyed by path; the first message for a path wins. */
export function fieldErrorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { path, message } of errors) map[path] ??= message;
  return map;
}
