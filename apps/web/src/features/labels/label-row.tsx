import { useState } from 'react';
import type { LabelDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { LabelForm } from './label-form.tsx';
import { updateLabel } from './label-writes.ts';

export interface LabelRowProps {
  label: LabelDoc;
  issueCount: number;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

/** One label; admins edit its name and colour in place. */
export function LabelRow({ label, issueCount, canEdit, canDelete, onDelete }: LabelRowProps) {
  const session = useWorkspace();
  const [editing, setEditing] = useState(false);
  return (
    <li className="row-list__item">
      {editing ? (
        <LabelForm
          initial={{ name: label.name, color: label.color }}
          selfId={label._id}
          submitLabel="Save label"
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            const outcome = await updateLabel(session, label._id, draft);
            if (outcome.ok) setEditing(false);
            return outcome;
          }}
        />
      ) : (
        <div className="row-list__line">
          <span
            className="row-list__swatch"
            style={{ background: label.color }}
            aria-hidden="true"
          />
          <span className="row-list__name">{label.name}</span>
          <span className="row-list__count">
            {issueCount.toLocaleString('en')} {issueCount === 1 ? 'issue' : 'issues'}
          </span>
          {canEdit ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit label ${label.name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete label ${label.name}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
