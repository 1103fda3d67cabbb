import { memo } from 'react';
import { Link } from 'react-router';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import type { InboxNotification } from './derive-notifications.ts';
import { notificationSentence, type NotificationText } from './describe-notification.ts';

export interface InboxRowProps {
  notification: InboxNotification;
  issueKey: string;
  href: string;
  text: NotificationText;
  unread: boolean;
  focused: boolean;
  index: number;
  onOpen: (notification: InboxNotification) => void;
  onFocusRow: (index: number) => void;
}

/** One notification: who did what on which issue, and when; the whole row opens the issue. */
export const InboxRow = memo(function InboxRow(props: InboxRowProps) {
  const { notification: n, issueKey, href, text, unread, focused, index } = props;
  const ago = timeAgo(n.at);
  // One sentence for screen readers: "Unread, ENG-4 Fix login, Ana Lima assigned you, 2 hours ago".
  const label = [
    unread ? 'Unread' : null,
    `${issueKey} ${n.issue.title}`,
    notificationSentence(text),
    ago,
  ]
    .filter(Boolean)
    .join(', ');
  const classes = ['inbox-row', unread && 'inbox-row--unread', focused && 'inbox-row--focused'];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-index={index}>
      <Link
        to={href}
        className="inbox-row__link"
        aria-label={label}
        onClick={() => props.onOpen(n)}
        onFocus={() => props.onFocusRow(index)}
      >
        <span className="inbox-row__dot" aria-hidden="true" />
        <Avatar name={text.actor} size="md" />
        <span className="inbox-row__main">
          <span className="inbox-row__issue">
            <span className="inbox-row__key">{issueKey}</span>
            <span className="inbox-row__title">{n.issue.title}</span>
          </span>
          <span className="inbox-row__what">
            <span className="inbox-row__actor">{text.actor}</span> {text.action}
            {text.excerpt ? <span className="inbox-row__excerpt">: {text.excerpt}</span> : null}
          </span>
        </span>
        <time className="inbox-row__time" dateTime={n.at} title={formatDateTime(n.at)}>
          {ago}
        </time>
      </Link>
    </li>
  );
});
