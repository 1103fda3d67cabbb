import type { Role } from './fields.ts';

/**
 * SPEC §6 as data. `:own` permissions apply to things the actor created; the checker that
 * knows the document decides which of `:own` / `:any` is asked for.
 */
export const PERMISSIONS = {
  'workspace:read': ['owner', 'admin', 'member', 'viewer'],
  'issue:create': ['owner', 'admin', 'member'],
  'issue:edit': ['owner', 'admin', 'member'],
  'issue:delete:own': ['owner', 'admin', 'member'],
  'issue:delete:any': ['owner', 'admin'],
  'comment:create': ['owner', 'admin', 'member'],
  'comment:edit:own': ['owner', 'admin', 'member'],
  'comment:delete:own': ['owner', 'admin', 'member'],
  'comment:delete:any': ['owner', 'admin'],
  'label:create': ['owner', 'admin', 'member'],
  'label:edit': ['owner', 'admin'],
  'label:delete': ['owner', 'admin'],
  'project:create': ['owner', 'admin'],
  'project:edit': ['owner', 'admin'],
  'project:delete': ['owner', 'admin'],
  // SPEC §10: cycles, their settings and their dates.
  'cycle:manage': ['owner', 'admin'],
  // SPEC §10: a project's milestones (making, naming, dating, ordering, deleting them).
  'milestone:manage': ['owner', 'admin'],
  // SPEC §10: every role keeps views of its own; sharing one takes more.
  'view:own': ['owner', 'admin', 'member', 'viewer'],
  'view:share': ['owner', 'admin', 'member'],
  // Editing or deleting a shared view someone else made.
  'view:shared:any': ['owner', 'admin'],
  'favorite:own': ['owner', 'admin', 'member', 'viewer'],
  'invitation:create': ['owner', 'admin'],
  'member:manage': ['owner', 'admin'],
  'admin:manage': ['owner'],
  // SPEC §11: the workspace's webhooks and its GitHub connection.
  'webhook:manage': ['owner', 'admin'],
  // SPEC §11: files go with editing issues and commenting; a file is its uploader's to delete,
  // or an admin's.
  'attachment:upload': ['owner', 'admin', 'member'],
  'attachment:delete:own': ['owner', 'admin', 'member'],
  'attachment:delete:any': ['owner', 'admin'],
  'workspace:rename': ['owner', 'admin'],
  'workspace:delete': ['owner'],
  'workspace:transfer': ['owner'],
  'readMarker:write:own': ['owner', 'admin', 'member', 'viewer'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
