import { syncStatusDetail, syncStatusLabel } from '../../data/sync-status.ts';
import { useSyncStatus } from '../../data/use-sync-status.ts';
import './sync-indicator.css';

/**
 * Always in the sidebar: Synced, Syncing…, Offline — N changes saved on this device, Sync error.
 * Under a sync error, the server's reason from the error catalogue, when it gave one.
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const detail = syncStatusDetail(status);
  return (
    <div className="sync-indicator-block" aria-live="polite">
      <p className={`sync-indicator sync-indicator--${status.kind}`}>
        <span className="sync-indicator__dot" aria-hidden="true" />
        {syncStatusLabel(status)}
      </p>
      {detail ? <p className="sync-indicator__detail">{detail}</p> : null}
    </div>
  );
}
