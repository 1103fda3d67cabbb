import { useEffect } from 'react';
import type { Role } from '@keel/domain';
import { useMembers } from '../../data/use-docs.ts';

/**
 * The server writes a member's new role into the workspace's `member` document, which syncs
 * here within a second; when it differs from the role /api/me gave us, ask /api/me again so
 * the controls follow (a member turned viewer loses New issue without reloading).
 */
export function useRoleFollowsMemberDoc(userId: string, role: Role, recheck: () => void) {
  const members = useMembers();
  const synced = members.find((m) => m.userId === userId);
  useEffect(() => {
    if (synced && (synced.role !== role || !synced.active)) recheck();
  }, [synced, role, recheck]);
}
