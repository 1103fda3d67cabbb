import { useEffect } from 'react';
import { useParams } from 'react-router';
import { refreshSession, rememberWorkspace, useMe } from '../../features/auth/index.ts';
import { WorkspaceProvider } from '../../data/workspace-context.tsx';
import { closeWorkspaceSession } from '../../data/open-session.ts';
import { NotFoundPage } from '../routes/not-found-page.tsx';
import { AppShell } from './app-shell.tsx';
import { useLostWorkspace } from './use-lost-workspace.ts';

const recheckSession = () => void refreshSession();

/**
 * `/:ws/*`: a workspace the user belongs to (per /api/me, cached on the device) opens its
 * replica and the shell; anything else is "not found", never a hint that it exists.
 */
export function WorkspaceLayout() {
  const { ws } = useParams();
  const me = useMe();
  const workspace = me.workspaces.find((w) => w.slug === ws);
  useLostWorkspace(ws, workspace);

  useEffect(() => {
    if (workspace) rememberWorkspace(me.user.id, workspace.slug);
    // No longer a member (or never was): stop syncing whatever was open.
    else closeWorkspaceSession();
  }, [me.user.id, workspace]);

  if (!workspace) return <NotFoundPage />;
  return (
    <WorkspaceProvider
      userId={me.user.id}
      slug={workspace.slug}
      role={workspace.role}
      onUnauthorized={recheckSession}
    >
      <AppShell workspace={workspace} me={me} />
    </WorkspaceProvider>
  );
}
