import { NavLink } from 'react-router';
import type { MeResponse, WorkspaceSummary } from '@keel/domain';
import { ProjectCycleLink } from '../../features/cycles/index.ts';
import { FavoritesNav } from '../../features/favorites/index.ts';
import { InboxNavLink } from '../../features/inbox/index.ts';
import { ViewsNav } from '../../features/views/index.ts';
import { SyncIndicator } from '../../features/sync-status/index.ts';
import { useProjects } from '../../data/use-docs.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { ariaKeyShortcuts, shortcutKeys, useCommand } from '../../features/commands/index.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Kbd } from '../../shared/ui/kbd.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

export interface SidebarProps {
  workspace: WorkspaceSummary;
  me: MeResponse;
}

export function Sidebar({ workspace, me }: SidebarProps) {
  const projects = useProjects();
  const base = `/${workspace.slug}`;
  // From the command registry: hidden (not disabled) for roles that cannot create issues.
  const newIssue = useCommand('issue.new');
  const search = useCommand('search');
  return (
    <nav className="sidebar" aria-label="Workspace">
      <WorkspaceSwitcher current={workspace} workspaces={me.workspaces} />
      {newIssue ? (
        <Button
          className="sidebar__new-issue"
          onClick={newIssue.run}
          aria-keyshortcuts={ariaKeyShortcuts(newIssue.command.shortcut!)}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path
              d="M7 2v10M2 7h10"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          New issue
        </Button>
      ) : null}
      {search ? (
        <button
          type="button"
          className="sidebar__search"
          onClick={search.run}
          aria-keyshortcuts={ariaKeyShortcuts(search.command.shortcut!)}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M9 9l3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <span className="sidebar__search-label">Search</span>
          {/* aria-keyshortcuts already tells assistive technology; the name stays "Search". */}
          <span aria-hidden="true">
            <Kbd keys={shortcutKeys(search.command.shortcut!, false)} />
          </span>
        </button>
      ) : null}

      <ul className="sidebar__links">
        <li>
          <NavLink to={`${base}/my-issues`}>My issues</NavLink>
        </li>
        <li>
          <InboxNavLink to={`${base}/inbox`} />
        </li>
        <li>
          <NavLink to={`${base}/issues`}>All issues</NavLink>
        </li>
        <li>
          <NavLink to={`${base}/roadmap`}>Roadmap</NavLink>
        </li>
      </ul>

      <FavoritesNav base={base} />
      <ViewsNav base={base} />

      <h2 className="sidebar__heading">
        <NavLink to={`${base}/projects`} end>
          Projects
        </NavLink>
      </h2>
      <ul className="sidebar__links">
        {projects.map((project) => (
          <li key={project._id}>
            <NavLink to={`${base}/projects/${project.key}/issues`}>
              <span className="sidebar__swatch" style={{ background: project.color }} />
              {project.name}
            </NavLink>
            <ProjectCycleLink project={project} base={base} />
          </li>
        ))}
      </ul>

      <ul className="sidebar__links">
        <li>
          <NavLink to={`${base}/settings`}>Settings</NavLink>
        </li>
      </ul>

      <div className="sidebar__footer">
        <SyncIndicator />
        <NavLink to="/account" className="sidebar__account">
          <Avatar name={me.user.name || me.user.email} />
          <span>{me.user.name || me.user.email}</span>
        </NavLink>
      </div>
    </nav>
  );
}
