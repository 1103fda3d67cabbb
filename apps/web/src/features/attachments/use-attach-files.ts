import type { ClipboardEvent, DragEvent } from 'react';
import { can, errorMessage, LIMITS } from '@keel/domain';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { attachmentMarkdown } from './attachment-text.ts';

type Handlers = {
  onPaste?: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  onDrop?: (event: DragEvent<HTMLTextAreaElement>) => void;
  onDragOver?: (event: DragEvent<HTMLTextAreaElement>) => void;
};

/**
 * Paste or drop files into a text area of an issue (its description, a comment): each is kept on
 * this device and uploaded (data/files/file-uploader.ts), and the text gets a picture or a link
 * where the caret is, at once, offline too. Nothing for those who may not upload (viewers).
 */
export function useAttachFiles(issueId: string | undefined): Handlers {
  const session = useWorkspace();
  if (!issueId || !can(session.role, 'attachment:upload')) return {};

  const attach = async (area: HTMLTextAreaElement, files: readonly File[]) => {
    const texts: string[] = [];
    for (const file of files) {
      if (file.size > LIMITS.attachmentBytes) {
        showToast(
          `“${file.name}” was not attached: ${errorMessage('PAYLOAD_TOO_LARGE')} Files are at most 25 MB.`,
          'error',
        );
        continue;
      }
      if (file.size === 0) {
        showToast(`“${file.name}” was not attached: the file is empty.`, 'error');
        continue;
      }
      try {
        const { url } = await session.files.add(file, issueId);
        texts.push(attachmentMarkdown(file, url));
      } catch {
        // The device had no room to keep it (IndexedDB's quota): nothing names a file not kept.
        showToast(`“${file.name}” was not attached: ${errorMessage('STORAGE_FULL')}`, 'error');
      }
    }
    if (texts.length) insertAtCaret(area, texts.join('\n'));
  };

  return {
    onPaste: (event) => {
      const files = [...event.clipboardData.files];
      if (!files.length) return;
      event.preventDefault();
      void attach(event.currentTarget, files);
    },
    onDrop: (event) => {
      const files = [...event.dataTransfer.files];
      if (!files.length) return;
      event.preventDefault();
      void attach(event.currentTarget, files);
    },
    onDragOver: (event) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
  };
}

/**
 * Put `text` at the caret as if typed (one step of undo; the text area's own input event tells
 * React), on a line of its own.
 */
function insertAtCaret(area: HTMLTextAreaElement, text: string): void {
  const before = area.value.slice(0, area.selectionStart);
  const inserted = (before && !before.endsWith('\n') ? '\n' : '') + text + '\n';
  area.focus();
  if (document.execCommand('insertText', false, inserted)) return;
  // No editing command (an old browser): the value through its native setter, then the event.
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  const at = area.selectionStart;
  setter?.call(area, area.value.slice(0, at) + inserted + area.value.slice(area.selectionEnd));
  area.setSelectionRange(at + inserted.length, at + inserted.length);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}
