import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { can, type DeliverySummary, type WebhookSummary } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { ShownOnce } from '../../shared/ui/shown-once.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { DeliveryItem } from './delivery-item.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { WebhookStatus } from './webhook-status.tsx';
import {
  eventName,
  getWebhook,
  listDeliveries,
  redeliver,
  rollSecret,
  updateWebhook,
} from './webhooks-client.ts';
import './webhooks.css';

/**
 * `/:ws/settings/webhooks/:id`: one webhook, what it is sent, and its recent deliveries with
 * what the receiver answered, each with Redeliver.
 */
export function WebhookPage() {
  const { slug, role } = useWorkspace();
  const { webhookId = '' } = useParams();
  const [webhook, setWebhook] = useState<WebhookSummary | null>(null);
  const [deliveries, setDeliveries] = useState<DeliverySummary[] | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [now, setNow] = useState(() => new Date());
  const [editing, setEditing] = useState(false);
  const [rolling, setRolling] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useDocumentTitle(webhook ? `${webhook.label} · Webhooks` : 'Webhooks');
  const reload = () => setVersion((v) => v + 1);
  const allowed = can(role, 'webhook:manage');

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    void Promise.all([getWebhook(slug, webhookId), listDeliveries(slug, webhookId)]).then(
      ([hook, list]) => {
        if (!live) return;
        if (!hook.ok && hook.code === 'NOT_FOUND') setMissing(true);
        else if (!hook.ok) setError(hook.message);
        else {
          setWebhook(hook.value);
          setError(list.ok ? null : list.message);
          if (list.ok) setDeliveries(list.value);
          setNow(new Date());
        }
      },
    );
    return () => {
      live = false;
    };
  }, [slug, webhookId, version, allowed]);

  if (missing || !allowed) return <NotFound />;

  const setActive = async (active: boolean) => {
    if (!webhook) return;
    const result = await updateWebhook(slug, webhook.id, { active });
    if (!result.ok) showToast(result.message, 'error');
    else showToast(active ? `${webhook.label} is on` : `${webhook.label} is off`, 'success');
    reload();
  };

  const sendAgain = async (delivery: DeliverySummary) => {
    if (!webhook) return;
    setBusy(delivery.id);
    const result = await redeliver(slug, webhook.id, delivery.id);
    setBusy(null);
    if (!result.ok) showToast(result.message, 'error');
    else
      showToast(
        result.value.status === 'delivered'
          ? 'Delivered again'
          : `Sent again; it failed${result.value.responseStatus ? ` (${result.value.responseStatus})` : ''}`,
        result.value.status === 'delivered' ? 'success' : 'error',
      );
    reload();
  };

  return (
    <div className="settings-section webhook-page">
      <p className="webhook-page__back">
        <Link className="text-link" to={`/${slug}/settings/webhooks`}>
          ← Webhooks
        </Link>
      </p>
      <FormError>{error}</FormError>
      {webhook ? (
        <>
          <div className="webhooks__header">
            <h1 className="settings-section__title">{webhook.label}</h1>
            <div className="webhook-page__actions">
              <Button size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="sm" onClick={() => setRolling(true)}>
                Roll secret
              </Button>
              <Button size="sm" onClick={() => void setActive(!webhook.active)}>
                {webhook.active ? 'Turn off' : 'Turn on'}
              </Button>
            </div>
          </div>
          <dl className="webhook-page__facts">
            <dt>URL</dt>
            <dd className="webhook-page__url">{webhook.url}</dd>
            <dt>Status</dt>
            <dd>
              <WebhookStatus webhook={webhook} now={now} />
            </dd>
            <dt>Events</dt>
            <dd>{webhook.events.map(eventName).join(', ')}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(webhook.createdAt)}</dd>
          </dl>
          <section aria-labelledby="deliveries-title" className="webhook-page__deliveries">
            <div className="webhooks__header">
              <h2 id="deliveries-title" className="webhook-page__subtitle">
                Recent deliveries
              </h2>
              <Button size="sm" variant="ghost" onClick={reload}>
                Refresh
              </Button>
            </div>
            {deliveries === null ? null : deliveries.length === 0 ? (
              <p className="webhook-page__empty">
                No deliveries yet. Each event it is sent appears here, with what the endpoint
                answered.
              </p>
            ) : (
              <ul className="row-list" aria-label="Deliveries">
                {deliveries.map((delivery) => (
                  <DeliveryItem
                    key={delivery.id}
                    delivery={delivery}
                    now={now}
                    busy={busy === delivery.id}
                    onRedeliver={() => void sendAgain(delivery)}
                  />
                ))}
              </ul>
            )}
            {deliveries?.length ? (
              <p className="webhook-page__note">
                The last {deliveries.length} deliveries, newest first. Last read{' '}
                {timeAgo(now.toISOString(), now)}.
              </p>
            ) : null}
          </section>
          {editing ? (
            <WebhookDialog
              slug={slug}
              open
              editing={webhook}
              onClose={() => setEditing(false)}
              onSaved={reload}
            />
          ) : null}
          <ConfirmDialog
            open={rolling}
            title="Roll the signing secret?"
            confirmLabel="Roll secret"
            onClose={() => setRolling(false)}
            onConfirm={async () => {
              const result = await rollSecret(slug, webhook.id);
              if (!result.ok) return result.message;
              setSecret(result.value.secret);
              return null;
            }}
          >
            <p>
              Deliveries are signed with a new secret from now on; the endpoint must be given it.
              The old one stops working at once.
            </p>
          </ConfirmDialog>
          <Dialog
            open={secret !== null}
            title="Your new signing secret"
            onClose={() => setSecret(null)}
            dismissible={false}
          >
            {secret ? (
              <ShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)}>
                <p>Copy it now: this is the only time Keel shows it.</p>
              </ShownOnce>
            ) : null}
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
