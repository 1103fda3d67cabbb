import { issueDescriptionSchema } from '@keel/domain';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { useValidatedDraft } from './use-validated-draft.ts';

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
  const { draft, setDraft, error, commit } = useValidatedDraft(issueDescriptionSchema, onSave);

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
