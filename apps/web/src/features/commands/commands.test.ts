import { describe, expect, it } from 'vitest';
import type { Role } from '@keel/domain';
import {
  COMMANDS,
  commandForKey,
  commandsForRole,
  isAvailable,
  filterCommands,
  projectCommands,
  SCREEN_COMMANDS,
  type CommandContext,
  type CommandEffects,
} from './commands.ts';

const key = (
  k: string,
  mods: Partial<{
    ctrlKey: boolean;
    metaKey: boolean;
    repeat: boolean;
    shiftKey: boolean;
    code: string;
  }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  ...mods,
});

const ctx = (role: Role, screen: string[] = []): CommandContext => ({
  slug: 'acme',
  role,
  screen: new Set(screen),
});

function effects() {
  const calls: string[] = [];
  const fx: CommandEffects = {
    navigate: (path) => calls.push(`navigate ${path}`),
    openNewIssue: () => calls.push('new issue'),
    openPalette: (mode) => calls.push(`palette ${mode}`),
    openShortcuts: () => calls.push('shortcuts'),
    runScreen: (id) => calls.push(`screen ${id}`),
    undo: () => calls.push('undo'),
  };
  return { fx, calls };
}

const ids = (list: readonly { id: string }[]) => list.map((c) => c.id);
const ALL = [...COMMANDS, ...projectCommands([{ key: 'ENG', name: 'Engineering' }])];

describe('the command registry', () => {
  it('gives every command a unique id and every shortcut one command per screen', () => {
    expect(new Set(ids(ALL)).size).toBe(ALL.length);
    // Keys only shared between commands that never apply at once (Esc: dialogs vs the list).
    const keys = COMMANDS.filter((c) => c.shortcut && c.id !== 'dialog.close').map(
      (c) => c.shortcut,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has every shortcut of SPEC §2', () => {
    const shortcuts = new Set(COMMANDS.map((c) => c.shortcut));
    for (const k of ['c', '/', 'j', 'k', 'Enter', 'x', 's', 'p', 'a', 'l', 'Escape', '?', 'mod+k'])
      expect(shortcuts).toContain(k);
  });

  it('undoes the last change on Ctrl+Z and Cmd+Z, a chord that a text field keeps', () => {
    const { fx, calls } = effects();
    const c = ctx('member');
    for (const event of [key('z', { ctrlKey: true }), key('z', { metaKey: true }), key('z')])
      commandForKey(event, ALL, c)?.run(c, fx);
    expect(calls).toEqual(['undo', 'undo']);
    expect(COMMANDS.find((command) => command.id === 'undo')?.typingWins).toBe(true);
  });

  it('runs what a key names: c, /, ?, Ctrl+K and Cmd+K', () => {
    const { fx, calls } = effects();
    const c = ctx('member');
    for (const event of [
      key('c'),
      key('/'),
      key('?'),
      key('k', { ctrlKey: true }),
      key('k', { metaKey: true }),
    ])
      commandForKey(event, ALL, c)?.run(c, fx);
    expect(calls).toEqual([
      'new issue',
      'palette search',
      'shortcuts',
      'palette commands',
      'palette commands',
    ]);
  });

  it('maps s, p, a, l to the issue page and j/k/x/Enter/Esc to the list, only where they are mounted', () => {
    const issuePage = ctx('member', [
      'issue.state',
      'issue.priority',
      'issue.assignee',
      'issue.labels',
    ]);
    expect(['s', 'p', 'a', 'L'].map((k) => commandForKey(key(k), ALL, issuePage)?.id)).toEqual([
      'issue.state',
      'issue.priority',
      'issue.assignee',
      'issue.labels',
    ]);
    expect(commandForKey(key('s', { ctrlKey: true }), ALL, issuePage)).toBeUndefined();
    expect(commandForKey(key('j'), ALL, issuePage)).toBeUndefined();

    const list = ctx(
      'member',
      SCREEN_COMMANDS.filter((id) => id.startsWith('list.')),
    );
    expect(
      ['j', 'k', 'x', 'Enter', 'Escape'].map((k) => commandForKey(key(k), ALL, list)?.id),
    ).toEqual(['list.next', 'list.previous', 'list.select', 'list.open', 'list.clear']);
    expect(commandForKey(key('s'), ALL, list)).toBeUndefined();
  });

  it('maps e to archiving the inbox’s focused row, only on the inbox, for every role', () => {
    const inbox = ctx('viewer', ['list.next', 'list.previous', 'list.open', 'inbox.archive']);
    expect(commandForKey(key('e'), ALL, inbox)?.id).toBe('inbox.archive');
    expect(commandForKey(key('e'), ALL, ctx('member', ['list.next']))).toBeUndefined();
    expect(ids(commandsForRole(ALL, 'viewer'))).toContain('inbox.archive');
  });

  it('runs the same s, p, a, l on a list with a focused row and no selection', () => {
    const { fx, calls } = effects();
    // The list registers the issue page's commands for its focused row (features/issues).
    const listWithRow = ctx('member', [...SCREEN_COMMANDS]);
    for (const k of ['s', 'p', 'a', 'l'])
      commandForKey(key(k), ALL, listWithRow)?.run(listWithRow, fx);
    expect(calls).toEqual([
      'screen issue.state',
      'screen issue.priority',
      'screen issue.assignee',
      'screen issue.labels',
    ]);
    expect(commandForKey(key('j'), ALL, listWithRow)?.id).toBe('list.next');
    // The palette offers them there too, by the same names.
    const palette = commandsForRole(ALL, 'member').filter(
      (c) => c.inPalette && c.enabled?.(listWithRow) !== false,
    );
    expect(ids(palette)).toEqual(
      expect.arrayContaining(['issue.state', 'issue.priority', 'issue.assignee', 'issue.labels']),
    );
  });

  it('offers Delete issue… in the palette only where a screen can delete, never to viewers', () => {
    const { fx, calls } = effects();
    const member = commandsForRole(ALL, 'member').find((c) => c.id === 'issue.delete')!;
    expect(member.inPalette).toBe(true);
    expect(isAvailable(member, ctx('member', []))).toBe(false);
    const issuePage = ctx('member', ['issue.delete']);
    expect(isAvailable(member, issuePage)).toBe(true);
    member.run(issuePage, fx);
    expect(calls).toEqual(['screen issue.delete']);
    expect(ids(commandsForRole(ALL, 'viewer'))).not.toContain('issue.delete');
  });

  it('copies the link and branch name with Ctrl/Cmd+Shift+, and +. where a screen offers them, viewers too', () => {
    const { fx, calls } = effects();
    const here = ctx('viewer', ['issue.copyLink', 'issue.copyBranch']);
    const viewer = commandsForRole(ALL, 'viewer');
    for (const event of [
      key('<', { ctrlKey: true, shiftKey: true, code: 'Comma' }),
      key('>', { metaKey: true, shiftKey: true, code: 'Period' }),
    ])
      commandForKey(event, viewer, here)?.run(here, fx);
    expect(calls).toEqual(['screen issue.copyLink', 'screen issue.copyBranch']);
    // Without Shift, or on a screen with no issue, they are nothing.
    expect(commandForKey(key(',', { ctrlKey: true, code: 'Comma' }), viewer, here)).toBeUndefined();
    const nowhere = ctx('viewer', []);
    expect(
      commandForKey(key('<', { ctrlKey: true, shiftKey: true, code: 'Comma' }), viewer, nowhere),
    ).toBeUndefined();
    const palette = viewer.filter((c) => c.inPalette && isAvailable(c, here));
    expect(ids(palette)).toEqual(expect.arrayContaining(['issue.copyLink', 'issue.copyBranch']));
  });

  it('lets held j/k repeat, but not c', () => {
    const list = ctx('member', ['list.next']);
    expect(commandForKey(key('j', { repeat: true }), ALL, list)?.id).toBe('list.next');
    expect(commandForKey(key('c', { repeat: true }), ALL, list)).toBeUndefined();
  });

  it('hides New issue and the edit commands from viewers, keys included', () => {
    const viewer = commandsForRole(ALL, 'viewer');
    expect(ids(viewer)).not.toContain('issue.new');
    expect(ids(viewer)).not.toContain('issue.state');
    expect(ids(viewer)).not.toContain('list.select');
    expect(ids(viewer)).toContain('go.issues');
    expect(ids(viewer)).toContain('list.next');
    const everything = ctx('viewer', [...SCREEN_COMMANDS]);
    expect(commandForKey(key('c'), ALL, everything)).toBeUndefined();
    expect(commandForKey(key('s'), ALL, everything)).toBeUndefined();
    expect(commandForKey(key('x'), ALL, everything)).toBeUndefined();
    expect(commandForKey(key('j'), ALL, everything)?.id).toBe('list.next');
    expect(ids(commandsForRole(ALL, 'member'))).toEqual(ids(ALL));
  });

  it('navigates within the workspace, per project to its list and board', () => {
    const { fx, calls } = effects();
    const c = ctx('viewer');
    for (const id of [
      'go.issues',
      'go.my-issues',
      'go.project.ENG.board',
      'go.project.ENG.list',
      'go.account',
    ])
      ALL.find((cmd) => cmd.id === id)!.run(c, fx);
    expect(calls).toEqual([
      'navigate /acme/issues',
      'navigate /acme/my-issues',
      'navigate /acme/projects/ENG/board',
      'navigate /acme/projects/ENG/issues',
      'navigate /account',
    ]);
  });
});

describe('filterCommands', () => {
  const titles = (q: string) => filterCommands(ALL, q).map((c) => c.title);

  it('matches word starts in titles and keywords, every word', () => {
    expect(titles('go set')).toEqual(['Go to Settings']);
    expect(titles('all iss')).toEqual(['Go to All issues']);
    expect(titles('board eng')).toEqual(['Go to Engineering board']);
    expect(titles('create')).toEqual(['New issue']);
  });

  it('returns everything for an empty query and nothing for nonsense', () => {
    expect(filterCommands(ALL, '  ')).toHaveLength(ALL.length);
    expect(titles('qqq')).toEqual([]);
  });
});
