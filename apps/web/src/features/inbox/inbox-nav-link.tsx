import { NavLink } from 'react-router';
import { useInbox } from './use-inbox.ts';
import './inbox.css';

/** The sidebar's Inbox link, with the number of unread notifications beside it. */
export function InboxNavLink({ to }: { to: string }) {
  const { unread } = useInbox();
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
}
