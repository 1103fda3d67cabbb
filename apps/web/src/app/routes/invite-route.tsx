import { useNavigate, useParams } from 'react-router';
import { addWorkspaceToSession, refreshSession } from '../../features/auth/index.ts';
import { InvitePage } from '../../features/members/invite-page.tsx';

/** `/invite/:token`: signed in (RequireAuth brings a signed-out visitor back here after sign-in). */
export function InviteRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <InvitePage
      key={token}
      token={token}
      onJoined={(workspace) => {
        addWorkspaceToSession(workspace);
        void refreshSession();
        navigate(`/${workspace.slug}/issues`, { replace: true });
      }}
    />
  );
}
