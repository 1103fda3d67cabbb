import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { WorkflowState } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { StateEditor, type StateFields, type StateRefusal } from './state-editor.tsx';
import { CATEGORY_LABELS } from './state-labels.ts';

export interface StateRowProps {
  state: WorkflowState;
  index: number;
  total: number;
  issueCount: number;
  canEdit: boolean;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onMove: (toIndex: number) => void;
  onSave: (fields: StateFields) => Promise<StateRefusal | null>;
  onDelete: () => void;
}

/**
 * One workflow state. Drag by the handle (mouse, touch, or keyboard: Space, arrows, Space), or
 * use Move up / Move down; both save the new order at once.
 */
export function StateRow(props: StateRowProps) {
  const { state, index, total, issueCount, canEdit, editing } = props;
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: state.id,
    disabled: !canEdit || editing,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const count = `${issueCount.toLocaleString('en')} ${issueCount === 1 ? 'issue' : 'issues'}`;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={['row-list__item state-row', isDragging ? 'state-row--dragging' : ''].join(' ')}
    >
      {editing ? (
        <StateEditor
          state={state}
          submitLabel="Save state"
          onSubmit={props.onSave}
          onCancel={() => props.onEdit(false)}
        />
      ) : (
        <div className="row-list__line">
          {canEdit ? (
            <button
              type="button"
              className="state-row__handle"
              aria-label={`Drag ${state.name} to reorder`}
              {...attributes}
              {...listeners}
            >
              <span aria-hidden="true">⠿</span>
            </button>
          ) : null}
          <span
            className="row-list__swatch"
            style={{ background: state.color }}
            aria-hidden="true"
          />
          <span className="row-list__name state-row__name">{state.name}</span>
          <span className="row-list__meta">{CATEGORY_LABELS[state.category]}</span>
          <span className="row-list__count">{count}</span>
          {canEdit ? (
            <span className="state-row__actions">
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${state.name} up`}
                disabled={index === 0}
                onClick={() => props.onMove(index - 1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${state.name} down`}
                disabled={index === total - 1}
                onClick={() => props.onMove(index + 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${state.name}`}
                onClick={() => props.onEdit(true)}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${state.name}`}
                onClick={props.onDelete}
              >
                Delete
              </Button>
            </span>
          ) : null}
        </div>
      )}
    </li>
  );
}
