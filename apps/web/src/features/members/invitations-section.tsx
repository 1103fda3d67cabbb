import { useEffect, useState } from 'react';
import { invitableRoles, type InvitationSummary, type Role } from '@keel/domain';
import { formatDateTime } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { listInvitations, revokeInvitation, ROLE_NAMES } from './members-client.ts';

/** Pending invitations with Revoke, and the Invite button; shown to admins and the owner. */
export function InvitationsSection({ slug, myRole }: { slug: string; myRole: Role }) {
  const [invitations, setInvitations] = useState<InvitationSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    void listInvitations(slug).then((result) => {
      if (!live) return;
      if (result.ok) {
        setInvitations(result.value);
        setError(null);
      } else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [slug, version]);

  const revoke = async (invitation: InvitationSummary) => {
    const result = await revokeInvitation(slug, invitation.id);
    if (!result.ok) showToast(result.message, 'error');
    else showToast('Invitation revoked. Its link no longer works.', 'success');
    reload();
  };

  return (
    <section className="members__section" aria-labelledby="invitations-title">
      <div className="members__section-header">
        <h2 id="invitations-title" className="members__subtitle">
          Invitations
        </h2>
        <Button variant="primary" onClick={() => setInviting(true)}>
          Invite
        </Button>
      </div>
      <FormError>{error}</FormError>
      {invitations === null ? null : invitations.length === 0 ? (
        <EmptyState title="No pending invitations">
          <p>Press Invite to create a link for a teammate; it works once, for 7 days.</p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id} className="row-list__item member-row">
              <div className="member-row__who">
                <span className="member-row__name">{i.email ?? 'Anyone with the link'}</span>
                <span className="member-row__email">
                  Invited by {i.invitedBy.name} · expires {formatDateTime(i.expiresAt)}
                </span>
              </div>
              <span className="member-row__role-name">{ROLE_NAMES[i.role]}</span>
              <div className="member-row__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void revoke(i)}
                  aria-label={`Revoke invitation for ${i.email ?? 'anyone with the link'}`}
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <InviteDialog
        open={inviting}
        slug={slug}
        roles={invitableRoles(myRole)}
        onClose={() => setInviting(false)}
        onCreated={reload}
      />
    </section>
  );
}
