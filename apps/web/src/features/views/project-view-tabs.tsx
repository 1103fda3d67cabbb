import { NavLink, useLocation } from 'react-router';

/** List and Board tabs of a project's issues; the view's filters carry over between them. */
export function ProjectViewTabs({ slug, projectKey }: { slug: string; projectKey: string }) {
  const { search } = useLocation();
  return (
    <nav className="view-tabs" aria-label="Views">
      <NavLink to={`/${slug}/projects/${projectKey}/issues${search}`}>List</NavLink>
      <NavLink to={`/${slug}/projects/${projectKey}/board${search}`}>Board</NavLink>
    </nav>
  );
}
