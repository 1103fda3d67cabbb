import { useState } from 'react';
import type { ProjectDoc, WorkflowState } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';

export interface DeleteStateDialogProps {
  project: ProjectDoc;
  /** The state to delete; the dialog is closed when null. */
  state: WorkflowState | null;
  issueCount: number;
  onClose: () => void;
  /** Resolves to the refusal to show, or null once deleted. */
  onConfirm: (targetId: string | null) => Promise<string | null>;
}

/**
 * SPEC §4: a state that holds issues is deleted only together with moving them, so the dialog
 * asks where they go before anything is written.
 */
export function DeleteStateDialog(props: DeleteStateDialogProps) {
  const { state } = props;
  return (
    <Dialog
      open={state !== null}
      title={state ? `Delete ${state.name}?` : ''}
      onClose={props.onClose}
    >
      {state ? <DeleteStateForm key={state.id} {...props} state={state} /> : null}
    </Dialog>
  );
}

function DeleteStateForm({
  project,
  state,
  issueCount,
  onClose,
  onConfirm,
}: DeleteStateDialogProps & { state: WorkflowState }) {
  const others = project.states.filter((s) => s.id !== state.id);
  const [targetId, setTargetId] = useState(others[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const refusal = await onConfirm(issueCount > 0 ? targetId : null);
    setBusy(false);
    if (refusal) setError(refusal);
    else onClose();
  };

  const count = `${issueCount} ${issueCount === 1 ? 'issue' : 'issues'}`;
  return (
    <div className="form">
      <FormError>{error}</FormError>
      {issueCount > 0 ? (
        <>
          <p>
            {state.name} holds {count}. Choose the state of {project.name} they move to; they move
            when the state is deleted.
          </p>
          <SelectField
            label="Move its issues to"
            value={targetId}
            options={others.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(e) => setTargetId(e.target.value)}
          />
        </>
      ) : (
        <p>No issues are in {state.name}. Deleting it cannot be undone.</p>
      )}
      <FormActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => void confirm()}
          data-autofocus={issueCount === 0 ? true : undefined}
        >
          {issueCount > 0 ? `Delete and move ${count}` : 'Delete state'}
        </Button>
      </FormActions>
    </div>
  );
}
