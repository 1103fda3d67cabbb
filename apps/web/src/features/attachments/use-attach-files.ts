import type { ClipboardEvent, DragEvent } from 'react';
import { can } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';

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
  // What attaching takes loads on the first paste or drop, not with the issue page.
  const attach = (area: HTMLTextAreaElement, files: File[]) =>
    void import('./attach-files.ts').then(({ attachFiles }) =>
      attachFiles(session.files, issueId, area, files),
    );
  return {
    onPaste: (event) => {
      const files = [...event.clipboardData.files];
      if (!files.length) return;
      event.preventDefault();
      attach(event.currentTarget, files);
    },
    onDrop: (event) => {
      const files = [...event.dataTransfer.files];
      if (!files.length) return;
      event.preventDefault();
      attach(event.currentTarget, files);
    },
    onDragOver: (event) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
  };
}
