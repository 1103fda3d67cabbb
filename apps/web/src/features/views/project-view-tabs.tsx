import { NavLink, useLocation } from 'react-router';

/**
 * A project's tabs: its overview, then the List and Board of its issues (the view's filters carry
 * over between those two).
 */
export function ProjectViewTabs({ slug, projectKey }: { slug: string; projectKey: string }) {
  const { search } = useLocation();
  return (
    <nav className="view-tabs" aria-label="Views">
      <NavLink to={`/${slug}/projects/${projectKey}`} end>
        Overview
      </NavLink>
      <NavLink to={`/${slug}/projects/${projectKey}/issues${search}`}>List</NavLink>
      <NavLink to={`/${slug}/projects/${projectKey}/board${search}`}>Board</NavLink>
      <NavLink to={`/${slug}/projects/${projectKey}/insights`}>Insights</NavLink>
    </nav>
  );
}
