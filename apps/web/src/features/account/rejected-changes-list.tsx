import { useSyncExternalStore } from 'react';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import {
  dismissRejected,
  rejectedChanges,
  type RejectedChange,
} from '../../data/rejected/rejected-store.ts';
import './rejected-changes.css';

async function copy(entry: RejectedChange) {
  try {
    await navigator.clipboard.writeText(entry.text);
    showToast('Copied to the clipboard.', 'success');
  } catch {
    showToast('The browser did not allow copying. Select the text and copy it instead.', 'error');
  }
}

/** "Rejected changes" on /account: what the server refused, kept on this device to copy. */
export function RejectedChangesList({ userId }: { userId: string }) {
  const store = rejectedChanges(userId);
  const entries = useSyncExternalStore(store.subscribe, store.get);
  return (
    <section className="account__section rejected" aria-labelledby="account-rejected">
      <h2 id="account-rejected">Rejected changes</h2>
      {entries.length === 0 ? (
        <p>
          None. If the server ever refuses a change made on this device, Keel undoes it and keeps
          its text here so you can copy it.
        </p>
      ) : (
        <>
          <p>
            The server refused these changes, so they were undone. Their text is kept on this device
            only: copy what you need, then dismiss it.
          </p>
          <ul className="rejected__list">
            {entries.map((entry) => (
              <RejectedEntry key={entry.id} entry={entry} userId={userId} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RejectedEntry({ entry, userId }: { entry: RejectedChange; userId: string }) {
  const headingId = `rejected-${entry.id}`;
  return (
    <li className="rejected__entry">
      <div className="rejected__head">
        <h3 id={headingId} className="rejected__subject">
          {entry.subject}
          <span className="rejected__workspace"> in {entry.slug}</span>
        </h3>
        <time dateTime={entry.at} title={formatDateTime(entry.at)} className="rejected__time">
          {timeAgo(entry.at)}
        </time>
      </div>
      <p className="rejected__reason">{entry.reason}</p>
      <pre
        className="rejected__text"
        tabIndex={0}
        aria-label={`Text of the change to ${entry.subject}`}
      >
        {entry.text}
      </pre>
      <div className="rejected__actions">
        <Button
          size="sm"
          onClick={() => void copy(entry)}
          aria-label={`Copy change to ${entry.subject}`}
        >
          Copy
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => dismissRejected(userId, entry.id)}
          aria-label={`Dismiss change to ${entry.subject}`}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}
