import { NavLink } from 'react-router';
import type { MeResponse, WorkspaceSummary } from '@keel/domain';
import { InboxNavLink } from '../../features/inbox/inbox-nav-link.tsx';
import { SyncIndicator } from '../../features/sync/sync-indicator.tsx';
import { useProjects } from '../../features/sync/use-docs.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

export interface SidebarProps {
  workspace: WorkspaceSummary;
  me: MeResponse;
  /** Null for roles that cannot create issues: the button is hidden, not disabled. */
  onNewIssue: (() => void) | null;
}

export function Sidebar({ workspace, me, onNewIssue }: SidebarProps) {
  const projects = useProjects();
  const base = `/${workspace.slug}`;
  return (
    <nav className="sidebar" aria-label="Workspace">
      <WorkspaceSwitcher current={workspace} workspaces={me.workspaces} />
      {onNewIssue ? (
        <Button className="sidebar__new-issue" onClick={onNewIssue} aria-keyshortcuts="c">
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
      </ul>

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
