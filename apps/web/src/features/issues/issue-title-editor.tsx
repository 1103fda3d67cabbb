import { memo, type KeyboardEvent } from 'react';
import { issueTitleSchema } from '@keel/domain';
import { useFieldIds } from '../../shared/ui/use-field-ids.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { useValidatedDraft } from './use-validated-draft.ts';

export interface IssueTitleEditorProps {
  title: string;
  readOnly: boolean;
  onSave: (title: string) => Promise<WriteOutcome>;
}

/**
 * The title as an inline input: Enter or leaving the field saves, Esc goes back to the saved
 * title. An invalid title shows the domain's message, saves nothing and keeps what was typed.
 * Memoised: an edit of another field does not redraw it.
 */
export const IssueTitleEditor = memo(function IssueTitleEditor({
  title,
  readOnly,
  onSave,
}: IssueTitleEditorProps) {
  const { draft, setDraft, error, commit, revert } = useValidatedDraft(issueTitleSchema, onSave);
  const ids = useFieldIds(error, null);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      revert();
    }
  };

  return (
    <div className="issue-title">
      <label htmlFor={ids.id} className="visually-hidden">
        Title
      </label>
      <input
        id={ids.id}
        className="issue-title__input"
        value={draft ?? title}
        readOnly={readOnly}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
