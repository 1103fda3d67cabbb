import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ROLES, type Role } from './fields.ts';
import { PERMISSIONS, can, type Permission } from './permissions.ts';

/** SPEC §6, written out role by role. */
const SPEC: Record<Permission, Role[]> = {
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
  'cycle:manage': ['owner', 'admin'],
  'milestone:manage': ['owner', 'admin'],
  // SPEC §10: personal views and favourites for every role; shared views not for viewers.
  'view:own': ['owner', 'admin', 'member', 'viewer'],
  'view:share': ['owner', 'admin', 'member'],
  'view:shared:any': ['owner', 'admin'],
  'favorite:own': ['owner', 'admin', 'member', 'viewer'],
  'invitation:create': ['owner', 'admin'],
  'member:manage': ['owner', 'admin'],
  'admin:manage': ['owner'],
  'webhook:manage': ['owner', 'admin'],
  // SPEC §11: uploading as editing issues and commenting; deleting one's own, or any as an admin.
  'attachment:upload': ['owner', 'admin', 'member'],
  'attachment:delete:own': ['owner', 'admin', 'member'],
  'attachment:delete:any': ['owner', 'admin'],
  'workspace:rename': ['owner', 'admin'],
  'workspace:delete': ['owner'],
  'workspace:transfer': ['owner'],
  'readMarker:write:own': ['owner', 'admin', 'member', 'viewer'],
};
const ALL = Object.keys(SPEC) as Permission[];

describe('permission matrix (SPEC §6)', () => {
  it('has exactly the permissions of the spec', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ALL].sort());
  });

  it('answers every role × permission as the spec says', () => {
    for (const permission of ALL) {
      for (const role of ROLES) {
        expect(can(role, permission), `${role} ${permission}`).toBe(
          SPEC[permission].includes(role),
        );
      }
    }
  });

  it('denies everything to someone without a role', () => {
    for (const permission of ALL) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('lets the owner do everything', () => {
    for (const permission of ALL) expect(can('owner', permission)).toBe(true);
  });

  it('lets a viewer only read and keep their own read marker, views and favourites', () => {
    const allowed = ALL.filter((p) => can('viewer', p)).sort();
    expect(allowed).toEqual(['favorite:own', 'readMarker:write:own', 'view:own', 'workspace:read']);
  });

  it('keeps owner-only actions from admins', () => {
    for (const p of ['admin:manage', 'workspace:delete', 'workspace:transfer'] as const) {
      expect(can('admin', p)).toBe(false);
    }
  });

  it('is monotone: a higher role can do whatever a lower role can', () => {
    const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES),
        fc.constantFrom(...ROLES),
        fc.constantFrom(...ALL),
        (a, b, p) => {
          if (rank[a] >= rank[b] && can(b, p)) expect(can(a, p)).toBe(true);
        },
      ),
    );
  });

  it('gives the :any variant only to roles that also have :own', () => {
    for (const [own, any] of [
      ['issue:delete:own', 'issue:delete:any'],
      ['comment:delete:own', 'comment:delete:any'],
    ] as const) {
      for (const role of ROLES) if (can(role, any)) expect(can(role, own)).toBe(true);
    }
  });
});
