import { useEffect, useState } from 'react';
import { can, type InvitableRole, type MemberSummary } from '@keel/domain';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { MemberRow } from './member-row.tsx';
import {
  changeMemberRole,
  listMembers,
  removeMember,
  ROLE_NAMES,
  transferOwnership,
} from './members-client.ts';
import './members.css';

export interface MembersPageProps {
  /** My own role may have changed (ownership transferred); the app re-reads /api/me. */
  onMyRoleChanged: () => void;
  /** I left the workspace; the app forgets it and goes elsewhere. */
  onLeft: () => void;
}

type Pending =
  | { kind: 'remove'; member: MemberSummary }
  | { kind: 'transfer'; member: MemberSummary }
  | { kind: 'leave' }
  | null;

/** `/:ws/settings/members`: members and roles, invitations, transfer, leave (SPEC §2, §6). */
export function MembersPage({ onMyRoleChanged, onLeft }: MembersPageProps) {
  useDocumentTitle('Members');
  const { slug, role: myRole, userId } = useWorkspace();
  const [members, setMembers] = useState<MemberSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    void listMembers(slug).then((result) => {
      if (!live) return;
      if (result.ok) {
        setMembers(result.value.sort((a, b) => a.name.localeCompare(b.name)));
        setError(null);
      } else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [slug, version]);

  const changeRole = async (member: MemberSummary, role: InvitableRole) => {
    const result = await changeMemberRole(slug, member.userId, role);
    if (result.ok) showToast(`${member.name} is now ${ROLE_NAMES[role].toLowerCase()}`, 'success');
    else showToast(result.message, 'error');
    reload();
  };

  const confirm = async (): Promise<string | null> => {
    if (!pending) return null;
    if (pending.kind === 'leave') {
      const result = await removeMember(slug, userId);
      if (!result.ok) return result.message;
      onLeft();
      return null;
    }
    const { member } = pending;
    const result =
      pending.kind === 'remove'
        ? await removeMember(slug, member.userId)
        : await transferOwnership(slug, member.userId);
    if (!result.ok) return result.message;
    showToast(
      pending.kind === 'remove'
        ? `${member.name} was removed from the workspace`
        : `${member.name} is now the owner; you are an admin`,
      'success',
    );
    reload();
    if (pending.kind === 'transfer') onMyRoleChanged();
    return null;
  };

  return (
    <div className="settings-section members">
      <h1 className="settings-section__title">Members</h1>
      <p className="settings-section__intro">
        Everyone in the workspace and what they may do. Admins manage members and viewers; only the
        owner manages admins and hands over ownership.
      </p>
      <FormError>{error}</FormError>
      <section className="members__section" aria-labelledby="members-title">
        <h2 id="members-title" className="members__subtitle">
          {members ? `${members.length} ${members.length === 1 ? 'member' : 'members'}` : 'Members'}
        </h2>
        {members ? (
          <ul className="row-list" aria-label="Members">
            {members.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                myRole={myRole}
                isMe={m.userId === userId}
                onChangeRole={(role) => void changeRole(m, role)}
                onRemove={() => setPending({ kind: 'remove', member: m })}
                onMakeOwner={() => setPending({ kind: 'transfer', member: m })}
              />
            ))}
          </ul>
        ) : (
          <p role="status">Loading members…</p>
        )}
      </section>
      {can(myRole, 'invitation:create') ? <InvitationsSection slug={slug} myRole={myRole} /> : null}
      <section className="members__section" aria-labelledby="leave-title">
        <h2 id="leave-title" className="members__subtitle">
          Leave workspace
        </h2>
        <p className="settings-section__intro">
          You lose access at once, on every device. Someone can invite you again later.
        </p>
        <Button variant="danger" onClick={() => setPending({ kind: 'leave' })}>
          Leave workspace
        </Button>
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'remove'
            ? `Remove ${pending.member.name}?`
            : pending?.kind === 'transfer'
              ? `Make ${pending.member.name} the owner?`
              : 'Leave this workspace?'
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? 'Remove member'
            : pending?.kind === 'transfer'
              ? 'Transfer ownership'
              : 'Leave workspace'
        }
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        <p>
          {pending?.kind === 'remove'
            ? 'They lose access at once. Their name stays on the issues and comments they wrote.'
            : pending?.kind === 'transfer'
              ? 'A workspace has exactly one owner. You stay on as an admin.'
              : 'You lose access at once. The workspace and your work in it stay for the others.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
