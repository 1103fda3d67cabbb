import {
  CYCLE_NOT_OF_PROJECT,
  ISSUE_NOT_FOUND,
  LABEL_NOT_FOUND,
  PARENT_NOT_FOUND,
  typeOfId,
} from '@keel/domain';
import { sameContent } from './same-content.ts';

/**
 * PouchDB's push sends the latest revision of a document already queued, so an issue edited to
 * carry a label created a moment later can reach the server before that label does, and be
 * refused for pointing at nothing. Such a refusal is not the person's mistake: the document is
 * sent again (a new revision, same content) instead of being undone, and arrives after what it
 * points at. These helpers decide when that applies.
 */

/** Ids a document points at that the server checks exist (SPEC §5 references). */
export function referencesOf(doc: object): string[] {
  const d = doc as {
    type?: unknown;
    labelIds?: unknown;
    parentId?: unknown;
    cycleId?: unknown;
    issueId?: unknown;
  };
  if (d.type === 'issue') {
    const labels = Array.isArray(d.labelIds)
      ? d.labelIds.filter((id): id is string => typeof id === 'string')
      : [];
    const single = [d.parentId, d.cycleId].filter((id): id is string => typeof id === 'string');
    return [...labels, ...single];
  }
  if (
    (d.type === 'comment' || d.type === 'activity' || d.type === 'conflict') &&
    typeof d.issueId === 'string'
  )
    return [d.issueId];
  return [];
}

export interface SentTooEarlyContext {
  /** The device's current version of a document, null when it has none (or deleted). */
  local: (id: string) => Promise<object | null>;
  /** The server's version: null when it has none, undefined when it could not be asked. */
  server: (id: string) => Promise<object | null | undefined>;
  /**
   * The server refused the document for pointing at something it did not have. What the device
   * holds and the server has by now arrived after the document did (the push that sent it was
   * still under way when the refusal was looked at): that too was only too early.
   */
  refusedAsMissing?: boolean;
}

/** Whether a refusal's reason is one of the domain's "what it points at does not exist". */
export function refusedForMissingReference(reason: string): boolean {
  return [LABEL_NOT_FOUND, PARENT_NOT_FOUND, ISSUE_NOT_FOUND, CYCLE_NOT_OF_PROJECT].some((m) =>
    reason.includes(m),
  );
}

/**
 * True when the refused document points at something the device holds in a version the server
 * does not have yet (a new label, a new parent, the issue change an activity record belongs
 * to): it was only sent too early.
 */
export async function sentTooEarly(doc: object, ctx: SentTooEarlyContext): Promise<boolean> {
  // A record of a change (activity) is refused with its issue change; it waits for that change,
  // not merely for the issue to exist. An issue waits only for what does not exist yet: its
  // other refusals (a parent loop) are real and must not be sent again.
  const waitsForVersion = (doc as { type?: unknown }).type === 'activity';
  const refs = referencesOf(doc).filter((id) => typeOfId(id) !== null);
  for (const id of refs) {
    const local = await ctx.local(id);
    if (!local) continue;
    const server = await ctx.server(id);
    if (server === undefined) continue;
    if (server === null || (waitsForVersion && !sameContent(local, server))) return true;
    if (ctx.refusedAsMissing) return true;
  }
  return false;
}

const MAX_RESENDS = 3;

/** Counts resends per document, so a refusal that is not about order cannot loop. */
export class ResendBudget {
  private readonly counts = new Map<string, number>();

  take(id: string): boolean {
    const used = this.counts.get(id) ?? 0;
    if (used >= MAX_RESENDS) return false;
    this.counts.set(id, used + 1);
    return true;
  }
}
