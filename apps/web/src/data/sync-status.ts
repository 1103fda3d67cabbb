/**
 * What the sync indicator says, derived from plain signals so the rule can be tested without a
 * database: one of Synced, Syncing…, Offline — N changes saved on this device, Sync error.
 */

export type DirectionState = 'starting' | 'active' | 'idle' | 'unreachable' | 'failed';

export interface SyncSignals {
  /** navigator.onLine */
  online: boolean;
  push: DirectionState;
  pull: DirectionState;
  /** Local changes not yet pushed to the server. */
  pending: number;
  /** Files pasted or dropped into issues, kept on this device until they are uploaded. */
  files: number;
  /**
   * Issue numbers are being reserved for a project this device has none left for: until they
   * are, an issue could not be created offline, so the device is not ready to go offline.
   */
  reserving: boolean;
  /**
   * A change is on screen but not yet committed to the device's replica: until it is, it is
   * neither saved here nor on its way to the server, so nothing may say Synced.
   */
  saving: boolean;
  /**
   * Why the server last refused a replication request, when it answered with a code of the error
   * catalogue: its message as the server filled it in (a reference number, say).
   */
  problem: string | null;
}

export type SyncStatus =
  | { kind: 'synced' }
  | { kind: 'syncing' }
  | { kind: 'offline'; pending: number }
  | { kind: 'error'; problem: SyncSignals['problem'] };

export function deriveSyncStatus(signals: SyncSignals): SyncStatus {
  const { online, push, pull, pending, files, reserving, saving, problem } = signals;
  if (!online || push === 'unreachable' || pull === 'unreachable')
    return { kind: 'offline', pending: pending + files };
  if (push === 'failed' || pull === 'failed') return { kind: 'error', problem };
  if (push === 'idle' && pull === 'idle' && pending === 0 && files === 0 && !reserving && !saving)
    return { kind: 'synced' };
  return { kind: 'syncing' };
}

export function syncStatusLabel(status: SyncStatus): string {
  switch (status.kind) {
    case 'synced':
      return 'Synced';
    case 'syncing':
      return 'Syncing…';
    case 'error':
      return 'Sync error';
    case 'offline':
      return `Offline — ${status.pending} ${status.pending === 1 ? 'change' : 'changes'} saved on this device`;
  }
}

/**
 * What the line under the indicator explains, from the error catalogue: why syncing stopped,
 * when the server said (DB_UNAVAILABLE: the changes are safe on this device).
 */
export function syncStatusDetail(status: SyncStatus): string | null {
  return status.kind === 'error' ? status.problem : null;
}

/** How a direction's pause reads: a server that answered with an error is not "offline". */
export function pausedState(error: { status: number | null } | null): DirectionState {
  if (!error) return 'idle';
  return error.status === null ? 'unreachable' : 'failed';
}
