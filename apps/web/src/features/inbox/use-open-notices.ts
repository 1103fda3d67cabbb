import { useMemo } from 'react';
import { can, type NoticeDoc } from '@keel/domain';
import { useDocs } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';

const NONE: readonly NoticeDoc[] = [];

/**
 * What the server tells the workspace's owner and admins (SPEC §11: a webhook turned off after
 * failing for a day), until it is dealt with: a notice leaves once its webhook is turned back on
 * or deleted. Read from the replica like everything else, so it is there offline too.
 */
export function useOpenNotices(): readonly NoticeDoc[] {
  const { role } = useWorkspace();
  const notices = useDocs('notice');
  return useMemo(
    () => (can(role, 'webhook:manage') ? notices.filter((n) => !n.resolvedAt) : NONE),
    [notices, role],
  );
}
