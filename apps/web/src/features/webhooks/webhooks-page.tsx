import { useState } from 'react';
import { Link } from 'react-router';
import { can, LIMITS, type WebhookSummary } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { useServerValue } from '../../shared/lib/use-server-value.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { WebhookDialog } from './webhook-dialog.tsx';
import { WebhookStatus } from './webhook-status.tsx';
import { deleteWebhook, eventName, listWebhooks } from './webhooks-client.ts';
import './webhooks.css';

/**
 * `/:ws/settings/webhooks` (SPEC §11): where the workspace's events are sent, for its owner and
 * admins. Webhooks live on the server, so the list asks it each time; offline it says so.
 */
export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const { slug, role } = useWorkspace();
  const allowed = can(role, 'webhook:manage');
  const {
    value: webhooks,
    error,
    at: now,
    reload,
  } = useServerValue(() => listWebhooks(slug), slug, allowed);
  const [editing, setEditing] = useState<WebhookSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookSummary | null>(null);

  if (!allowed)
    return (
      <div className="settings-section">
        <h1 className="settings-section__title">Webhooks</h1>
        <p className="settings-section__intro">
          Only the workspace&apos;s owner and admins manage its webhooks.
        </p>
      </div>
    );

  const full = (webhooks?.length ?? 0) >= LIMITS.webhooksPerWorkspace;
  const newButton = (
    <Button variant="primary" onClick={() => setEditing('new')} disabled={full}>
      New webhook
    </Button>
  );

  return (
    <div className="settings-section webhooks">
      <div className="webhooks__header">
        <h1 className="settings-section__title">Webhooks</h1>
        {webhooks?.length ? newButton : null}
      </div>
      <p className="settings-section__intro">
        Keel tells other tools what happens here: each event is sent as it reaches the server (an
        edit made offline, once it syncs), signed, and retried for a day until it is received.
      </p>
      <FormError>{error}</FormError>
      {webhooks === null ? null : webhooks.length === 0 ? (
        <EmptyState title="No webhooks yet" action={newButton}>
          <p>
            Add one to send issues, comments and planning changes to a chat bridge, a deploy
            pipeline or your own service.
          </p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Webhooks">
          {webhooks.map((webhook) => (
            <li key={webhook.id} className="row-list__item webhook-row">
              <div className="webhook-row__text">
                <Link className="webhook-row__name" to={`/${slug}/settings/webhooks/${webhook.id}`}>
                  {webhook.label}
                </Link>
                <p className="webhook-row__url">{webhook.url}</p>
                <p className="webhook-row__facts">
                  <WebhookStatus webhook={webhook} now={now} />
                  <span>
                    {webhook.events.length === 1
                      ? eventName(webhook.events[0]!)
                      : `${webhook.events.length} events`}
                  </span>
                </p>
              </div>
              <div className="webhook-row__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${webhook.label}`}
                  onClick={() => setEditing(webhook)}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${webhook.label}`}
                  onClick={() => setDeleting(webhook)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="webhooks__limit">
          A workspace can have {LIMITS.webhooksPerWorkspace} webhooks. Delete one to add another.
        </p>
      ) : null}
      {editing !== null ? (
        <WebhookDialog
          key={editing === 'new' ? 'new' : editing.id}
          slug={slug}
          open
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.label ?? 'webhook'}?`}
        confirmLabel="Delete webhook"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return null;
          const result = await deleteWebhook(slug, deleting.id);
          if (!result.ok && result.code !== 'NOT_FOUND') return result.message;
          showToast(`${deleting.label} was deleted`, 'success');
          reload();
          return null;
        }}
      >
        <p>
          Nothing more is sent to {deleting?.url}, and its log of deliveries goes with it. This
          can&apos;t be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
