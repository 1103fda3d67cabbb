import { errorMessage, type FieldError, type Problem } from '@keel/domain';
import { z } from 'zod';
import { apiFetch } from './api-client.ts';

/** A call's result: the parsed answer, or the catalogue message a screen can show as is. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; code: Problem['code'] | 'OFFLINE'; errors: FieldError[] };

// A 204 has no body; anything is fine.
export const NO_CONTENT = z.unknown().transform((): undefined => undefined);

/** One call to Keel's `/api` whose answer is parsed with a domain schema. */
export async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: string; body?: unknown } = {},
): Promise<Outcome<z.output<S>>> {
  const result = await apiFetch(path, {
    method: init.method ?? 'GET',
    ...(init.body !== undefined
      ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
  if (!result.ok) {
    if (result.kind === 'network')
      return { ok: false, message: errorMessage('OFFLINE'), code: 'OFFLINE', errors: [] };
    const { problem } = result;
    return { ok: false, message: problem.title, code: problem.code, errors: problem.errors };
  }
  const parsed = schema.safeParse(result.body);
  if (!parsed.success)
    return {
      ok: false,
      message: errorMessage('INTERNAL', { requestId: 'unexpected answer' }),
      code: 'INTERNAL',
      errors: [],
    };
  return { ok: true, value: parsed.data };
}
