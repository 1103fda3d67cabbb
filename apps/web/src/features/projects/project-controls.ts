import { can, type Role } from '@keel/domain';

/** What the project screens show a role (SPEC §6); the server refuses the rest anyway. */
export function projectControls(role: Role | null | undefined) {
  return {
    /** New project. */
    create: can(role, 'project:create'),
    /** Edit, archive, and every workflow state control. */
    edit: can(role, 'project:edit'),
  };
}
