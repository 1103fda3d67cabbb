import { NotFound } from '../../shared/ui/not-found.tsx';

/** Any unknown address, and a workspace the user is not a member of. */
export function NotFoundPage() {
  return (
    <main className="centered-page">
      <NotFound headingLevel={1} />
    </main>
  );
}
