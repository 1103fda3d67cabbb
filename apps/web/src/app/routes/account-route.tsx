import { useNavigate } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { homeWorkspace, signOut, useMe } from '../../features/auth/index.ts';
import { clearDeviceData } from '../../data/clear-device.ts';
import { closeWorkspaceSession } from '../../data/open-session.ts';

export function AccountRoute() {
  const me = useMe();
  const navigate = useNavigate();
  return (
    <AccountPage
      user={me.user}
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
