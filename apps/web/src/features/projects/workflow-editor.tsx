import { useId, useMemo, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ProjectDoc, WorkflowEdit, WorkflowState } from '@keel/domain';
import { useIssues } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { DeleteStateDialog } from './delete-state-dialog.tsx';
import { deleteState, editWorkflow } from './project-writes.ts';
import { StateEditor, type StateFields, type StateRefusal } from './state-editor.tsx';
import { StateRow } from './state-row.tsx';
import './workflow-editor.css';
import { FormError } from '../../shared/ui/form-actions.tsx';

export interface WorkflowEditorProps {
  project: ProjectDoc;
  canEdit: boolean;
}

/** A project's workflow states, in order, with add, edit, reorder and delete for admins. */
export function WorkflowEditor({ project, canEdit }: WorkflowEditorProps) {
  const session = useWorkspace();
  const issues = useIssues(project._id);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkflowState | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const titleId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const issue of issues) map.set(issue.stateId, (map.get(issue.stateId) ?? 0) + 1);
    return map;
  }, [issues]);

  const run = async (edit: WorkflowEdit): Promise<StateRefusal | null> => {
    const outcome = await editWorkflow(session, project._id, edit);
    return outcome.ok ? null : outcome;
  };

  // Moves and deletions have no form of their own: their refusals show above the list.
  const move = async (id: string, toIndex: number) => {
    const refusal = await run({ kind: 'move', id, toIndex });
    setMessage(refusal?.message ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const toIndex = project.states.findIndex((s) => s.id === over.id);
    if (toIndex >= 0) void move(String(active.id), toIndex);
  };

  const save = (id: string) => async (fields: StateFields) => {
    const refusal = await run({ kind: 'update', id, ...fields });
    if (!refusal) setEditingId(null);
    return refusal;
  };

  return (
    <section className="workflow" aria-labelledby={titleId}>
      <h3 id={titleId} className="workflow__title">
        Workflow states
      </h3>
      <p className="workflow__intro">
        Issues move through these states in this order. A project keeps 3–20 states, with at least
        one Backlog or Unstarted, one Completed and one Canceled state.
      </p>
      <FormError>{message}</FormError>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={project.states.map((s) => s.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="row-list workflow__states" aria-label={`States of ${project.name}`}>
            {project.states.map((state, index) => (
              <StateRow
                key={state.id}
                state={state}
                index={index}
                total={project.states.length}
                issueCount={counts.get(state.id) ?? 0}
                canEdit={canEdit}
                editing={editingId === state.id}
                onEdit={(on) => setEditingId(on ? state.id : null)}
                onMove={(toIndex) => void move(state.id, toIndex)}
                onSave={save(state.id)}
                onDelete={() => {
                  setMessage(null);
                  setDeleting(state);
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {canEdit ? (
        <div className="workflow__add">
          <h4 className="workflow__subtitle">Add a state</h4>
          <StateEditor
            submitLabel="Add state"
            onSubmit={(fields) => run({ kind: 'add', ...fields })}
          />
        </div>
      ) : null}
      <DeleteStateDialog
        project={project}
        state={deleting}
        issueCount={deleting ? (counts.get(deleting.id) ?? 0) : 0}
        onClose={() => setDeleting(null)}
        onConfirm={async (targetId) => {
          const outcome = await deleteState(session, project._id, deleting!.id, targetId);
          return outcome.ok ? null : outcome.message;
        }}
      />
    </section>
  );
}
