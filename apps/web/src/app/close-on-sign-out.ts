import { sessionStore } from '../features/auth/index.ts';
import { closeWorkspaceSession } from '../data/open-session.ts';

/** Stop syncing as soon as the session ends, whichever screen noticed (a 401, sign-out). */
export function closeWorkspaceOnSignOut(): () => void {
  return sessionStore.subscribe(() => {
    if (sessionStore.get().status === 'signed-out') closeWorkspaceSession();
  });
}
