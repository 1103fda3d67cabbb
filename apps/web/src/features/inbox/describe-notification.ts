import { ROLLOVER_ACTOR, statesOfHistory, type ProjectDoc } from '@keel/domain';
import type { InboxNotification } from './derive-notifications.ts';

export interface NotificationNames {
  /** A member's display name, undefined for someone no longer in the workspace. */
  member: (userId: string) => string | undefined;
  project: (projectId: string) => ProjectDoc | undefined;
}

export interface NotificationText {
  actor: string;
  /** What the actor did, after their name: "assigned you", "moved to Done". */
  action: string;
  /** The start of a comment, as plain text, for comments and mentions. */
  excerpt: string | null;
}

const EXCERPT_LENGTH = 140;

/**
 * A comment's Markdown as one short line of plain text: mentions read as `@Name`, links as their
 * text, Markdown punctuation and line breaks dropped.
 */
export function commentExcerpt(body: string, max = EXCERPT_LENGTH): string {
  const plain = body
    .replace(/@\[([^\]\n]{1,200})\]\(user:[A-Za-z0-9_-]{1,64}\)/g, '@$1')
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

export function describeNotification(
  n: InboxNotification,
  names: NotificationNames,
): NotificationText {
  // Keel itself acts too: a cycle's rollover, a pull request's move (cycles.ts, git-links.ts).
  const actor =
    n.actorId === ROLLOVER_ACTOR ? 'Keel' : (names.member(n.actorId) ?? 'A former member');
  switch (n.kind) {
    case 'assigned':
      return { actor, action: 'assigned you', excerpt: null };
    case 'state': {
      const project = names.project(n.issue.projectId);
      const states = project ? statesOfHistory(project) : [];
      const state = states.find((s) => s.id === n.activity.to);
      return {
        actor,
        action: state ? `moved to ${state.name}` : 'changed the state',
        excerpt: null,
      };
    }
    case 'mentioned':
      return { actor, action: 'mentioned you', excerpt: commentExcerpt(n.comment.body) };
    case 'commented':
      return { actor, action: 'commented', excerpt: commentExcerpt(n.comment.body) };
  }
}

/** One sentence for a row's accessible name and tests: "Ana Lima assigned you". */
export function notificationSentence(text: NotificationText): string {
  return `${text.actor} ${text.action}${text.excerpt ? `: ${text.excerpt}` : ''}`;
}
