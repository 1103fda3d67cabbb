import { can, type Role } from '@keel/domain';

/** What the labels screen shows a role (SPEC §6): members create, admins also edit and delete. */
export function labelControls(role: Role | null | undefined) {
  return {
    create: can(role, 'label:create'),
    edit: can(role, 'label:edit'),
    delete: can(role, 'label:delete'),
  };
}
