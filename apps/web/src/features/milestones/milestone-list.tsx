import { useRef, useState } from 'react';
import type { MilestoneDoc, ProjectProgress } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { EMPTY_MILESTONE_DRAFT } from './milestone-draft.ts';
import { MilestoneForm } from './milestone-form.tsx';
import { MilestoneRow } from './milestone-row.tsx';
import { createMilestone, deleteMilestone } from './milestone-writes.ts';
import './milestones.css';

export interface MilestoneListProps {
  projectId: string;
  milestones: readonly MilestoneDoc[];
  progress: ProjectProgress;
  today: string;
  canEdit: boolean;
}

/**
 * A project's milestones in their order, each with its progress (SPEC §10); owners and admins
 * add, edit, reorder and delete them. Deleting one takes its issues out of it.
 */
export function MilestoneList({
  projectId,
  milestones,
  progress,
  today,
  canEdit,
}: MilestoneListProps) {
  const session = useWorkspace();
  const [deleting, setDeleting] = useState<MilestoneDoc | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const deletingCount = deleting
    ? (() => {
        const p = progress.byMilestone.get(deleting._id);
        return p ? p.scope.count + p.canceled.count : 0;
      })()
    : 0;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const outcome = await deleteMilestone(session, deleting._id);
    setBusy(false);
    if (!outcome.ok) showToast(outcome.message, 'error');
    else showToast(`Milestone ${deleting.name} deleted`, 'success');
    setDeleting(null);
    // Its row, and the Delete button that opened the dialog, are gone: focus the list's heading.
    if (outcome.ok) requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <section className="milestones" aria-labelledby="milestones-heading">
      <h2 id="milestones-heading" className="milestones__heading" ref={heading} tabIndex={-1}>
        Milestones
      </h2>
      {milestones.length === 0 ? (
        <p className="milestones__empty">
          {canEdit
            ? 'Break the project into milestones to see how far along each part is. Add the first below.'
            : 'This project has no milestones yet. An admin or owner can add them.'}
        </p>
      ) : (
        <ol className="milestones__list">
          {milestones.map((milestone, i) => (
            <MilestoneRow
              key={milestone._id}
              milestone={milestone}
              progress={progress.byMilestone.get(milestone._id)!}
              first={i === 0}
              last={i === milestones.length - 1}
              count={milestones.length}
              today={today}
              canEdit={canEdit}
              onDelete={() => setDeleting(milestone)}
            />
          ))}
        </ol>
      )}
      {canEdit ? (
        <MilestoneForm
          initial={EMPTY_MILESTONE_DRAFT}
          count={milestones.length}
          submitLabel="Add milestone"
          label="Add milestone"
          onSubmit={(draft) => createMilestone(session, projectId, draft)}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        title={deleting ? `Delete milestone ${deleting.name}?` : ''}
        onClose={() => setDeleting(null)}
      >
        <div className="form">
          <p>
            {deletingCount === 1
              ? 'Its issue stays in the project, in no milestone.'
              : deletingCount > 1
                ? `Its ${deletingCount} issues stay in the project, in no milestone.`
                : 'No issue is in it.'}
          </p>
          <FormActions>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button variant="danger" disabled={busy} onClick={() => void confirmDelete()}>
              Delete milestone
            </Button>
          </FormActions>
        </div>
      </Dialog>
    </section>
  );
}
