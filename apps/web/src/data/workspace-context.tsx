import { createContext, use, useMemo, type ReactNode } from 'react';
import type { Role } from '@keel/domain';
import { acquireWorkspaceSession } from './open-session.ts';
import type { WorkspaceSession } from './workspace-session.ts';

const WorkspaceContext = createContext<WorkspaceSession | null>(null);
// The session is one long-lived object per workspace whose role is updated in place; the role
// in its own context is what makes every reader render again when it changes.
const RoleContext = createContext<Role | null>(null);

export interface WorkspaceProviderProps {
  userId: string;
  slug: string;
  role: Role;
  onUnauthorized: () => void;
  children: ReactNode;
}

export function WorkspaceProvider({
  userId,
  slug,
  role,
  onUnauthorized,
  children,
}: WorkspaceProviderProps) {
  // Opening is idempotent per user and workspace, so rendering twice never opens twice.
  const session = useMemo(
    () => acquireWorkspaceSession({ userId, slug, role, onUnauthorized }),
    [userId, slug, role, onUnauthorized],
  );
  return (
    <WorkspaceContext value={session}>
      <RoleContext value={role}>{children}</RoleContext>
    </WorkspaceContext>
  );
}

export function useWorkspace(): WorkspaceSession {
  const session = use(WorkspaceContext);
  use(RoleContext);
  if (!session) throw new Error('useWorkspace outside WorkspaceProvider');
  return session;
}
