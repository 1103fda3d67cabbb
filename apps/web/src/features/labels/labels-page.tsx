import { useMemo, useState } from 'react';
import type { LabelDoc } from '@keel/domain';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useDocs } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { labelControls } from './label-controls.ts';
import { EMPTY_LABEL_DRAFT } from './label-draft.ts';
import { LabelForm } from './label-form.tsx';
import { LabelRow } from './label-row.tsx';
import { createLabel, deleteLabel } from './label-writes.ts';
import './labels.css';

/** `/:ws/settings/labels`: members create labels; admins and owners also rename, recolour, delete. */
export function LabelsPage() {
  useDocumentTitle('Labels');
  const session = useWorkspace();
  const { create: canCreate, edit: canEdit, delete: canDelete } = labelControls(session.role);
  const all = useDocs('label');
  const issues = useDocs('issue');
  const labels = useMemo(() => [...all].sort((a, b) => a.name.localeCompare(b.name)), [all]);
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const issue of issues)
      for (const id of issue.labelIds) map.set(id, (map.get(id) ?? 0) + 1);
    return map;
  }, [issues]);
  const [deleting, setDeleting] = useState<LabelDoc | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const outcome = await deleteLabel(session, deleting._id);
    setBusy(false);
    if (!outcome.ok) showToast(outcome.message, 'error');
    else showToast(`Label ${deleting.name} deleted`, 'success');
    setDeleting(null);
  };

  const deletingCount = deleting ? (counts.get(deleting._id) ?? 0) : 0;
  return (
    <div className="settings-section">
      <h1 className="settings-section__title">Labels</h1>
      <p className="settings-section__intro">
        Labels sort issues across projects, like Bug or Design. Names are unique, ignoring case.
      </p>
      {canCreate ? (
        <section className="labels__create" aria-labelledby="new-label-title">
          <h2 id="new-label-title" className="labels__subtitle">
            New label
          </h2>
          <LabelForm
            initial={EMPTY_LABEL_DRAFT}
            resetTo={EMPTY_LABEL_DRAFT}
            submitLabel="Create label"
            onSubmit={async (draft) => {
              const outcome = await createLabel(session, draft);
              if (outcome.ok) showToast(`Label ${draft.name.trim()} created`, 'success');
              return outcome;
            }}
          />
        </section>
      ) : null}
      {labels.length === 0 ? (
        <EmptyState title="No labels yet">
          <p>
            {canCreate
              ? 'Create one above, then add it to issues from the Labels field of an issue.'
              : 'Members can create labels; ask one to add the first.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Labels">
          {labels.map((label) => (
            <LabelRow
              key={label._id}
              label={label}
              issueCount={counts.get(label._id) ?? 0}
              canEdit={canEdit}
              canDelete={canDelete}
              onDelete={() => setDeleting(label)}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={deleting !== null}
        title={deleting ? `Delete label ${deleting.name}?` : ''}
        onClose={() => setDeleting(null)}
      >
        <div className="form">
          <p>
            {deletingCount === 1
              ? 'It is removed from the issue that carries it. This cannot be undone.'
              : deletingCount > 1
                ? `It is removed from the ${deletingCount} issues that carry it. This cannot be undone.`
                : 'No issue carries it. This cannot be undone.'}
          </p>
          <FormActions>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button
              variant="danger"
              data-autofocus
              disabled={busy}
              onClick={() => void confirmDelete()}
            >
              Delete label
            </Button>
          </FormActions>
        </div>
      </Dialog>
    </div>
  );
}
