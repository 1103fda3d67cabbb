import {
  canChangeRole,
  canRemoveMember,
  can,
  INVITABLE_ROLES,
  invitableRoleSchema,
  type InvitableRole,
  type MemberSummary,
  type Role,
} from '@keel/domain';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ROLE_NAMES } from './members-client.ts';

export interface MemberRowProps {
  member: MemberSummary;
  myRole: Role;
  isMe: boolean;
  onChangeRole: (role: InvitableRole) => void;
  onRemove: () => void;
  onMakeOwner: () => void;
}

/** One member: who they are, their role, and only the controls the viewer's role allows. */
export function MemberRow({
  member,
  myRole,
  isMe,
  onChangeRole,
  onRemove,
  onMakeOwner,
}: MemberRowProps) {
  const options = INVITABLE_ROLES.filter(
    (r) => r === member.role || canChangeRole(myRole, member.role, r),
  );
  const canEditRole = !isMe && options.length > 1;
  const selectId = `role-${member.userId}`;
  return (
    <li className="row-list__item member-row">
      <Avatar name={member.name} size="md" />
      <div className="member-row__who">
        <span className="member-row__name">
          {member.name}
          {isMe ? <span className="member-row__you"> (you)</span> : null}
        </span>
        <span className="member-row__email">{member.email}</span>
      </div>
      <div className="member-row__role">
        {canEditRole ? (
          <>
            <label htmlFor={selectId} className="visually-hidden">
              Role of {member.name}
            </label>
            <select
              id={selectId}
              className="field__control member-row__select"
              value={member.role}
              onChange={(e) => {
                const role = invitableRoleSchema.safeParse(e.target.value);
                if (role.success) onChangeRole(role.data);
              }}
            >
              {options.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="member-row__role-name">{ROLE_NAMES[member.role]}</span>
        )}
      </div>
      <div className="member-row__actions">
        {!isMe && can(myRole, 'workspace:transfer') ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={onMakeOwner}
            aria-label={`Make ${member.name} the owner`}
          >
            Make owner
          </Button>
        ) : null}
        {!isMe && canRemoveMember(myRole, member.role) ? (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}
