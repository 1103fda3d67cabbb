// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { homeWorkspace, rememberWorkspace } from './last-workspace.ts';
export { RequireAuth } from './require-auth.tsx';
export {
  addWorkspaceToSession,
  refreshSession,
  removeWorkspaceFromSession,
  sessionStore,
  signOut,
} from './session-store.ts';
export { useMe } from './use-session.ts';
