import { Link } from 'react-router';
import { useOpenNotices } from './use-open-notices.ts';

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
