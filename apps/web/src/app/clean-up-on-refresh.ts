import { sessionStore } from '../features/auth/index.ts';
import { cleanUpRemovedWorkspaces } from '../data/removal/clean-up-removed.ts';

/**
 * Each time the server says who is signed in and where (every load, every reconnect, and after
 * a workspace's sync is refused with 404), drop the device's copies of workspaces they left.
 */
export function cleanUpRemovedOnRefresh(): () => void {
  let last = sessionStore.get();
  return sessionStore.subscribe(() => {
    const session = sessionStore.get();
    if (session === last) return;
    last = session;
    if (session.status === 'signed-in') void cleanUpRemovedWorkspaces(session.me);
  });
}
