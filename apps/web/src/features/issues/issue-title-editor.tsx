import { useState, type KeyboardEvent } from 'react';
import { issueTitleSchema } from '@keel/domain';
import { useFieldIds } from '../../shared/ui/use-field-ids.ts';
import type { WriteOutcome } from '../sync/workspace-session.ts';

export interface IssueTitleEditorProps {
  title: string;
  readOnly: boolean;
  onSave: (title: string) => Promise<WriteOutcome>;
}

/**
 * The title as an inline input: Enter or leaving the field saves, Esc goes back to the saved
 * title. An invalid title shows the domain's message, saves nothing and keeps what was typed.
 */
export function IssueTitleEditor({ title, readOnly, onSave }: IssueTitleEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useFieldIds(error, null);

  const commit = async () => {
    if (draft === null) return;
    const parsed = issueTitleSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the title');
      return;
    }
    const outcome = await onSave(parsed.data);
    if (outcome.ok) {
      setDraft(null);
      setError(null);
    } else setError(outcome.errors[0]?.message ?? outcome.message);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
      setError(null);
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
}
