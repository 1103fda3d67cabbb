import type { WebhookSummary } from '@keel/domain';
import { timeAgo } from '../../shared/lib/format-time.ts';

/** Whether a webhook works: in words, with a dot whose colour only repeats them. */
export function WebhookStatus({ webhook, now }: { webhook: WebhookSummary; now: Date }) {
  const [tone, text] = !webhook.active
    ? webhook.disabledAt
      ? ['off', `Turned off ${timeAgo(webhook.disabledAt, now)}: it failed for 24 hours`]
      : ['off', 'Turned off']
    : webhook.failingSince
      ? ['failing', `Failing since ${timeAgo(webhook.failingSince, now)}`]
      : ['ok', 'Active'];
  return (
    <span className={`webhook-status webhook-status--${tone}`}>
      <span className="webhook-status__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
