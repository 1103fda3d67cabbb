import { useState, type FormEvent } from 'react';
import {
  createInvitationBody,
  invitableRoleSchema,
  zodErrors,
  type InvitableRole,
} from '@keel/domain';
import { fieldErrorMap } from '../../shared/lib/problem.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { ShownOnce } from '../../shared/ui/shown-once.tsx';
import { createInvitation, ROLE_NAMES } from './members-client.ts';

export interface InviteDialogProps {
  open: boolean;
  slug: string;
  roles: readonly InvitableRole[];
  onClose: () => void;
  onCreated: () => void;
}

/** Email (optional) and role → a link shown once, with Copy; the server keeps only its hash. */
export function InviteDialog({ open, slug, roles, onClose, onCreated }: InviteDialogProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setEmail('');
    setRole('member');
    setErrors({});
    setFormError(null);
    setLink(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email, role };
    const checked = createInvitationBody.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorMap(zodErrors(checked.error)));
      return;
    }
    setBusy(true);
    const result = await createInvitation(slug, body);
    setBusy(false);
    if (!result.ok) {
      setErrors(fieldErrorMap(result.errors));
      setFormError(result.message);
      return;
    }
    setLink(result.value.link);
    onCreated();
  };

  return (
    <Dialog
      open={open}
      title={link ? 'Invitation link' : 'Invite to the workspace'}
      onClose={close}
    >
      {link ? (
        <ShownOnce label="Invitation link" value={link} onDone={close}>
          <p>
            Send this link to the person you invite. It works once and expires in 7 days; this is
            the only time Keel shows it.
          </p>
        </ShownOnce>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <FormError>{formError}</FormError>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            hint="Optional. When given, only someone signed in with this address can join."
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(e) => setRole(invitableRoleSchema.catch('member').parse(e.target.value))}
            options={roles.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
            error={errors.role}
          />
          <FormActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={busy}>
              Create link
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
