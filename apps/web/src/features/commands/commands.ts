import { can, type Permission, type Role } from '@keel/domain';
import { matchesShortcut, type ChordKeyLike, type Shortcut } from './shortcut.ts';

/** Sections of the palette and of the `?` overlay, in the order they are shown. */
export const SECTIONS = ['General', 'Go to', 'Issue list', 'Issue', 'Inbox'] as const;
export type CommandSection = (typeof SECTIONS)[number];

/**
 * Commands whose work belongs to the screen showing (the list's focused row, the issue page's
 * comboboxes). The screen registers a handler for each while it is mounted: `issue.state` and
 * its siblings open the issue page's comboboxes there, and the focused row's menus in a list.
 */
export const SCREEN_COMMANDS = [
  'list.next',
  'list.previous',
  'list.select',
  'list.open',
  'list.clear',
  'issue.state',
  'issue.priority',
  'issue.assignee',
  'issue.labels',
  'issue.delete',
  'inbox.archive',
  'issue.copyLink',
  'issue.copyBranch',
  'issue.relation',
  'issue.cycle',
  'issue.milestone',
] as const;
export type ScreenCommandId = (typeof SCREEN_COMMANDS)[number];

/** What a command may look at to decide whether it applies. */
export interface CommandContext {
  slug: string;
  role: Role;
  /** Screen commands whose handler is mounted right now. */
  screen: ReadonlySet<string>;
}

/** What a command may do. The shell provides these. */
export interface CommandEffects {
  navigate: (path: string) => void;
  openNewIssue: () => void;
  openPalette: (mode: 'commands' | 'search') => void;
  openShortcuts: () => void;
  runScreen: (id: ScreenCommandId) => void;
  /** Take back the person's last change on this device. */
  undo: () => void;
}

export interface Command {
  id: string;
  title: string;
  section: CommandSection;
  shortcut?: Shortcut;
  /** More words the palette matches on. */
  keywords?: readonly string[];
  /** False for keys that only make sense on the screen (j, k, Enter): not palette entries. */
  inPalette: boolean;
  /** Held keys repeat (j/k walk a list); others fire once per press. */
  repeats?: boolean;
  /** A chord that a text field keeps for itself (Ctrl/Cmd+Z undoes typing there). */
  typingWins?: boolean;
  /** Roles without it never see the command (SPEC §6: the interface hides what a role can't do). */
  permission?: Permission;
  /** Whether it applies on the screen showing; absent means everywhere. */
  enabled?: (ctx: CommandContext) => boolean;
  run: (ctx: CommandContext, effects: CommandEffects) => void;
}

function goTo(id: string, title: string, path: string, keywords: string[] = []): Command {
  return {
    id,
    title,
    section: 'Go to',
    keywords,
    inPalette: true,
    run: (ctx, fx) => fx.navigate(`/${ctx.slug}/${path}`),
  };
}

function screen(
  id: ScreenCommandId,
  title: string,
  section: CommandSection,
  shortcut: Shortcut,
  options: { inPalette?: boolean; repeats?: boolean; edits?: boolean; keywords?: string[] } = {},
): Command {
  return {
    id,
    title,
    section,
    shortcut,
    ...(options.keywords ? { keywords: options.keywords } : {}),
    inPalette: options.inPalette ?? false,
    repeats: options.repeats ?? false,
    ...(options.edits ? { permission: 'issue:edit' as const } : {}),
    enabled: (ctx) => ctx.screen.has(id),
    run: (_ctx, fx) => fx.runScreen(id),
  };
}

/** Every command that does not depend on the workspace's projects. */
export const COMMANDS: readonly Command[] = [
  {
    id: 'issue.new',
    title: 'New issue',
    section: 'General',
    shortcut: 'c',
    keywords: ['create', 'add'],
    inPalette: true,
    permission: 'issue:create',
    run: (_ctx, fx) => fx.openNewIssue(),
  },
  {
    id: 'search',
    title: 'Search issues',
    section: 'General',
    shortcut: '/',
    keywords: ['find'],
    inPalette: true,
    run: (_ctx, fx) => fx.openPalette('search'),
  },
  {
    id: 'palette',
    title: 'Command palette',
    section: 'General',
    shortcut: 'mod+k',
    inPalette: false,
    run: (_ctx, fx) => fx.openPalette('commands'),
  },
  {
    id: 'shortcuts',
    title: 'Keyboard shortcuts',
    section: 'General',
    shortcut: '?',
    keywords: ['help', 'keys'],
    inPalette: true,
    run: (_ctx, fx) => fx.openShortcuts(),
  },
  {
    id: 'undo',
    title: 'Undo last change',
    section: 'General',
    shortcut: 'mod+z',
    keywords: ['revert', 'back'],
    inPalette: true,
    typingWins: true,
    run: (_ctx, fx) => fx.undo(),
  },
  {
    id: 'dialog.close',
    title: 'Close dialog or menu',
    section: 'General',
    shortcut: 'Escape',
    inPalette: false,
    // Dialogs and menus close themselves on Esc; listed so the `?` overlay shows it.
    enabled: () => false,
    run: () => undefined,
  },
  goTo('go.my-issues', 'Go to My issues', 'my-issues', ['assigned']),
  goTo('go.inbox', 'Go to Inbox', 'inbox', ['notifications']),
  goTo('go.issues', 'Go to All issues', 'issues'),
  goTo('go.projects', 'Go to Projects', 'projects'),
  goTo('go.settings', 'Go to Settings', 'settings'),
  {
    id: 'go.account',
    title: 'Go to Account',
    section: 'Go to',
    keywords: ['profile', 'sign out'],
    inPalette: true,
    run: (_ctx, fx) => fx.navigate('/account'),
  },
  screen('list.next', 'Next issue', 'Issue list', 'j', { repeats: true }),
  screen('list.previous', 'Previous issue', 'Issue list', 'k', { repeats: true }),
  screen('list.open', 'Open issue', 'Issue list', 'Enter'),
  screen('list.select', 'Select issue', 'Issue list', 'x', { edits: true }),
  screen('list.clear', 'Clear selection', 'Issue list', 'Escape'),
  screen('issue.state', 'Change state', 'Issue', 's', { inPalette: true, edits: true }),
  screen('issue.priority', 'Change priority', 'Issue', 'p', { inPalette: true, edits: true }),
  screen('issue.relation', 'Add relation…', 'Issue', 'r', {
    inPalette: true,
    edits: true,
    keywords: ['blocks', 'blocked', 'related', 'duplicate'],
  }),
  screen('issue.assignee', 'Change assignee', 'Issue', 'a', { inPalette: true, edits: true }),
  screen('issue.cycle', 'Move to cycle…', 'Issue', 'shift+c', {
    inPalette: true,
    edits: true,
    keywords: ['sprint', 'iteration'],
  }),
  screen('issue.milestone', 'Move to milestone…', 'Issue', 'shift+m', {
    inPalette: true,
    edits: true,
    keywords: ['project', 'goal', 'target'],
  }),
  screen('issue.labels', 'Change labels', 'Issue', 'l', { inPalette: true, edits: true }),
  // The focused row in the inbox; in its Archived view, back to the inbox.
  screen('inbox.archive', 'Archive or unarchive notification', 'Inbox', 'e'),
  // Linear's keys. Chords, so they also work from a text field (its own keys never use them).
  screen('issue.copyLink', 'Copy link', 'Issue', 'mod+shift+,', {
    inPalette: true,
    keywords: ['url', 'share', 'clipboard'],
  }),
  screen('issue.copyBranch', 'Copy branch name', 'Issue', 'mod+shift+.', {
    inPalette: true,
    keywords: ['git', 'clipboard'],
  }),
  {
    id: 'issue.delete',
    title: 'Delete issue…',
    section: 'Issue',
    keywords: ['remove', 'trash'],
    inPalette: true,
    // Members delete their own issues only: the issue page offers it where this issue allows.
    permission: 'issue:delete:own',
    enabled: (ctx) => ctx.screen.has('issue.delete'),
    run: (_ctx, fx) => fx.runScreen('issue.delete'),
  },
];

/** Per project: open its list and its board. */
export function projectCommands(
  projects: readonly { key: string; name: string }[],
): readonly Command[] {
  return projects.flatMap((project) => [
    goTo(
      `go.project.${project.key}.list`,
      `Go to ${project.name} issues`,
      `projects/${project.key}/issues`,
      [project.key, 'list'],
    ),
    goTo(
      `go.project.${project.key}.board`,
      `Go to ${project.name} board`,
      `projects/${project.key}/board`,
      [project.key, 'board'],
    ),
  ]);
}

/**
 * The commands this role may use at all, whatever the screen: what the palette, the sidebar
 * and the `?` overlay list. A viewer never sees New issue or the edit commands.
 */
export function commandsForRole(commands: readonly Command[], role: Role): readonly Command[] {
  return commands.filter((c) => !c.permission || can(role, c.permission));
}

/** Whether a command can run here and now. */
export function isAvailable(command: Command, ctx: CommandContext): boolean {
  if (command.permission && !can(ctx.role, command.permission)) return false;
  return command.enabled?.(ctx) ?? true;
}

/** The command a keystroke runs here and now, or undefined. */
export function commandForKey(
  event: ChordKeyLike & { repeat?: boolean },
  commands: readonly Command[],
  ctx: CommandContext,
): Command | undefined {
  return commands.find(
    (c) =>
      c.shortcut !== undefined &&
      matchesShortcut(event, c.shortcut) &&
      (!event.repeat || c.repeats === true) &&
      isAvailable(c, ctx),
  );
}

/**
 * Palette filtering: every word typed must start a word of the title or keywords (or appear in
 * the title), so "go set" finds Go to Settings and "board eng" a project's board.
 */
export function filterCommands(commands: readonly Command[], query: string): readonly Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((c) => {
    const title = c.title.toLowerCase();
    const haystack = [title, ...(c.keywords ?? []).map((k) => k.toLowerCase())];
    const starts = haystack.flatMap((h) => h.split(/\s+/));
    return words.every((w) => title.includes(w) || starts.some((s) => s.startsWith(w)));
  });
}
