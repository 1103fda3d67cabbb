import { describe, expect, it } from 'vitest';
import { deriveSyncStatus, pausedState, syncStatusLabel, type SyncSignals } from './sync-status.ts';

const signals = (over: Partial<SyncSignals>): SyncSignals => ({
  online: true,
  push: 'idle',
  pull: 'idle',
  pending: 0,
  reserving: false,
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

  it('is Offline with the number of saved changes when the browser or server is unreachable', () => {
    expect(label({ online: false, pending: 3 })).toBe('Offline — 3 changes saved on this device');
    expect(label({ push: 'unreachable', pending: 1 })).toBe(
      'Offline — 1 change saved on this device',
    );
    expect(label({ online: false })).toBe('Offline — 0 changes saved on this device');
  });

  it('prefers Offline over an error, and shows Sync error when the server refuses', () => {
    expect(label({ online: false, push: 'failed' })).toMatch(/^Offline/);
    expect(label({ pull: 'failed' })).toBe('Sync error');
  });
});

describe('pausedState', () => {
  it('reads a clean pause as idle, a network failure as unreachable, an HTTP error as failed', () => {
    expect(pausedState(null)).toBe('idle');
    expect(pausedState({ status: null })).toBe('unreachable');
    expect(pausedState({ status: 503 })).toBe('failed');
  });
});
