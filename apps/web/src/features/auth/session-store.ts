import { meResponseSchema, type MeResponse, type WorkspaceSummary } from '@keel/domain';
import { apiFetch } from '../../shared/lib/api-client.ts';
import { createValueStore } from '../../shared/lib/value-store.ts';
import { clearCachedMe, readCachedMe, writeCachedMe } from './me-cache.ts';

/**
 * Who is signed in. `checking` only happens on a device with nothing cached; `unreachable`
 * means that, and the server could not be asked either (offline on first use).
 */
export type Session =
  | { status: 'checking' }
  | { status: 'signed-in'; me: MeResponse }
  | { status: 'signed-out' }
  | { status: 'unreachable' };

function initialSession(): Session {
  const cached = readCachedMe();
  return cached ? { status: 'signed-in', me: cached } : { status: 'checking' };
}

export const sessionStore = createValueStore<Session>(initialSession());

function signedIn(me: MeResponse) {
  writeCachedMe(me);
  sessionStore.set({ status: 'signed-in', me });
}

function signedOut() {
  clearCachedMe();
  sessionStore.set({ status: 'signed-out' });
}

let inFlight: Promise<void> | null = null;

/** Ask the server who we are. Offline keeps whatever the device already knows. */
export function refreshSession(): Promise<void> {
  inFlight ??= (async () => {
    const result = await apiFetch('/api/me');
    if (result.ok) {
      const parsed = meResponseSchema.safeParse(result.body);
      if (parsed.success) signedIn(parsed.data);
    } else if (result.kind === 'problem' && result.problem.status === 401) {
      signedOut();
    } else if (sessionStore.get().status === 'checking') {
      sessionStore.set({ status: 'unreachable' });
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Record a workspace the server just created, before the next /api/me confirms it. */
export function addWorkspaceToSession(workspace: WorkspaceSummary): void {
  const session = sessionStore.get();
  if (session.status !== 'signed-in') return;
  const others = session.me.workspaces.filter((w) => w.id !== workspace.id);
  signedIn({ ...session.me, workspaces: [...others, workspace] });
}

/** Forget a workspace the user just left or deleted, before the next /api/me confirms it. */
export function removeWorkspaceFromSession(slug: string): void {
  const session = sessionStore.get();
  if (session.status !== 'signed-in') return;
  signedIn({ ...session.me, workspaces: session.me.workspaces.filter((w) => w.slug !== slug) });
}

/**
 * End the session on the server (best effort when offline) and forget it on this device.
 * Resolves to the provider's end-session address when there is one: the caller goes there so
 * the provider's own session ends too, otherwise "Sign in" would let the same person straight
 * back in. Until then the screen stays as it is, rather than flashing the sign-in page.
 */
export async function signOut(): Promise<string | null> {
  const result = await apiFetch('/auth/logout', { method: 'POST' });
  clearCachedMe();
  const url = result.ok ? (result.body as { endSessionUrl?: unknown } | null)?.endSessionUrl : null;
  if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  signedOut();
  return null;
}
