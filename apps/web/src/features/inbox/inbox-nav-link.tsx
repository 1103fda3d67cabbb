import { memo } from 'react';
import { NavLink } from 'react-router';
import { useInbox } from './use-inbox.ts';
import { useOpenNotices } from './use-open-notices.ts';
import './inbox.css';

/** The sidebar's Inbox link, with the number of unread notifications beside it. */
export function InboxNavLink({ to }: { to: string }) {
  const { unread } = useInbox();
  // A notice for admins (a webhook turned off) counts until it is dealt with.
  const notices = useOpenNotices().length;
  return <InboxLink to={to} unread={unread + notices} />;
}

// The inbox is worked out again on each change of an issue, a comment or an activity record;
// the link (React Router builds a URL for it on every render) only when its count changes.
const InboxLink = memo(function InboxLink({ to, unread }: { to: string; unread: number }) {
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink to={to} aria-label={unread ? `Inbox, ${unread} unread` : 'Inbox'}>
      Inbox
      {unread ? (
        <span className="inbox-count" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
});
