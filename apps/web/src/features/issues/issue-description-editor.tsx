import { useState } from 'react';
import { issueDescriptionSchema } from '@keel/domain';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';

export interface IssueDescriptionEditorProps {
  description: string;
  readOnly: boolean;
  onSave: (description: string) => Promise<WriteOutcome>;
}

/** Markdown as plain text for now; saved when the field loses focus. */
export function IssueDescriptionEditor({
  description,
  readOnly,
  onSave,
}: IssueDescriptionEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = async () => {
    if (draft === null) return;
    const parsed = issueDescriptionSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the description');
      return;
    }
    const outcome = await onSave(parsed.data);
    if (outcome.ok) {
      setDraft(null);
      setError(null);
    } else setError(outcome.errors[0]?.message ?? outcome.message);
  };

  return (
    <TextAreaField
      label="Description"
      hideLabel
      className="issue-description"
      placeholder={readOnly ? 'No description' : 'Add a description… (Markdown)'}
      value={draft ?? description}
      readOnly={readOnly}
      error={error}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => void commit()}
    />
  );
}
