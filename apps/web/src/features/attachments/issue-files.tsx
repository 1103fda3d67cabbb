import { memo, useMemo, useState } from 'react';
import { mayDelete, type AttachmentDoc } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { fileUrl } from '../../data/files/file-url.ts';
import { useDocs, useMemberMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { formatBytes } from './attachment-text.ts';
import './issue-files.css';

/**
 * The files attached to an issue (SPEC §11), as the server took them: name, size, who added them
 * and when, each opening (or downloading) from its link; deleted by whoever added it, or by an
 * admin. Shown only when there are some.
 */
export const IssueFiles = memo(function IssueFiles({ issueId }: { issueId: string }) {
  const attachments = useDocs('attachment');
  const files = useMemo(
    () =>
      attachments
        .filter((a) => a.issueId === issueId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    [attachments, issueId],
  );
  if (files.length === 0) return null;
  return (
    <section className="issue-files" aria-labelledby="issue-files-title">
      <h2 id="issue-files-title">Files</h2>
      <ul className="issue-files__list">
        {files.map((file) => (
          <FileRow key={file._id} file={file} />
        ))}
      </ul>
    </section>
  );
});

function FileRow({ file }: { file: AttachmentDoc }) {
  const session = useWorkspace();
  const members = useMemberMap();
  const [confirming, setConfirming] = useState(false);
  const by = members.get(file.createdBy);
  const deletable = mayDelete(file, session.role, session.userId);

  const remove = async () => {
    const outcome = await session.update(() => {
      const current = session.store.get(file._id);
      return current ? [{ _id: current._id, _rev: current._rev, _deleted: true }] : null;
    });
    if (!outcome.ok) showToast(outcome.message, 'error');
    setConfirming(false);
  };

  return (
    <li className="issue-files__row">
      <a className="issue-files__link" href={fileUrl(session.slug, file._id)}>
        <span className="issue-files__name">{file.name}</span>
        <span className="issue-files__size">{formatBytes(file.size)}</span>
      </a>
      <span className="issue-files__meta">
        {by ? `${by.name || by.email}, ` : null}
        <time dateTime={file.createdAt} title={formatDateTime(file.createdAt)}>
          {timeAgo(file.createdAt)}
        </time>
      </span>
      {deletable && !confirming ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${file.name}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      ) : null}
      {confirming ? (
        <span className="issue-files__confirm" role="group" aria-label={`Delete ${file.name}?`}>
          <Button size="sm" variant="danger" onClick={() => void remove()}>
            Delete file
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </span>
      ) : null}
    </li>
  );
}
