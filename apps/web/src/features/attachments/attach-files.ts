import { errorMessage, LIMITS } from '@keel/domain';
import { showToast } from '../../shared/ui/toast-store.ts';
import type { SessionFiles } from '../../data/files/session-files.ts';
import { attachmentMarkdown } from './attachment-text.ts';

/**
 * Keep each file on the device and name it in the text at the caret (use-attach-files.ts): loaded
 * on the first paste or drop.
 */
export async function attachFiles(
  files: Pick<SessionFiles, 'add'>,
  issueId: string,
  area: HTMLTextAreaElement,
  chosen: readonly File[],
): Promise<void> {
  const texts: string[] = [];
  for (const file of chosen) {
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
      const { url } = await files.add(file, issueId);
      texts.push(attachmentMarkdown(file, url));
    } catch {
      // The device had no room to keep it (IndexedDB's quota): nothing names a file not kept.
      showToast(`“${file.name}” was not attached: ${errorMessage('STORAGE_FULL')}`, 'error');
    }
  }
  if (texts.length) insertAtCaret(area, texts.join('\n'));
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
