import { contentHash } from './conflict-entry.ts';
import type { IssueDoc, ProjectDoc } from './documents.ts';
import { formatIssueKey } from './ids.ts';
import type { StateCategory } from './workflow.ts';

export * from './git-links-kinds.ts';

/**
 * SPEC §11, GitHub: a pull request or a commit that names an issue's key is linked on it. The
 * server writes the links (`link` documents) and the moves of state they cause, under ids that
 * follow from what they are about, so an event GitHub sends twice writes nothing new.
 */
/** Who a link's activity names: Keel itself, acting on GitHub's word. */
export const GIT_ACTOR = 'keel';

// A key in running text: ENG-12, eng-12 in a branch name, "Fixes ENG-12". Not inside a longer
// word or number (`XENG-12`, `ENG-123` is 123).
const KEY_IN_TEXT = /(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]{1,4})-([1-9][0-9]{0,8})(?![0-9])/g;

/**
 * The issue keys some texts name, of projects that exist (`projectKeys`, upper case), each once,
 * in the order they first appear.
 */
export function issueKeysIn(texts: readonly string[], projectKeys: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const text of texts)
    for (const match of text.matchAll(KEY_IN_TEXT)) {
      const projectKey = match[1]!.toUpperCase();
      if (!projectKeys.has(projectKey)) continue;
      const key = formatIssueKey(projectKey, Number(match[2]));
      if (!found.includes(key)) found.push(key);
    }
  return found;
}

/** The one link of a pull request or commit (its URL) on an issue. */
export function linkId(issueId: string, url: string): string {
  return `link:${contentHash(`${issueId}\n${url}`)}`;
}

/**
 * The one activity of a link's event: its linking, or a move of state it caused (`what`: the
 * state it moved to). Written once: a redelivered event finds it made and changes nothing.
 */
export function linkActivityId(link: string, what: string): string {
  return `activity:git-${contentHash(`${link}\n${what}`)}`;
}

// Where each move may start from: work starts only on an issue not started yet, and a merge
// finishes only an issue not finished (one someone completed or canceled stays so).
const MOVES_FROM: Record<'started' | 'completed', readonly StateCategory[]> = {
  started: ['backlog', 'unstarted'],
  completed: ['backlog', 'unstarted', 'started'],
};

/**
 * The state a linked pull request moves `issue` to (`moveTo`: opened → started, merged →
 * completed), or null when it does not move: the project turned that move off, or the issue is
 * already there or past it. The project's choice (`gitStates`) if it is still in its workflow,
 * else its first state of that category.
 */
export function gitStateFor(
  project: ProjectDoc,
  issue: IssueDoc,
  moveTo: 'started' | 'completed',
): string | null {
  const target = gitStateChoice(project, moveTo);
  const current = project.states.find((s) => s.id === issue.stateId)?.category;
  if (!target || !current || !MOVES_FROM[moveTo].includes(current)) return null;
  return target !== issue.stateId ? target : null;
}

/**
 * The state a project sends its issues to on `moveTo`, whatever state they are in: its choice
 * (`gitStates`) while that is still in its workflow with that category, else its first state
 * of the category; null when it turned the move off (or has no such state).
 */
export function gitStateChoice(
  project: ProjectDoc,
  moveTo: 'started' | 'completed',
): string | null {
  const chosen = project.gitStates?.[moveTo];
  if (chosen === null) return null;
  const target =
    project.states.find((s) => s.id === chosen && s.category === moveTo) ??
    project.states.find((s) => s.category === moveTo);
  return target?.id ?? null;
}
