// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { SyncIndicator } from './sync-indicator.tsx';
