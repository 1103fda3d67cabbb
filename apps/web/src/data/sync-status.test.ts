import { describe, expect, it } from 'vitest';
import { errorMessage } from '@keel/domain';
import {
  deriveSyncStatus,
  pausedState,
  syncStatusDetail,
  syncStatusLabel,
  type SyncSignals,
} from './sync-status.ts';

const signals = (over: Partial<SyncSignals>): SyncSignals => ({
  online: true,
  push: 'idle',
  pull: 'idle',
  pending: 0,
  files: 0,
  reserving: false,
  saving: false,
  problem: null,
  ...over,
});
const label = (over: Partial<SyncSignals>) => syncStatusLabel(deriveSyncStatus(signals(over)));

describe('deriveSyncStatus', () => {
  it('is Synced when both directions are idle and nothing is waiting', () => {
    expect(label({})).toBe('Synced');
  });

  it('is Syncing… while starting, moving data, or with unpushed changes', () => {
    expect(label({ push: 'starting', pull: 'starting' })).toBe('Syncing…');
    expect(label({ pull: 'active' })).toBe('Syncing…');
    expect(label({ pending: 2 })).toBe('Syncing…');
  });

  it('is Syncing… while issue numbers for offline use are on their way, and Offline says nothing of them', () => {
    expect(label({ reserving: true })).toBe('Syncing…');
    expect(label({ reserving: true, online: false })).toBe(
      'Offline — 0 changes saved on this device',
    );
  });

  it('is Syncing… while a change is being written to the device, and Offline counts only saved ones', () => {
    expect(label({ saving: true })).toBe('Syncing…');
    expect(label({ saving: true, online: false, pending: 1 })).toBe(
      'Offline — 1 change saved on this device',
    );
  });

  it('is Offline with the number of saved changes when the browser or server is unreachable', () => {
    expect(label({ online: false, pending: 3 })).toBe('Offline — 3 changes saved on this device');
    expect(label({ push: 'unreachable', pending: 1 })).toBe(
      'Offline — 1 change saved on this device',
    );
    expect(label({ online: false })).toBe('Offline — 0 changes saved on this device');
  });

  it('counts files waiting to be uploaded with the changes: never Synced while one waits', () => {
    expect(label({ files: 1 })).toBe('Syncing…');
    expect(label({ online: false, pending: 2, files: 1 })).toBe(
      'Offline — 3 changes saved on this device',
    );
  });

  it('prefers Offline over an error, and shows Sync error when the server refuses', () => {
    expect(label({ online: false, push: 'failed' })).toMatch(/^Offline/);
    expect(label({ pull: 'failed' })).toBe('Sync error');
  });
});

describe('syncStatusDetail', () => {
  const detail = (over: Partial<SyncSignals>) => syncStatusDetail(deriveSyncStatus(signals(over)));
  const down = errorMessage('DB_UNAVAILABLE');

  it("explains a sync error with the server's message from the error catalogue", () => {
    expect(detail({ push: 'failed', problem: down })).toBe(errorMessage('DB_UNAVAILABLE'));
    expect(errorMessage('DB_UNAVAILABLE')).toMatch(/safe on this device/);
  });

  it('shows the message as the server filled it in, reference and all', () => {
    const internal = errorMessage('INTERNAL', { requestId: 'req-42' });
    expect(detail({ pull: 'failed', problem: internal })).toBe(
      'Something went wrong. Reference: req-42.',
    );
  });

  it('says nothing when the server gave no reason, or when syncing is not in error', () => {
    expect(detail({ pull: 'failed' })).toBeNull();
    // A reason left from an earlier failure is not shown once syncing has recovered.
    expect(detail({ problem: down })).toBeNull();
    expect(detail({ online: false, push: 'failed', problem: down })).toBeNull();
  });
});

describe('pausedState', () => {
  it('reads a clean pause as idle, a network failure as unreachable, an HTTP error as failed', () => {
    expect(pausedState(null)).toBe('idle');
    expect(pausedState({ status: null })).toBe('unreachable');
    expect(pausedState({ status: 503 })).toBe('failed');
  });
});
