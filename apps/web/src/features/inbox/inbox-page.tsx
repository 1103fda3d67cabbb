import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useScreenCommands } from '../commands/index.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { issueKeyOf, useHistoryLoaded, useMemberMap, useProjectMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { describeNotification } from './describe-notification.ts';
import { InboxEmpty } from './inbox-empty.tsx';
import { ArchiveIcon } from './inbox-icons.tsx';
import { InboxRow } from './inbox-row.tsx';
import { oldestUnreadAt, refsOf, unreadOf, visibleGroups, type InboxView } from './inbox-rows.ts';
import { latestOf, type IssueGroup } from './issue-groups.ts';
import { markAllReadUpTo } from './read-marker.ts';
import { stepFocus } from './step-focus.ts';
import { useInbox, useInboxActions } from './use-inbox.ts';
import { WorkspaceNotices } from './workspace-notices.tsx';
import './inbox.css';

/** Rows rendered at first and added by "Show older"; an inbox is read from the top. */
const PAGE_SIZE = 100;

function reportFailure(outcome: Promise<WriteOutcome>) {
  void outcome.then((result) => {
    if (!result.ok) showToast(result.message, 'error');
  });
}

/**
 * `/:ws/inbox`: what happened that concerns me, one row per issue, newest first. Opening a row
 * reads that issue's notifications and no others; Mark all as read reads everything up to now;
 * Archive (or E) takes a row out until something new happens on its issue (decision 009).
 * `?view=archived` lists the archived rows, each with Unarchive.
 */
export function InboxPage() {
  useDocumentTitle('Inbox');
  const { slug } = useWorkspace();
  // Notifications come from comments and activity, read from the device after the first screen:
  // until then an empty inbox would be a false claim.
  const loaded = useHistoryLoaded();
  const { notifications, groups, readState, hasMarker, unread } = useInbox('now');
  const actions = useInboxActions();
  const projects = useProjectMap();
  const members = useMemberMap();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: InboxView = params.get('view') === 'archived' ? 'archived' : 'inbox';
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [focused, setFocused] = useState(-1);
  const pendingFocus = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);

  const shown = useMemo(
    () => visibleGroups(groups, readState, view, limit),
    [groups, readState, view, limit],
  );
  const rows = useMemo(() => {
    const names = {
      member: (id: string) => {
        const m = members.get(id);
        return m ? m.name || m.email : undefined;
      },
      project: (id: string) => projects.get(id),
    };
    return shown.rows.map((group) => {
      const issueKey = issueKeyOf(group.issue, projects);
      return {
        group,
        issueKey,
        href: `/${slug}/issue/${issueKey}`,
        text: describeNotification(latestOf(group), names),
        unread: unreadOf(group, readState).length,
      };
    });
  }, [shown, members, projects, slug, readState]);

  const open = useCallback(
    (group: IssueGroup) => {
      const news = unreadOf(group, readState);
      if (news.length)
        reportFailure(actions.read(refsOf(news), oldestUnreadAt(notifications, readState)));
    },
    [actions, notifications, readState],
  );

  const toggleArchived = useCallback(
    (group: IssueGroup) => {
      if (view === 'archived') {
        reportFailure(actions.unarchive(group.issueId));
        return;
      }
      const news = refsOf(unreadOf(group, readState));
      const oldest = oldestUnreadAt(notifications, readState);
      reportFailure(actions.archive(group.issueId, news, latestOf(group).at, oldest));
    },
    [actions, notifications, readState, view],
  );

  const markAllRead = () => {
    reportFailure(actions.readAll(markAllReadUpTo(notifications[0]?.at, new Date().toISOString())));
  };

  useEffect(() => {
    if (!pendingFocus.current || focused < 0) return;
    pendingFocus.current = false;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${focused}"] a`)?.focus();
  }, [focused, rows]);

  const focusRow = useCallback((index: number) => {
    if (index < 0) return;
    pendingFocus.current = true;
    setFocused(index);
  }, []);
  /** Archive (or unarchive) a row; the next one moves up into its place and takes the focus. */
  const archiveRow = useCallback(
    (group: IssueGroup) => {
      const index = rows.findIndex((row) => row.group === group);
      toggleArchived(group);
      if (index >= 0) focusRow(Math.min(index, rows.length - 2));
    },
    [rows, toggleArchived, focusRow],
  );
  useScreenCommands({
    'list.next': () => focusRow(stepFocus(focused, 1, rows.length)),
    'list.previous': () => focusRow(stepFocus(focused, -1, rows.length)),
    'list.open': () => {
      const row = rows[focused];
      if (!row) return;
      open(row.group);
      void navigate(row.href);
    },
    'inbox.archive': () => {
      const row = rows[focused];
      if (row) archiveRow(row.group);
    },
  });

  const showView = (next: InboxView) => {
    setFocused(-1);
    setLimit(PAGE_SIZE);
    setParams(next === 'archived' ? { view: 'archived' } : {});
  };

  // The Archived view says what it is by its pressed toggle and its list's name.
  const meta =
    view === 'archived'
      ? undefined
      : unread
        ? `${unread} unread`
        : rows.length || hasMarker
          ? 'All read'
          : undefined;
  return (
    <div className="page page--fill inbox">
      <PageHeader title="Inbox" meta={meta}>
        <span className="page-header__spacer" />
        <Button
          className="inbox__view-toggle"
          variant="ghost"
          size="sm"
          aria-pressed={view === 'archived'}
          onClick={() => showView(view === 'archived' ? 'inbox' : 'archived')}
        >
          <ArchiveIcon />
          Archived
        </Button>
        {view === 'inbox' ? (
          <Button size="sm" disabled={unread === 0} onClick={markAllRead}>
            Mark all as read
          </Button>
        ) : null}
      </PageHeader>
      {view === 'inbox' ? <WorkspaceNotices slug={slug} /> : null}
      {!loaded ? (
        <p className="inbox__loading" role="status">
          Reading your notifications from this device…
        </p>
      ) : rows.length === 0 ? (
        <InboxEmpty view={view} anything={groups.length > 0} />
      ) : (
        <div className="inbox__scroll">
          <ul
            ref={listRef}
            className="inbox__rows"
            aria-label={view === 'archived' ? 'Archived notifications' : 'Notifications'}
          >
            {rows.map((row, index) => (
              <InboxRow
                key={row.group.issueId}
                group={row.group}
                issueKey={row.issueKey}
                href={row.href}
                text={row.text}
                unread={row.unread}
                archived={view === 'archived'}
                focused={index === focused}
                index={index}
                onOpen={open}
                onArchive={archiveRow}
                onFocusRow={setFocused}
              />
            ))}
          </ul>
          {shown.more ? (
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
