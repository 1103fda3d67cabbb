import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { InvitationPreview, WorkspaceSummary } from '@keel/domain';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { acceptInvitation, previewInvitation, ROLE_NAMES } from './members-client.ts';
import './members.css';

export interface InvitePageProps {
  token: string;
  /** The app records the new membership and opens the workspace. */
  onJoined: (workspace: WorkspaceSummary) => void;
}

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; preview: InvitationPreview; error: string | null }
  | { kind: 'failed'; message: string };

const ROLE_MEANS: Record<InvitationPreview['role'], string> = {
  admin: 'You will manage members, projects and labels, and work on issues.',
  member: 'You will create and edit issues and comment.',
  viewer: 'You will read everything, without editing.',
};

/** The catalogue's message, then why (a full workspace says how many members it has). */
function explained(failure: { message: string; errors: readonly { message: string }[] }): string {
  return [failure.message, ...failure.errors.map((e) => e.message)].join(' ');
}

/** `/invite/:token`: who invites you where, as what; Join workspace uses the link once. */
export function InvitePage({ token, onJoined }: InvitePageProps) {
  useDocumentTitle('Invitation');
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    let live = true;
    void previewInvitation(token).then((r) => {
      if (!live) return;
      setView(
        r.ok
          ? { kind: 'ready', preview: r.value, error: null }
          : { kind: 'failed', message: explained(r) },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  const join = async (preview: InvitationPreview) => {
    setJoining(true);
    const result = await acceptInvitation(token);
    setJoining(false);
    if (result.ok) onJoined(result.value);
    else setView({ kind: 'ready', preview, error: explained(result) });
  };

  return (
    <main className="centered-page">
      <div className="card invite">
        {view.kind === 'loading' ? (
          <p className="card__lead" role="status">
            Opening the invitation…
          </p>
        ) : view.kind === 'failed' ? (
          <>
            <h1>Invitation</h1>
            <FormError>{view.message}</FormError>
            <FormActions className="invite__actions">
              <Link to="/" className="text-link">
                Go to Keel
              </Link>
            </FormActions>
          </>
        ) : (
          <>
            <h1>Join {view.preview.workspace.name}</h1>
            <dl className="invite__facts">
              <dt>Workspace</dt>
              <dd>{view.preview.workspace.name}</dd>
              <dt>Invited by</dt>
              <dd>{view.preview.invitedBy.name}</dd>
              <dt>Role</dt>
              <dd>{ROLE_NAMES[view.preview.role]}</dd>
            </dl>
            <p className="card__lead">{ROLE_MEANS[view.preview.role]}</p>
            <FormError>{view.error}</FormError>
            <FormActions className="invite__actions">
              <Link to="/" className="text-link">
                Not now
              </Link>
              <Button variant="primary" disabled={joining} onClick={() => void join(view.preview)}>
                Join workspace
              </Button>
            </FormActions>
          </>
        )}
      </div>
    </main>
  );
}
