import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './fields.ts';
import {
  canChangeRole,
  canRemoveMember,
  createInvitationBody,
  invitableRoles,
  renameWorkspaceBody,
} from './members-api.ts';

describe('createInvitationBody', () => {
  it('takes an optional email, trimmed and lower-cased, and a role that is not owner', () => {
    expect(createInvitationBody.parse({ email: '  Ada@Example.COM ', role: 'admin' })).toEqual({
      email: 'ada@example.com',
      role: 'admin',
    });
    expect(createInvitationBody.parse({ role: 'viewer' })).toEqual({ email: null, role: 'viewer' });
    expect(createInvitationBody.parse({ email: '', role: 'member' })).toEqual({
      email: null,
      role: 'member',
    });
  });

  it.each([
    [{ role: 'owner' }, 'role', 'Role must be admin, member or viewer'],
    [{}, 'role', 'Role must be admin, member or viewer'],
    [{ email: 'not-an-address', role: 'member' }, 'email', 'Email must be a valid address'],
    [{ email: 42, role: 'member' }, 'email', 'Email must be text'],
  ])('refuses %j', (body, path, message) => {
    const result = createInvitationBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      path,
      message,
    ]);
  });

  it('refuses unknown fields', () => {
    expect(createInvitationBody.safeParse({ role: 'member', token: 'x' }).success).toBe(false);
  });
});

describe('renameWorkspaceBody', () => {
  it('follows the workspace name rule', () => {
    expect(renameWorkspaceBody.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme' });
    expect(renameWorkspaceBody.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      'Workspace name is required',
    );
  });
});

// SPEC §6 as a table: [actor, from, to, allowed]
const roleChanges: [Role, Role, Role, boolean][] = [
  ['owner', 'admin', 'member', true],
  ['owner', 'member', 'admin', true],
  ['owner', 'viewer', 'member', true],
  ['owner', 'owner', 'admin', false],
  ['owner', 'member', 'owner', false],
  ['admin', 'member', 'viewer', true],
  ['admin', 'viewer', 'member', true],
  ['admin', 'member', 'admin', false],
  ['admin', 'admin', 'member', false],
  ['admin', 'owner', 'admin', false],
  ['member', 'viewer', 'member', false],
  ['viewer', 'member', 'viewer', false],
];

describe('canChangeRole', () => {
  it.each(roleChanges)('%s changing %s → %s: %s', (actor, from, to, allowed) => {
    expect(canChangeRole(actor, from, to)).toBe(allowed);
  });
});

describe('canRemoveMember', () => {
  const table: Record<Role, Role[]> = {
    owner: ['admin', 'member', 'viewer'],
    admin: ['member', 'viewer'],
    member: [],
    viewer: [],
  };
  it.each(ROLES)('%s removes exactly the roles SPEC §6 allows', (actor) => {
    expect(ROLES.filter((target) => canRemoveMember(actor, target))).toEqual(table[actor]);
  });
});

describe('invitableRoles', () => {
  it('owner and admin invite admins, members and viewers; others nobody', () => {
    expect(invitableRoles('owner')).toEqual(['admin', 'member', 'viewer']);
    expect(invitableRoles('admin')).toEqual(['admin', 'member', 'viewer']);
    expect(invitableRoles('member')).toEqual([]);
    expect(invitableRoles('viewer')).toEqual([]);
  });
});
