import { useRef, useState, type FormEvent } from 'react';
import {
  apiTokenScopeSchema,
  createApiTokenBody,
  zodErrors,
  type ApiTokenScope,
} from '@keel/domain';
import { fieldErrorMap } from '../../shared/lib/problem.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { ShownOnce } from '../../shared/ui/shown-once.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { createToken, EXPIRY_CHOICES, expiryDate, type ExpiryChoice } from './api-tokens-client.ts';

const SCOPES = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
] as const;

export interface NewTokenDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

/** Name, access and lifetime → the token, shown this once; Keel keeps only its hash. */
export function NewTokenDialog({ open, onClose, onCreated }: NewTokenDialogProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each opening of the dialog: an answer that arrives after it closed is not shown in a later one.
  const opening = useRef(0);

  const close = () => {
    opening.current++;
    setName('');
    setScope('read');
    setExpiry('30');
    setErrors({});
    setFormError(null);
    setToken(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, scope, expiresAt: expiryDate(expiry, Date.now()) };
    const checked = createApiTokenBody.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorMap(zodErrors(checked.error)));
      return;
    }
    setBusy(true);
    const asked = opening.current;
    const result = await createToken(checked.data);
    if (asked !== opening.current) return;
    setBusy(false);
    if (!result.ok) {
      setErrors(fieldErrorMap(result.errors));
      setFormError(result.message);
      return;
    }
    setToken(result.value.token);
    onCreated();
  };

  return (
    // Shown once: neither Escape nor a stray × throws the token away before it is copied; Done
    // does. Nor is the dialog left while the token is being made.
    <Dialog
      open={open}
      title={token ? 'Your new token' : 'New API token'}
      onClose={close}
      dismissible={token === null && !busy}
    >
      {token ? (
        <ShownOnce label="Token" value={token} onDone={close}>
          <p>
            Copy it now: this is the only time Keel shows it. Send it as{' '}
            <code>Authorization: Bearer …</code> to <code>/api/v1</code>.
          </p>
        </ShownOnce>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <FormError>{formError}</FormError>
          <TextField
            label="Name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            hint="What uses it, so you know which to revoke: “Release script”."
          />
          <SelectField
            label="Access"
            value={scope}
            onChange={(e) => setScope(apiTokenScopeSchema.catch('read').parse(e.target.value))}
            options={SCOPES}
            error={errors.scope}
            hint="It acts as you, with your role in each workspace."
          />
          <SelectField
            label="Expiration"
            value={expiry}
            onChange={(e) =>
              setExpiry(EXPIRY_CHOICES.find((c) => c.value === e.target.value)?.value ?? '30')
            }
            options={EXPIRY_CHOICES}
            error={errors.expiresAt}
          />
          <FormActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              Create token
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
