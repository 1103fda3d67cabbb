import { Navigate, Outlet, useLocation } from 'react-router';
import { errorMessage } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { refreshSession } from './session-store.ts';
import { useSession } from './use-session.ts';

/** Guards every signed-in route: renders from the cached identity, never waits when it has one. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  switch (session.status) {
    case 'signed-in':
      return <Outlet />;
    case 'checking':
      // Only on a device that has never signed in; the answer is one request away.
      return null;
    case 'unreachable':
      return (
        <main className="centered-page">
          <EmptyState
            headingLevel={1}
            title="Keel can't reach the server"
            action={<Button onClick={() => void refreshSession()}>Try again</Button>}
          >
            <p>{errorMessage('OFFLINE')}</p>
            <p>This device has no saved session yet, so sign in once while online.</p>
          </EmptyState>
        </main>
      );
    case 'signed-out': {
      const returnTo = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={`/signin?returnTo=${encodeURIComponent(returnTo)}`} replace />;
    }
  }
}
