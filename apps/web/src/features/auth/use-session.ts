import { useSyncExternalStore } from 'react';
import type { MeResponse } from '@keel/domain';
import { sessionStore, type Session } from './session-store.ts';

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The signed-in identity; only for components rendered under RequireAuth. */
export function useMe(): MeResponse {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useMe outside RequireAuth');
  return session.me;
}
