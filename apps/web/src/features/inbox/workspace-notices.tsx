import { useMemo } from 'react';
import { Link } from 'react-router';
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

/** The open notices at the top of the inbox, each with where to deal with it. */
export function WorkspaceNotices({ slug }: { slug: string }) {
  const notices = useOpenNotices();
  if (notices.length === 0) return null;
  return (
    <section className="inbox-notices" aria-labelledby="inbox-notices-title">
      <h2 id="inbox-notices-title" className="inbox-notices__title">
        Needs attention
      </h2>
      <ul className="inbox-notices__list">
        {notices.map((notice) => (
          <li key={notice._id} className="inbox-notice">
            <p className="inbox-notice__text">
              <strong>Webhook “{notice.label}” was turned off.</strong> Every delivery failed for 24
              hours. Fix its endpoint, then turn the webhook back on.
            </p>
            <Link
              className="text-link"
              to={`/${slug}/settings/webhooks/${notice.subjectId}`}
              aria-label={`Open webhook ${notice.label}`}
            >
              Open webhook
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
