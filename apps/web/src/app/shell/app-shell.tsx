import { useCallback, useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { can, type MeResponse, type WorkspaceSummary } from '@keel/domain';
import { refreshSession } from '../../features/auth/session-store.ts';
import { NewIssueDialog } from '../../features/issues/new-issue-dialog.tsx';
import { useProjectByKey } from '../../features/sync/use-docs.ts';
import { Sidebar } from './sidebar.tsx';
import { useNewIssueShortcut } from './use-new-issue-shortcut.ts';
import { useRoleFollowsMemberDoc } from './use-role-follows-member-doc.ts';
import './shell.css';

const recheckSession = () => void refreshSession();

export interface AppShellProps {
  workspace: WorkspaceSummary;
  me: MeResponse;
}

/** Sidebar, the page, and the new issue dialog that every signed-in page can open. */
export function AppShell({ workspace, me }: AppShellProps) {
  const [creating, setCreating] = useState(false);
  const canCreate = can(workspace.role, 'issue:create');
  const openNewIssue = useCallback(() => setCreating(true), []);
  const closeNewIssue = useCallback(() => setCreating(false), []);
  useNewIssueShortcut(canCreate, openNewIssue);
  useRoleFollowsMemberDoc(me.user.id, workspace.role, recheckSession);

  // On a project's pages a new issue goes to that project by default.
  const projectMatch = useMatch('/:ws/projects/:key/*');
  const project = useProjectByKey(projectMatch?.params.key);

  return (
    <div className="shell">
      <Sidebar workspace={workspace} me={me} onNewIssue={canCreate ? openNewIssue : null} />
      <main className="shell__main" id="main">
        <Outlet />
      </main>
      {canCreate ? (
        <NewIssueDialog open={creating} onClose={closeNewIssue} defaultProjectId={project?._id} />
      ) : null}
    </div>
  );
}
