import { useState } from 'react';
import type { MeResponse, WorkspaceSummary } from '@keel/domain';
import { ariaKeyShortcuts, useCommand } from '../../features/commands/index.ts';
import { syncStatusLabel } from '../../data/sync-status.ts';
import { useSyncStatus } from '../../data/use-sync-status.ts';
import { Sidebar } from './sidebar.tsx';
import { SidebarDrawer } from './sidebar-drawer.tsx';

export interface PhoneBarProps {
  workspace: WorkspaceSummary;
  me: MeResponse;
}

/**
 * The top of the screen on a phone, where the sidebar does not fit: the menu button that opens
 * it as a drawer, the workspace's name, the sync state as a dot, Search and New issue.
 */
export function PhoneBar({ workspace, me }: PhoneBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const newIssue = useCommand('issue.new');
  const search = useCommand('search');
  const sync = useSyncStatus();
  const syncLabel = syncStatusLabel(sync);
  return (
    <>
      <header className="phone-bar">
        <button
          type="button"
          className="phone-bar__button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path
              d="M2 4h12M2 8h12M2 12h12"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <span className="phone-bar__workspace">{workspace.name}</span>
        {/* The sidebar's indicator, with its words, is in the drawer; here the dot says it. */}
        <span className={`phone-bar__sync sync-indicator--${sync.kind}`} title={syncLabel}>
          <span className="sync-indicator__dot" aria-hidden="true" />
          <span className="visually-hidden">{syncLabel}</span>
        </span>
        {search ? (
          <button
            type="button"
            className="phone-bar__button"
            aria-label="Search"
            aria-keyshortcuts={ariaKeyShortcuts(search.command.shortcut!)}
            onClick={search.run}
          >
            <svg width="16" height="16" viewBox="0 0 14 14" aria-hidden="true">
              <circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.4" />
              <path d="M9 9l3 3" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {newIssue ? (
          <button
            type="button"
            className="phone-bar__button phone-bar__button--primary"
            aria-label="New issue"
            aria-keyshortcuts={ariaKeyShortcuts(newIssue.command.shortcut!)}
            onClick={newIssue.run}
          >
            <svg width="16" height="16" viewBox="0 0 14 14" aria-hidden="true">
              <path
                d="M7 2v10M2 7h10"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </header>
      <SidebarDrawer open={menuOpen} onClose={() => setMenuOpen(false)}>
        <Sidebar workspace={workspace} me={me} />
      </SidebarDrawer>
    </>
  );
}
