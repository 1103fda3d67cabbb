import { useWorkspace } from '../../data/workspace-context.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';

/** An unknown address inside a workspace: not found, but the sidebar stays. */
export function WorkspaceNotFound() {
  const { slug } = useWorkspace();
  return (
    <div className="page">
      <NotFound homeHref={`/${slug}`} headingLevel={1} />
    </div>
  );
}
