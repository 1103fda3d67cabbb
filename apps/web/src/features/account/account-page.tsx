import { useState } from 'react';
import { Link } from 'react-router';
import type { MeResponse } from '@keel/domain';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { RejectedChangesList } from './rejected-changes-list.tsx';
import './account-page.css';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

export interface AccountPageProps {
  user: MeResponse['user'];
  onSignOut: () => Promise<void>;
  onClearDevice: () => Promise<void>;
}

/** Profile, sign out, rejected changes, API tokens, and wiping this device's offline copy. */
export function AccountPage({ user, onSignOut, onClearDevice }: AccountPageProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Account');

  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    await action();
    setBusy(false);
  };

  return (
    <main className="centered-page">
      <div className="card account">
        <Link to="/" className="text-link account__back">
          ← Back to issues
        </Link>
        <h1>Account</h1>
        <div className="account__profile">
          <Avatar name={user.name || user.email} size="md" />
          <div>
            <p className="account__name">{user.name}</p>
            <p className="account__email">{user.email}</p>
          </div>
        </div>

        <section className="account__section" aria-labelledby="account-session">
          <h2 id="account-session">Session</h2>
          <p>Sign out of Keel in this browser. Data on this device stays until you clear it.</p>
          <Button onClick={() => void run(onSignOut)()} disabled={busy}>
            Sign out
          </Button>
        </section>

        <RejectedChangesList userId={user.id} />

        <ApiTokensSection />

        <section className="account__section" aria-labelledby="account-device">
          <h2 id="account-device">This device</h2>
          <p>
            Keel keeps a copy of your workspaces here so it works offline. Clearing it deletes that
            copy; it downloads again the next time you open a workspace.
          </p>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Clear this device&apos;s offline data
          </Button>
        </section>
      </div>

      <Dialog open={confirming} title="Clear offline data?" onClose={() => setConfirming(false)}>
        <p className="account__warning">
          Changes that have not synced yet will be lost. Your workspaces on the server are not
          affected.
        </p>
        <FormActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="danger" onClick={() => void run(onClearDevice)()} disabled={busy}>
            Clear offline data
          </Button>
        </FormActions>
      </Dialog>
    </main>
  );
}
