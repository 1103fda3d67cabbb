import { Navigate, useLocation } from 'react-router';
import { homeWorkspace, useMe } from '../../features/auth/index.ts';

/** `/`: the workspace used last, or creating the first one. */
export function RootRedirect() {
  const me = useMe();
  const slug = homeWorkspace(me);
  // Keyed by the navigation that led here: `Navigate` redirects once, when it mounts. Two
  // navigations to `/` can land in one render (a deleted workspace's toast sends the person home
  // while the lost-workspace notice already did), and the second would leave a blank page.
  const { key } = useLocation();
  return <Navigate key={key} to={slug ? `/${slug}` : '/new'} replace />;
}
