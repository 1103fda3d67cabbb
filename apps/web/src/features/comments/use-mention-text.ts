import { useCallback, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { MemberDoc } from '@keel/domain';
import {
  applyTextChange,
  EMPTY_MENTION_TEXT,
  fromStored,
  mentionName,
  toStored,
  type MentionText,
} from './mention-text.ts';

/**
 * The text of a comment box that shows mentions as names (mention-text.ts). The text area stays
 * a plain, controlled text area, so the browser keeps its caret, selection, undo and IME; a
 * chosen mention goes in through the browser's own editing (`insertText`), so it is one step of
 * undo and the caret is after it before the next key is read.
 */
export function useMentionText(initialStored: string, area: RefObject<HTMLTextAreaElement | null>) {
  const [value, setValue] = useState<MentionText>(() => fromStored(initialStored));
  // Names chosen here (and those the text started with): their text coming back whole, by a
  // redo or a paste, is their mention again. Only handlers read and add to it.
  const [known] = useState(() => new Map(value.mentions.map((m) => [m.name, m.userId])));

  /** The text area's input event: follow what the browser did to its text. */
  const onInput = useCallback(
    (element: HTMLTextAreaElement) => {
      const next = element.value;
      const caret = element.selectionEnd;
      setValue((current) => applyTextChange(current, next, caret, known));
    },
    [known],
  );

  /** Put a mention of `member` over [start, end) of the shown text, as if typed there. */
  const insertMention = (member: MemberDoc, start: number, end: number) => {
    const element = area.current;
    if (!element) return;
    const name = mentionName(member.name || member.email, member.userId);
    known.set(name, member.userId);
    const inserted = `@${name} `;
    element.focus();
    element.setSelectionRange(start, end);
    if (document.execCommand('insertText', false, inserted)) return;
    // No editing command here (an old browser): set the text, then the caret, in one go.
    const next = element.value.slice(0, start) + inserted + element.value.slice(end);
    const caret = start + inserted.length;
    flushSync(() => setValue((current) => applyTextChange(current, next, caret, known)));
    element.setSelectionRange(caret, caret);
  };

  /**
   * Backspace right after a mention (or Delete right before one) selects it first, so the key
   * takes the whole name away, as one step of undo.
   */
  const selectMentionToDelete = (key: string): void => {
    const element = area.current;
    if (!element || element.selectionStart !== element.selectionEnd) return;
    const at = element.selectionStart;
    const mention = value.mentions.find((m) =>
      key === 'Backspace' ? m.end === at : key === 'Delete' && m.start === at,
    );
    if (mention) element.setSelectionRange(mention.start, mention.end);
  };

  const clear = (sent: MentionText) =>
    setValue((current) => (current === sent ? EMPTY_MENTION_TEXT : current));

  return {
    value,
    stored: () => toStored(value),
    onInput,
    insertMention,
    selectMentionToDelete,
    clear,
  };
}
