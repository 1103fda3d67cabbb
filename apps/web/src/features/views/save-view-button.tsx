import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { can, canonicalViewQuery, idTail } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { SaveViewDialog } from './save-view-dialog.tsx';
import { createView } from './saved-view-writes.ts';

export interface SaveViewButtonProps {
  /** The list's project, or null for all issues. */
  projectId: string | null;
  /** A name to start from ("… (copy)" when saving a view's changes as a new one). */
  initialName?: string;
  label?: string;
}

/**
 * Saves the list as it is filtered, grouped and sorted as a view of its own and opens it. Shown
 * once the list is anything but its default (there is something to save).
 */
export function SaveViewButton({
  projectId,
  initialName = '',
  label = 'Save view',
}: SaveViewButtonProps) {
  const session = useWorkspace();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const query = canonicalViewQuery(params.toString());
  if (!query) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <SaveViewDialog
        open={open}
        title="Save view"
        submitLabel="Save view"
        initial={{ name: initialName, shared: false }}
        canShare={can(session.role, 'view:share')}
        onClose={() => setOpen(false)}
        onSubmit={async (draft) => {
          const { outcome, view } = await createView(session, draft, query, projectId);
          if (outcome.ok) {
            setOpen(false);
            showToast(`View ${view.name} saved`, 'success');
            void navigate(`/${session.slug}/views/${idTail(view._id)}?${view.query}`);
          }
          return outcome;
        }}
      />
    </>
  );
}
