import { errorMessage, type Problem } from '@keel/domain';
import { parseProblem } from './problem.ts';

export type ApiResult =
  | { ok: true; status: number; body: unknown }
  | { ok: false; kind: 'problem'; problem: Problem }
  | { ok: false; kind: 'network' };

/**
 * One call to Keel's own server. The session cookie is HttpOnly and same-origin, so there is
 * nothing to attach; a network failure is reported as such so callers can stay offline-first.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    return { ok: false, kind: 'network' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, body };
  const problem = parseProblem(body) ?? fallbackProblem(response.status);
  return { ok: false, kind: 'problem', problem };
}

export function postJson(path: string, body: unknown): Promise<ApiResult> {
  return apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function fallbackProblem(status: number): Problem {
  // A proxy or a crashed server answers without problem+json; say something true anyway.
  const code = status === 401 ? 'AUTH_REQUIRED' : status === 404 ? 'NOT_FOUND' : 'INTERNAL';
  const title = errorMessage(code, { requestId: 'none' });
  return { type: 'about:blank', title, status, detail: title, code, errors: [] };
}
