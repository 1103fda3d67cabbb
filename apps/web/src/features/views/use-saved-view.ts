import { useParams } from 'react-router';
import { docId, maySeeView, type ViewDoc } from '@keel/domain';
import { useDoc } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

/** The route's saved view (`:viewId`), if the person may see it; another's personal one is none. */
export function useSavedView(): ViewDoc | undefined {
  const { viewId = '' } = useParams();
  const { userId } = useWorkspace();
  const found = useDoc(docId('view', viewId));
  return found?.type === 'view' && maySeeView(found, userId) ? found : undefined;
}
