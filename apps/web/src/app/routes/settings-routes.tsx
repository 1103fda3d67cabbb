import { useNavigate, useParams } from 'react-router';
import {
  addWorkspaceToSession,
  refreshSession,
  removeWorkspaceFromSession,
  useMe,
} from '../../features/auth/index.ts';
import { MembersPage } from '../../features/members/members-page.tsx';
import { GeneralSettingsPage } from '../../features/settings/general-settings-page.tsx';
import { closeWorkspaceSession } from '../../data/open-session.ts';
import { showToast } from '../../shared/ui/toast-store.ts';
import { expectDeparture } from '../shell/departures.ts';

/** Leaving or deleting: stop syncing, forget the workspace on this device's list, go home. */
function useDepart() {
  const navigate = useNavigate();
  return (slug: string, message: string) => {
    expectDeparture(slug);
    closeWorkspaceSession();
    removeWorkspaceFromSession(slug);
    showToast(message, 'success');
    navigate('/', { replace: true });
    void refreshSession();
  };
}

export function MembersRoute() {
  const { ws = '' } = useParams();
  const me = useMe();
  const depart = useDepart();
  const name = me.workspaces.find((w) => w.slug === ws)?.name ?? ws;
  return (
    <MembersPage
      onMyRoleChanged={() => void refreshSession()}
      onLeft={() => depart(ws, `You left ${name}.`)}
    />
  );
}

export function GeneralSettingsRoute() {
  const { ws = '' } = useParams();
  const me = useMe();
  const depart = useDepart();
  const name = me.workspaces.find((w) => w.slug === ws)?.name ?? ws;
  return (
    <GeneralSettingsPage
      key={name}
      name={name}
      onRenamed={(workspace) => {
        addWorkspaceToSession(workspace);
        void refreshSession();
      }}
      onDeleted={() => depart(ws, `${name} was deleted.`)}
    />
  );
}
