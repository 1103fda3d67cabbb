import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { cleanUpRemovedOnRefresh } from './app/clean-up-on-refresh.ts';
import { closeWorkspaceOnSignOut } from './app/close-on-sign-out.ts';
import { refreshSession } from './features/auth/index.ts';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/layout.css';

// Render from what the device knows at once; ask the server who is signed in meanwhile.
cleanUpRemovedOnRefresh();
void refreshSession();
window.addEventListener('online', () => void refreshSession());
closeWorkspaceOnSignOut();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker Keel still works online; offline start needs it.
    });
  });
}
