import { useNavigate } from 'react-router';
import { addWorkspaceToSession, refreshSession, useMe } from '../../features/auth/index.ts';
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
