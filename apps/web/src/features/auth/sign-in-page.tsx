import { Navigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { signInErrorMessage } from './sign-in-error.ts';
import { useSession } from './use-session.ts';
import './sign-in-page.css';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

export function SignInPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const error = signInErrorMessage(params.get('error'), params.get('reason'));
  useDocumentTitle('Sign in');

  if (session.status === 'signed-in' && !error) return <Navigate to={returnTo} replace />;

  const signIn = () => {
    // A full-page navigation: the server redirects on to the sign-in provider.
    window.location.assign(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  };

  return (
    <main className="sign-in">
      <div className="sign-in__card">
        <img className="sign-in__logo" src="/favicon.svg" alt="" width={40} height={40} />
        <h1 className="sign-in__title">Keel</h1>
        <p className="sign-in__tagline">Plan and track work, online or off.</p>
        {error ? (
          <p className="sign-in__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button variant="primary" className="sign-in__button" onClick={signIn}>
          Sign in
        </Button>
      </div>
    </main>
  );
}
