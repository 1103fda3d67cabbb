import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { idTail, viewsFor } from '@keel/domain';
import { useDocs } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

/**
 * The sidebar's Views: the person's own and the workspace's shared ones, by name. Each link
 * opens the view as it was saved. Nothing until there is a view (Save view on a list makes one).
 */
export function ViewsNav({ base }: { base: string }) {
  const { userId } = useWorkspace();
  const all = useDocs('view');
  const projects = useDocs('project');
  // A view of a project deleted since has no list to show: left out, as its page is.
  const views = useMemo(() => {
    const live = new Set(projects.map((p) => p._id));
    return viewsFor(all, userId).filter((v) => v.projectId === null || live.has(v.projectId));
  }, [all, userId, projects]);
  if (views.length === 0) return null;
  return (
    <section className="sidebar__section" aria-labelledby="sidebar-views">
      <h2 className="sidebar__heading sidebar__heading--plain" id="sidebar-views">
        Views
      </h2>
      <ul className="sidebar__links">
        {views.map((view) => (
          <li key={view._id}>
            <NavLink to={`${base}/views/${idTail(view._id)}${view.query ? `?${view.query}` : ''}`}>
              <span
                className={`saved-view-mark${view.shared ? ' saved-view-mark--shared' : ''}`}
                aria-hidden="true"
              />
              <span className="sidebar__link-text">{view.name}</span>
              {view.shared ? <span className="visually-hidden"> (shared)</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
