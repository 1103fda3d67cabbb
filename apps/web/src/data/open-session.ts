import { sessionKey, WorkspaceSession, type SessionParams } from './workspace-session.ts';

/** The one workspace session open on this page. */

let current: WorkspaceSession | null = null;

/**
 * The session for a workspace, opened once and shared by every component of the page. Opening
 * another workspace closes the previous one: only the workspace on screen syncs.
 */
export function acquireWorkspaceSession(params: SessionParams): WorkspaceSession {
  if (current?.key === sessionKey(params.userId, params.slug)) {
    current.role = params.role;
    return current;
  }
  void current?.close();
  current = new WorkspaceSession(params);
  return current;
}

/**
 * Close the session of this workspace if it is open. Resolves once its replica is closed: a
 * replica opened again meanwhile would share the connection being closed, and its reads fail.
 */
export async function closeWorkspaceSessionFor(userId: string, slug: string): Promise<void> {
  if (current?.key !== sessionKey(userId, slug)) return;
  const closing = current.close();
  current = null;
  await closing;
}

/** Close whatever is open, before the device's data is deleted. */
export function closeWorkspaceSession(): void {
  void current?.close();
  current = null;
}
