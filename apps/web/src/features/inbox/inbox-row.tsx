import { memo } from 'react';
import { Link } from 'react-router';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { notificationSentence, type NotificationText } from './describe-notification.ts';
import { ArchiveIcon, UnarchiveIcon } from './inbox-icons.tsx';
import { latestOf, type IssueGroup } from './issue-groups.ts';

export interface InboxRowProps {
  group: IssueGroup;
  issueKey: string;
  href: string;
  /** What the newest notification says. */
  text: NotificationText;
  /** How many of the issue's notifications are unread. */
  unread: number;
  archived: boolean;
  focused: boolean;
  index: number;
  onOpen: (group: IssueGroup) => void;
  onArchive: (group: IssueGroup) => void;
  onFocusRow: (index: number) => void;
}

/**
 * One issue's notifications: who did the latest thing and when, how many are new; the row
 * opens the issue, where they all are. Its Archive (or Unarchive) button sits beside the link.
 */
export const InboxRow = memo(function InboxRow(props: InboxRowProps) {
  const { group, issueKey, href, text, unread, archived, focused, index } = props;
  const latest = latestOf(group);
  const ago = timeAgo(latest.at);
  const issue = `${issueKey} ${group.issue.title}`;
  // One sentence for screen readers: "Unread, ENG-4 Fix login, Ana Lima commented: Done?,
  // 2 new, 2 hours ago".
  const label = [
    unread ? 'Unread' : null,
    issue,
    notificationSentence(text),
    unread ? `${unread} new` : null,
    ago,
  ]
    .filter(Boolean)
    .join(', ');
  const classes = ['inbox-row', unread && 'inbox-row--unread', focused && 'inbox-row--focused'];
  const action = archived ? 'Unarchive' : 'Archive';
  return (
    <li className={classes.filter(Boolean).join(' ')} data-index={index}>
      <Link
        to={href}
        className="inbox-row__link"
        aria-label={label}
        onClick={() => props.onOpen(group)}
        onFocus={() => props.onFocusRow(index)}
      >
        <span className="inbox-row__dot" aria-hidden="true" />
        <Avatar name={text.actor} size="md" />
        <span className="inbox-row__main">
          <span className="inbox-row__issue">
            <span className="inbox-row__key">{issueKey}</span>
            <span className="inbox-row__title">{group.issue.title}</span>
          </span>
          <span className="inbox-row__what">
            <span className="inbox-row__actor">{text.actor}</span> {text.action}
            {text.excerpt ? <span className="inbox-row__excerpt">: {text.excerpt}</span> : null}
          </span>
        </span>
        <span className="inbox-row__side">
          <time className="inbox-row__time" dateTime={latest.at} title={formatDateTime(latest.at)}>
            {ago}
          </time>
          {unread ? <span className="inbox-row__new">{unread} new</span> : null}
        </span>
      </Link>
      <button
        type="button"
        className="inbox-row__archive"
        aria-label={`${action} ${issue}`}
        title={`${action} (E)`}
        onClick={() => props.onArchive(group)}
        onFocus={() => props.onFocusRow(index)}
      >
        {archived ? <UnarchiveIcon /> : <ArchiveIcon />}
      </button>
    </li>
  );
});
