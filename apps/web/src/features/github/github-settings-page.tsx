import { useState } from 'react';
import { can } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { timeAgo } from '../../shared/lib/format-time.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { useServerValue } from '../../shared/lib/use-server-value.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { ShownOnce } from '../../shared/ui/shown-once.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { connect, disconnect, getConnection } from './github-client.ts';
import './github.css';

/**
 * `/:ws/settings/github` (SPEC §11): the webhook to add on GitHub, so that pull requests and
 * commits naming an issue are linked on it and move it along. For owners and admins.
 */
export function GithubSettingsPage() {
  useDocumentTitle('GitHub');
  const { slug, role } = useWorkspace();
  const allowed = can(role, 'webhook:manage');
  const {
    value: connection,
    error,
    reload,
    set: setConnection,
  } = useServerValue(() => getConnection(slug), slug, allowed);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'roll' | 'disconnect' | null>(null);
  const [busy, setBusy] = useState(false);

  if (!allowed)
    return (
      <div className="settings-section">
        <h1 className="settings-section__title">GitHub</h1>
        <p className="settings-section__intro">
          Only the workspace&apos;s owner and admins connect it to GitHub.
        </p>
      </div>
    );

  const makeSecret = async (): Promise<string | null> => {
    setBusy(true);
    const result = await connect(slug);
    setBusy(false);
    if (!result.ok) return result.message;
    setSecret(result.value.secret);
    setConnection(result.value.connection);
    return null;
  };

  return (
    <div className="settings-section github">
      <h1 className="settings-section__title">GitHub</h1>
      <p className="settings-section__intro">
        Name an issue&apos;s key (<code>ENG-12</code>) in a pull request&apos;s branch, title or
        description, or in a commit message, and Keel links it on the issue. Opening the pull
        request starts the issue (such as In Progress), merging it completes it (such as Done); each
        project chooses other states, or none, under Settings → Projects.
      </p>
      <FormError>{error}</FormError>
      {connection === null ? null : (
        <>
          <section className="github__steps" aria-labelledby="github-setup">
            <h2 id="github-setup" className="github__subtitle">
              {connection.connected ? 'Connected' : 'Connect a repository'}
            </h2>
            {connection.connected ? (
              <p className="github__status">
                {connection.lastEventAt
                  ? `Last event from GitHub ${timeAgo(connection.lastEventAt)}.`
                  : 'No event from GitHub yet: add the webhook below to your repository.'}
              </p>
            ) : null}
            <ol className="github__list">
              <li>
                On GitHub, open the repository (or organisation) → <strong>Settings</strong> →{' '}
                <strong>Webhooks</strong> → <strong>Add webhook</strong>.
              </li>
              <li>
                <TextField
                  label="Payload URL"
                  value={connection.url}
                  readOnly
                  onFocus={(e) => e.target.select()}
                />
              </li>
              <li>
                Content type: <strong>application/json</strong>. Secret: the one Keel shows when you
                connect (or make a new one).
              </li>
              <li>
                Events: <strong>Let me select individual events</strong> →{' '}
                <strong>Pull requests</strong> and <strong>Pushes</strong>.
              </li>
            </ol>
            <div className="github__actions">
              {connection.connected ? (
                <>
                  <Button onClick={() => setConfirm('roll')} disabled={busy}>
                    New secret
                  </Button>
                  <Button variant="danger" onClick={() => setConfirm('disconnect')}>
                    Disconnect
                  </Button>
                </>
              ) : (
                <Button
                  variant="primary"
                  disabled={busy}
                  onClick={() =>
                    void makeSecret().then((message) => message && showToast(message, 'error'))
                  }
                >
                  Connect GitHub
                </Button>
              )}
            </div>
          </section>
        </>
      )}
      <Dialog
        open={secret !== null}
        title="GitHub webhook secret"
        onClose={() => setSecret(null)}
        dismissible={false}
      >
        {secret ? (
          <ShownOnce label="Secret" value={secret} onDone={() => setSecret(null)}>
            <p>
              Paste it as the webhook&apos;s <strong>Secret</strong> on GitHub. Copy it now: this is
              the only time Keel shows it. Deliveries without it are refused.
            </p>
          </ShownOnce>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'roll' ? 'Make a new secret?' : 'Disconnect GitHub?'}
        confirmLabel={confirm === 'roll' ? 'New secret' : 'Disconnect'}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm === 'roll') return makeSecret();
          const result = await disconnect(slug);
          if (!result.ok && result.code !== 'NOT_FOUND') return result.message;
          showToast('GitHub was disconnected', 'success');
          reload();
          return null;
        }}
      >
        <p>
          {confirm === 'roll'
            ? 'GitHub’s deliveries are refused until its webhook has the new secret.'
            : 'GitHub’s deliveries are refused from now on. Links already on issues stay.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
