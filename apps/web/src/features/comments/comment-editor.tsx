import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { activeMentionQuery, checkCommentBody, type MemberDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import { useMembers } from '../../data/use-docs.ts';
import { useAttachFiles } from '../attachments/index.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { mentionStartingAt } from './mention-text.ts';
import { suggestMembers } from './mention-suggestions.ts';
import { useMentionText } from './use-mention-text.ts';

export interface CommentEditorProps {
  label: string;
  initial?: string;
  submitLabel: string;
  placeholder?: string;
  onSubmit: (body: string) => Promise<WriteOutcome>;
  onCancel?: () => void;
  /** The issue the comment is on: files pasted or dropped in are attached to it. */
  issueId?: string;
}

/**
 * Markdown text with `@` mentions: typing `@` and part of a name lists members; arrows move,
 * Enter or Tab picks, Esc closes. A chosen mention reads as the name (`@Ada Lovelace`) and is
 * sent as `@[Ada Lovelace](user:id)`. Ctrl/Cmd+Enter sends. A refused comment keeps its text.
 */
export function CommentEditor({
  label,
  initial = '',
  submitLabel,
  placeholder,
  onSubmit,
  onCancel,
  issueId,
}: CommentEditorProps) {
  const members = useMembers();
  const attach = useAttachFiles(issueId);
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const box = useMentionText(initial, area);
  const { text } = box.value;
  const [caret, setCaret] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const query = activeMentionQuery(text, caret);
  // A mention already made reads like a query ("@Ada"): it is not one.
  const mention = query && !mentionStartingAt(box.value, query.start) ? query : null;
  const suggestions =
    mention && dismissed !== mention.start ? suggestMembers(members, mention.query) : [];
  const open = suggestions.length > 0;

  const pick = (member: MemberDoc | undefined) => {
    if (!member || !mention) return;
    box.insertMention(member, mention.start, caret);
  };

  const submit = async () => {
    const sent = box.value;
    const checked = checkCommentBody(box.stored());
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    const outcome = await onSubmit(checked.body);
    setBusy(false);
    if (!outcome.ok) return setError(outcome.errors[0]?.message ?? outcome.message);
    setError(null);
    // Cleared for the next comment unless more was typed while the save ran: that is kept.
    if (!initial) box.clear(sent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Backspace' || event.key === 'Delete') box.selectMentionToDelete(event.key);
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + delta + suggestions.length) % suggestions.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      pick(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (open && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mention?.start ?? null);
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) onCancel();
  };

  return (
    <form
      className="comment-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="comment-editor__field">
        <TextAreaField
          ref={area}
          label={label}
          hideLabel
          value={text}
          placeholder={placeholder ?? 'Leave a comment… Markdown and @mentions work'}
          error={error}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            box.onInput(e.target);
            setCaret(e.target.selectionStart);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          {...attach}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label="Mention a member" className="mention-list">
            {suggestions.map((m, i) => (
              <li
                key={m.userId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="mention-list__option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(m)}
              >
                <span>{m.name || m.email}</span>
                <span className="mention-list__email">{m.email}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="comment-editor__actions">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
