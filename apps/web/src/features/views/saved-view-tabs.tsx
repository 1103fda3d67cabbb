import { NavLink, useLocation } from 'react-router';
import { idTail, type ViewDoc } from '@keel/domain';

/** A saved view's tabs: its list, and the insights of the issues it shows (same filters). */
export function SavedViewTabs({ slug, view }: { slug: string; view: ViewDoc }) {
  const { search } = useLocation();
  const base = `/${slug}/views/${idTail(view._id)}`;
  return (
    <nav className="view-tabs" aria-label="Views">
      <NavLink to={`${base}${search}`} end>
        List
      </NavLink>
      <NavLink to={`${base}/insights${search}`}>Insights</NavLink>
    </nav>
  );
}
