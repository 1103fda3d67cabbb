import { syncStatusLabel } from './sync-status.ts';
import { useSyncStatus } from './use-sync-status.ts';
import './sync-indicator.css';

/** Always in the sidebar: Synced, Syncing…, Offline — N changes saved on this device, Sync error. */
export function SyncIndicator() {
  const status = useSyncStatus();
  return (
    <p className={`sync-indicator sync-indicator--${status.kind}`} aria-live="polite">
      <span className="sync-indicator__dot" aria-hidden="true" />
      {syncStatusLabel(status)}
    </p>
  );
}
