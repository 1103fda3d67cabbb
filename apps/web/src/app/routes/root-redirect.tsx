import { Navigate } from 'react-router';
import { homeWorkspace } from '../../features/auth/last-workspace.ts';
import { useMe } from '../../features/auth/use-session.ts';

/** `/`: the workspace used last, or creating the first one. */
export function RootRedirect() {
  const me = useMe();
  const slug = homeWorkspace(me);
  return <Navigate to={slug ? `/${slug}` : '/new'} replace />;
}
