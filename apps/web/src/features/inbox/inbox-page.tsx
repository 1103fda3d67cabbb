import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useScreenCommands } from '../commands/screen-handlers.ts';
import { PageHeader } from '../issues/page-header.tsx';
import { issueKeyOf, useHistoryLoaded, useMemberMap, useProjectMap } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { isUnread, type InboxNotification } from './derive-notifications.ts';
import { describeNotification } from './describe-notification.ts';
import { InboxRow } from './inbox-row.tsx';
import { markAllReadUpTo } from './read-marker.ts';
import { stepFocus } from './step-focus.ts';
import { useInbox, useMarkRead } from './use-inbox.ts';
import './inbox.css';

/** Rows rendered at first and added by "Show older"; an inbox is read from the top. */
const PAGE_SIZE = 100;

function reportFailure(outcome: Promise<WriteOutcome>) {
  void outcome.then((result) => {
    if (!result.ok) showToast(result.message, 'error');
  });
}

/**
 * `/:ws/inbox`: what happened that concerns me, newest first. One read marker per member means
 * "everything up to this moment is read": opening a notification reads it and everything older,
 * Mark all as read reads everything up to now.
 */
export function InboxPage() {
  useDocumentTitle('Inbox');
  const { slug } = useWorkspace();
  // Notifications come from comments and activity, read from the device after the first screen:
  // until then an empty inbox would be a false claim.
  const loaded = useHistoryLoaded();
  const { notifications, lastReadMs, unread } = useInbox('now');
  const markRead = useMarkRead();
  const projects = useProjectMap();
  const members = useMemberMap();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [focused, setFocused] = useState(-1);
  const pendingFocus = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);

  const rows = useMemo(() => {
    const names = {
      member: (id: string) => {
        const m = members.get(id);
        return m ? m.name || m.email : undefined;
      },
      project: (id: string) => projects.get(id),
    };
    return notifications.slice(0, limit).map((n) => {
      const issueKey = issueKeyOf(n.issue, projects);
      return {
        n,
        issueKey,
        href: `/${slug}/issue/${issueKey}`,
        text: describeNotification(n, names),
      };
    });
  }, [notifications, limit, members, projects, slug]);

  const open = useCallback(
    (n: InboxNotification) => {
      if (isUnread(n, lastReadMs)) reportFailure(markRead(n.at));
    },
    [lastReadMs, markRead],
  );

  const markAllRead = () => {
    reportFailure(markRead(markAllReadUpTo(notifications[0]?.at, new Date().toISOString())));
  };

  useEffect(() => {
    if (!pendingFocus.current || focused < 0) return;
    pendingFocus.current = false;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${focused}"] a`)?.focus();
  }, [focused]);

  const move = (step: 1 | -1) => {
    const next = stepFocus(focused, step, rows.length);
    if (next < 0) return;
    pendingFocus.current = true;
    setFocused(next);
  };
  useScreenCommands({
    'list.next': () => move(1),
    'list.previous': () => move(-1),
    'list.open': () => {
      const row = rows[focused];
      if (!row) return;
      open(row.n);
      void navigate(row.href);
    },
  });

  const meta = unread ? `${unread} unread` : Number.isFinite(lastReadMs) ? 'All read' : undefined;
  return (
    <div className="page page--fill inbox">
      <PageHeader title="Inbox" meta={meta}>
        <Button className="inbox__mark-all" size="sm" onClick={markAllRead}>
          Mark all as read
        </Button>
      </PageHeader>
      {!loaded ? (
        <p className="inbox__loading" role="status">
          Reading your notifications from this device…
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title="Nothing in your inbox yet">
          <p>
            When someone assigns you an issue, @mentions you, or comments on or moves an issue you
            created or subscribe to, it shows up here.
          </p>
        </EmptyState>
      ) : (
        <div className="inbox__scroll">
          <ul ref={listRef} className="inbox__rows" aria-label="Notifications">
            {rows.map((row, index) => (
              <InboxRow
                key={row.n.id}
                notification={row.n}
                issueKey={row.issueKey}
                href={row.href}
                text={row.text}
                unread={isUnread(row.n, lastReadMs)}
                focused={index === focused}
                index={index}
                onOpen={open}
                onFocusRow={setFocused}
              />
            ))}
          </ul>
          {notifications.length > rows.length ? (
            <div className="inbox__more">
              <Button variant="ghost" size="sm" onClick={() => setLimit((l) => l + PAGE_SIZE)}>
                Show older notifications
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
