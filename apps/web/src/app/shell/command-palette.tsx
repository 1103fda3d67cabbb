import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Command as Cmdk } from 'cmdk';
import {
  filterCommands,
  isAvailable,
  SECTIONS,
  shortcutKeys,
  useCommands,
} from '../../features/commands/index.ts';
import { useIssueSearch } from '../../features/search/index.ts';
import { issueKeyOf, useProjectMap } from '../../data/use-docs.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { isMacPlatform, Kbd } from '../../shared/ui/kbd.tsx';
import { SearchResult } from './search-result.tsx';
import type { PaletteMode } from './use-shell-commands.ts';
import './command-palette.css';

export interface CommandPaletteProps {
  /** Null when closed; `search` is the `/` search, issues only. */
  mode: PaletteMode | null;
  onModeChange: (mode: PaletteMode) => void;
  onClose: () => void;
}

const LABEL: Record<PaletteMode, string> = {
  commands: 'Command palette',
  search: 'Search issues',
};
const PLACEHOLDER: Record<PaletteMode, string> = {
  commands: 'Type a command or search issues…',
  search: 'Search by key, title, description or comment…',
};

/**
 * Ctrl/Cmd+K and `/`: one modal on the native <dialog> (focus trap, Esc, focus back to where it
 * was), cmdk for the combobox and its keyboard. Commands come from the registry, issues from the
 * search index of this device's replica; we filter both ourselves (cmdk's own filter is off).
 */
export function CommandPalette({ mode, onModeChange, onClose }: CommandPaletteProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (mode && !dialog.open) dialog.showModal();
    if (!mode && dialog.open) dialog.close();
    // showModal() focuses the dialog itself; the work starts in the field (also on a mode change).
    if (mode) dialog.querySelector('input')?.focus();
  }, [mode]);

  // Close first, so focus is back on the page before a command moves it (e.g. to a combobox).
  const closeThen = (action: () => void) => {
    ref.current?.close();
    onClose();
    action();
  };

  return (
    <dialog
      ref={ref}
      className="palette"
      aria-label={mode ? LABEL[mode] : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {mode ? <PaletteBody mode={mode} onModeChange={onModeChange} closeThen={closeThen} /> : null}
    </dialog>
  );
}

function PaletteBody({
  mode,
  onModeChange,
  closeThen,
}: {
  mode: PaletteMode;
  onModeChange: (mode: PaletteMode) => void;
  closeThen: (action: () => void) => void;
}) {
  const { commands, context, run } = useCommands();
  const navigate = useNavigate();
  const projects = useProjectMap();
  const [query, setQuery] = useState('');
  const search = useIssueSearch(query, true);
  const mac = isMacPlatform();

  const shown = useMemo(
    () =>
      mode === 'commands'
        ? filterCommands(
            commands.filter((c) => c.inPalette && isAvailable(c, context)),
            query,
          )
        : [],
    [mode, commands, context, query],
  );
  const hits = query.trim() ? search.hits : [];
  // An exact key is what the person wants: it comes before any command.
  const issuesFirst = hits[0]?.field === 'key' || shown.length === 0;
  const nothing = query.trim() !== '' && shown.length === 0 && hits.length === 0;

  const issueGroup = hits.length ? (
    <Cmdk.Group heading="Issues">
      {hits.map((hit) => {
        const key = issueKeyOf(hit.issue, projects);
        return (
          <Cmdk.Item
            key={hit.issue._id}
            value={`issue ${hit.issue._id}`}
            onSelect={() => closeThen(() => void navigate(`/${context.slug}/issue/${key}`))}
          >
            <SearchResult hit={hit} issueKey={key} project={projects.get(hit.issue.projectId)} />
          </Cmdk.Item>
        );
      })}
    </Cmdk.Group>
  ) : null;

  const commandGroups = SECTIONS.map((section) => {
    const inSection = shown.filter((c) => c.section === section);
    if (inSection.length === 0) return null;
    return (
      <Cmdk.Group key={section} heading={section}>
        {inSection.map((command) => (
          <Cmdk.Item
            key={command.id}
            value={command.id}
            onSelect={() =>
              command.id === 'search' ? onModeChange('search') : closeThen(() => run(command))
            }
          >
            <span className="palette__title">{command.title}</span>
            {command.shortcut ? <Kbd keys={shortcutKeys(command.shortcut, mac)} /> : null}
          </Cmdk.Item>
        ))}
      </Cmdk.Group>
    );
  });

  return (
    <Cmdk label={LABEL[mode]} shouldFilter={false} loop vimBindings={false}>
      <div className="palette__input-row">
        {mode === 'search' ? <span className="palette__mode">Search</span> : null}
        <Cmdk.Input
          className="palette__input"
          value={query}
          onValueChange={setQuery}
          placeholder={PLACEHOLDER[mode]}
        />
      </div>
      <Cmdk.List
        className="palette__list"
        label={mode === 'search' ? 'Issues' : 'Commands and issues'}
      >
        {issuesFirst ? issueGroup : null}
        {commandGroups}
        {issuesFirst ? null : issueGroup}
      </Cmdk.List>
      {nothing ? (
        <EmptyState title={`No results for “${query.trim()}”`}>
          <p>
            Try an issue key such as ENG-12, or another word from an issue’s title, description or
            comments{mode === 'commands' ? ', or a command such as “Go to”' : ''}.
          </p>
        </EmptyState>
      ) : null}
      {mode === 'search' && !query.trim() ? (
        <p className="palette__hint">
          Type an issue key, or words from a title, description or comment. Results come from this
          device, online or not.
        </p>
      ) : null}
      <p className="palette__status" role="status">
        {search.indexing && query.trim()
          ? 'Still reading this workspace: more results may appear.'
          : ''}
      </p>
    </Cmdk>
  );
}
