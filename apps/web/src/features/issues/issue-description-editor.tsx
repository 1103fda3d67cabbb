import { memo, useState } from 'react';
import { issueDescriptionSchema } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import { MarkdownView } from '../markdown/index.ts';
import { useAttachFiles } from '../attachments/index.ts';
import { useMemberNames } from '../comments/index.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { useValidatedDraft } from './use-validated-draft.ts';

export interface IssueDescriptionEditorProps {
  /** The issue: files pasted or dropped into its description are attached to it. */
  issueId: string;
  description: string;
  readOnly: boolean;
  onSave: (description: string) => Promise<WriteOutcome>;
  /** Tick a task box of the rendered text; absent for a reader who may not edit. */
  onToggleTask?: ((index: number, checked: boolean) => Promise<boolean>) | undefined;
}

/**
 * The description in Markdown: shown rendered, edited as text. Saved when the text area loses
 * focus or on Save; an invalid text keeps the draft and shows the domain's message. Memoised:
 * an edit of another field does not redraw it.
 */
export const IssueDescriptionEditor = memo(function IssueDescriptionEditor({
  issueId,
  description,
  readOnly,
  onSave,
  onToggleTask,
}: IssueDescriptionEditorProps) {
  const { draft, setDraft, error, commit, revert } = useValidatedDraft(
    issueDescriptionSchema,
    onSave,
  );
  const [editing, setEditing] = useState(false);
  const nameOf = useMemberNames();
  const attach = useAttachFiles(issueId);
  const text = draft ?? description;
  const showEditor = !readOnly && (editing || error !== null);

  const done = async () => {
    await commit();
    setEditing(false);
  };

  return (
    <section className="issue-description" aria-label="Description">
      {readOnly ? null : (
        <div className="issue-description__toolbar" role="group" aria-label="Description mode">
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={showEditor}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button size="sm" variant="ghost" aria-pressed={!showEditor} onClick={() => void done()}>
            Preview
          </Button>
        </div>
      )}
      {showEditor ? (
        <TextAreaField
          label="Description"
          hideLabel
          autoFocus
          placeholder="Add a description… Markdown works; paste or drop files to attach them"
          value={text}
          error={error}
          {...attach}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              revert();
              setEditing(false);
            }
          }}
        />
      ) : text.trim() ? (
        <MarkdownView
          markdown={text}
          nameOf={nameOf}
          onToggleTask={readOnly ? undefined : onToggleTask}
          className="issue-description__view"
        />
      ) : (
        <p className="issue-description__empty">
          {readOnly ? 'No description.' : 'No description yet. Choose Edit to add one.'}
        </p>
      )}
    </section>
  );
});
