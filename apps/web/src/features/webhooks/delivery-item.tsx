import type { DeliverySummary } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { eventName } from './webhooks-client.ts';

const STATUS_TEXT: Record<DeliverySummary['status'], string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  retrying: 'Failed, will retry',
  failed: 'Failed',
};

/** A JSON body laid out to read; anything else as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export interface DeliveryItemProps {
  delivery: DeliverySummary;
  now: Date;
  busy: boolean;
  onRedeliver: () => void;
}

/**
 * One delivery in the log: its outcome at a glance, and opened, what was sent and what came
 * back, with Redeliver.
 */
export function DeliveryItem({ delivery, now, busy, onRedeliver }: DeliveryItemProps) {
  const tone =
    delivery.status === 'delivered' ? 'ok' : delivery.status === 'pending' ? 'waiting' : 'failed';
  return (
    <li className="row-list__item delivery">
      <details>
        <summary className="delivery__summary">
          <span className={`delivery__status delivery__status--${tone}`}>
            {STATUS_TEXT[delivery.status]}
            {delivery.responseStatus !== null ? ` · ${delivery.responseStatus}` : ''}
          </span>
          <span className="delivery__event">{eventName(delivery.event)}</span>
          <span className="delivery__when">
            {timeAgo(delivery.lastAttemptAt ?? delivery.createdAt, now)}
            {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
          </span>
        </summary>
        <div className="delivery__details">
          <dl className="delivery__facts">
            <dt>Event id</dt>
            <dd>
              <code>{delivery.eventId}</code>
            </dd>
            <dt>Attempts</dt>
            <dd>{delivery.attempts}</dd>
            {delivery.nextAttemptAt ? (
              <>
                <dt>Next attempt</dt>
                <dd>{formatDateTime(delivery.nextAttemptAt)}</dd>
              </>
            ) : null}
            {delivery.error ? (
              <>
                <dt>Problem</dt>
                <dd>{delivery.error}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="delivery__heading">Request</h3>
          <pre className="delivery__body" tabIndex={0} aria-label="Request body">
            {readable(delivery.requestBody)}
          </pre>
          <h3 className="delivery__heading">
            Response{delivery.responseStatus !== null ? ` · ${delivery.responseStatus}` : ''}
          </h3>
          {delivery.responseBody ? (
            <pre className="delivery__body" tabIndex={0} aria-label="Response body">
              {readable(delivery.responseBody)}
            </pre>
          ) : (
            <p className="delivery__none">
              {delivery.attempts === 0 ? 'Not sent yet.' : 'No response body.'}
            </p>
          )}
          <Button size="sm" onClick={onRedeliver} disabled={busy}>
            {busy ? 'Sending…' : 'Redeliver'}
          </Button>
        </div>
      </details>
    </li>
  );
}
