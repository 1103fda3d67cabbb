import { useNavigate } from 'react-router';
import { addWorkspaceToSession, refreshSession } from '../../features/auth/session-store.ts';
import { useMe } from '../../features/auth/use-session.ts';
import { NewWorkspacePage } from '../../features/workspaces/new-workspace-page.tsx';

export function NewWorkspaceRoute() {
  const me = useMe();
  const navigate = useNavigate();
  return (
    <NewWorkspacePage
      canGoBack={me.workspaces.length > 0}
      onCreated={(workspace) => {
        addWorkspaceToSession(workspace);
        void refreshSession();
        navigate(`/${workspace.slug}/issues`);
      }}
    />
  );
}
