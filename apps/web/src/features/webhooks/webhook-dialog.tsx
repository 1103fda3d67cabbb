import { useRef, useState, type FormEvent } from 'react';
import {
  createWebhookBody,
  WEBHOOK_EVENT_GROUPS,
  zodErrors,
  type WebhookEvent,
  type WebhookSummary,
} from '@keel/domain';
import { fieldErrorMap } from '../../shared/lib/problem.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FieldMessages } from '../../shared/ui/field-messages.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { ShownOnce } from '../../shared/ui/shown-once.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { createWebhook, updateWebhook } from './webhooks-client.ts';

export interface WebhookDialogProps {
  slug: string;
  open: boolean;
  /** The webhook being edited; none: a new one. */
  editing: WebhookSummary | null;
  onClose: () => void;
  onSaved: () => void;
}

const DEFAULT_EVENTS: WebhookEvent[] = ['issue.created', 'issue.updated', 'issue.deleted'];
const actionOf = (event: WebhookEvent) => {
  const action = event.split('.')[1] ?? event;
  return `${action.charAt(0).toUpperCase()}${action.slice(1)}`;
};

/**
 * Name, URL and events → a webhook. A new one's signing secret is shown here, once; Keel keeps
 * it sealed and signs every delivery with it.
 */
export function WebhookDialog({ slug, open, editing, onClose, onSaved }: WebhookDialogProps) {
  const [label, setLabel] = useState(editing?.label ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? DEFAULT_EVENTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opening = useRef(0);

  const close = () => {
    opening.current++;
    setErrors({});
    setFormError(null);
    setSecret(null);
    setBusy(false);
    onClose();
  };

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = createWebhookBody.safeParse({ label, url, events });
    if (!checked.success) {
      setErrors(fieldErrorMap(zodErrors(checked.error)));
      return;
    }
    setBusy(true);
    setFormError(null);
    const asked = opening.current;
    const result = editing
      ? await updateWebhook(slug, editing.id, checked.data)
      : await createWebhook(slug, checked.data);
    if (asked !== opening.current) return;
    setBusy(false);
    if (!result.ok) {
      // What was typed stays; the message says what to change.
      setErrors(fieldErrorMap(result.errors));
      setFormError(result.message);
      return;
    }
    onSaved();
    if ('secret' in result.value) setSecret(result.value.secret);
    else close();
  };

  const eventsError =
    errors.events ?? Object.entries(errors).find(([k]) => k.startsWith('events.'))?.[1];

  return (
    <Dialog
      open={open}
      title={secret ? 'Your signing secret' : editing ? `Edit ${editing.label}` : 'New webhook'}
      onClose={close}
      dismissible={secret === null && !busy}
    >
      {secret ? (
        <ShownOnce label="Signing secret" value={secret} onDone={close}>
          <p>
            Copy it now: this is the only time Keel shows it. Each delivery carries a{' '}
            <code>Keel-Signature</code> header made with it, so your endpoint can tell Keel&apos;s
            requests from anyone else&apos;s.
          </p>
        </ShownOnce>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <FormError>{formError}</FormError>
          <TextField
            label="Name"
            value={label}
            maxLength={80}
            autoComplete="off"
            onChange={(e) => setLabel(e.target.value)}
            error={errors.label}
            hint="What receives it: “Slack bridge”, “Audit log”."
          />
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.example.com/keel"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
            hint="Keel sends each event here as a POST of JSON."
          />
          <fieldset
            className="webhook-events"
            aria-describedby={eventsError ? 'webhook-events-error' : undefined}
          >
            <legend className="field__label">Events</legend>
            <div className="webhook-events__groups">
              {WEBHOOK_EVENT_GROUPS.map((group) => (
                <fieldset key={group.label} className="webhook-events__group">
                  <legend>{group.label}</legend>
                  {group.events.map((event) => (
                    <label key={event} className="webhook-events__choice">
                      <input
                        type="checkbox"
                        checked={events.includes(event)}
                        onChange={(e) => toggle(event, e.target.checked)}
                      />
                      <span>{actionOf(event)}</span>
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
            <FieldMessages
              error={eventsError}
              errorId="webhook-events-error"
              hintId="webhook-events-hint"
            />
          </fieldset>
          <FormActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              {editing ? 'Save' : 'Create webhook'}
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
