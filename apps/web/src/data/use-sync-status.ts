import { useMemo, useSyncExternalStore } from 'react';
import { useWorkspace } from './workspace-context.tsx';
import { deriveSyncStatus, type SyncStatus } from './sync-status.ts';

export function useSyncStatus(): SyncStatus {
  const { monitor } = useWorkspace();
  const signals = useSyncExternalStore(monitor.signals.subscribe, monitor.signals.get);
  return useMemo(() => deriveSyncStatus(signals), [signals]);
}
