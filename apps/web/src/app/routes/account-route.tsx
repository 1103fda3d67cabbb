import { useNavigate } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { homeWorkspace } from '../../features/auth/last-workspace.ts';
import { signOut } from '../../features/auth/session-store.ts';
import { useMe } from '../../features/auth/use-session.ts';
import { clearDeviceData } from '../../data/clear-device.ts';
import { RejectedChangesList } from '../../features/sync-status/rejected-changes-list.tsx';
import { closeWorkspaceSession } from '../../data/open-session.ts';

export function AccountRoute() {
  const me = useMe();
  const navigate = useNavigate();
  return (
    <AccountPage
      user={me.user}
      deviceSections={<RejectedChangesList userId={me.user.id} />}
      onSignOut={async () => {
        closeWorkspaceSession();
        const endSessionUrl = await signOut();
        if (endSessionUrl) window.location.assign(endSessionUrl);
        else navigate('/signin', { replace: true });
      }}
      onClearDevice={async () => {
        const home = homeWorkspace(me); // read before the wipe forgets it
        await clearDeviceData();
        // A full reload: nothing of the old replicas may stay in memory, and the app starts
        // over by asking the server who is signed in.
        window.location.assign(home ? `/${home}` : '/new');
      }}
    />
  );
}
