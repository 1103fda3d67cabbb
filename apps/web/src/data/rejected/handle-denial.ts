import { typeOfId } from '@keel/domain';
import type { Denial, LeafVersion, Replica } from '../replica-types.ts';
import { changeSubject, rejectionReason, syncRejectedMessage } from '../rejection-message.ts';
import { rejectedDeletionText, rejectedText, type Lookup } from './rejected-text.ts';
import { keepRejected, type RejectedChange } from './rejected-store.ts';
import { contentOf, sameContent } from './same-content.ts';
import type { ResendBudget } from './sent-too-early.ts';
import { refusedForMissingReference, sentTooEarly } from './sent-too-early.ts';

/** How the server is asked for a document. */
export type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

// The session cookie is HttpOnly; the browser attaches it when asked to include credentials.
const browserFetch: RemoteFetch = (url, init) => fetch(url, { ...init, credentials: 'include' });

export interface DenialContext {
  /** Only reading a document's current version and writing over it. */
  replica: Pick<Replica, 'current' | 'bulk'>;
  /** `/db/<slug>` of this workspace, where the server's version of a document is read. */
  remoteUrl: string;
  /** The browser's own fetch unless given (a test outside the browser brings its cookie). */
  fetchRemote?: RemoteFetch;
  userId: string;
  slug: string;
  lookup: Lookup;
  resends: ResendBudget;
}

/** The server's current version: null when it has none, undefined when it could not be asked. */
export async function fetchServerVersion(
  remoteUrl: string,
  id: string,
  fetchRemote: RemoteFetch = browserFetch,
): Promise<object | null | undefined> {
  try {
    const response = await fetchRemote(`${remoteUrl}/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Activity, read markers and conflict entries record what happened; nobody typed them (a
 * conflict entry's text is still on the versions it came from), so they are only undone.
 */
const UNTYPED = new Set(['activity', 'readMarker', 'conflict']);

/**
 * What undoes a refused document on the device: the server's version written over the device's
 * (`server` null: the server never had it, so it is removed). Null when there is nothing to undo
 * because the device already shows what the server has — the refusal was of an undo itself.
 */
export function undoWrite(
  id: string,
  local: LeafVersion,
  server: object | null,
): Record<string, unknown> | null {
  const mine = local.deleted ? null : local.doc;
  if (sameContent(mine, server)) return null;
  return server === null
    ? { _id: id, _rev: local.rev, _deleted: true }
    : { ...contentOf(server), _id: id, _rev: local.rev };
}

export type DenialOutcome =
  | { kind: 'ignored' }
  | { kind: 'resent' }
  | { kind: 'undone'; message: string | null; kept: RejectedChange | null };

/**
 * One document the server refused (SPEC §4). Sent before what it points at (sent-too-early.ts),
 * it is sent again. Otherwise keep what the device had under Rejected changes,
 * then undo it on the device — the server's version written over it, or the document removed
 * when the server never had it — so the replica shows what everyone else sees and does not
 * send it again. A refusal of such an undo (a viewer cannot write even the server's own
 * content) is recognised by its content and ignored, so refusals cannot loop.
 */
export async function handleDenial(denial: Denial, ctx: DenialContext): Promise<DenialOutcome> {
  const local = await ctx.replica.current(denial.id);
  if (!local) return { kind: 'ignored' };
  const server = await fetchServerVersion(ctx.remoteUrl, denial.id, ctx.fetchRemote);
  const mine = local.deleted ? null : local.doc;
  if (
    mine &&
    (await sentTooEarly(mine, {
      local: async (id) => {
        const version = await ctx.replica.current(id);
        return version && !version.deleted ? version.doc : null;
      },
      server: (id) => fetchServerVersion(ctx.remoteUrl, id, ctx.fetchRemote),
      refusedAsMissing: refusedForMissingReference(denial.reason),
    })) &&
    ctx.resends.take(denial.id)
  ) {
    await ctx.replica.bulk([{ ...contentOf(mine), _id: denial.id, _rev: local.rev }]);
    return { kind: 'resent' };
  }
  const undo = server === undefined ? null : undoWrite(denial.id, local, server);
  if (server !== undefined && !undo) return { kind: 'ignored' };

  // Read names before the undo: a refused new issue is gone from the device afterwards.
  const message = syncRejectedMessage(denial, ctx.lookup);
  const type = typeOfId(denial.id) ?? 'document';
  const kept = UNTYPED.has(type)
    ? null
    : keepRejected(ctx.userId, {
        slug: ctx.slug,
        docId: denial.id,
        docType: type,
        subject: changeSubject(denial.id, ctx.lookup),
        reason: rejectionReason(denial.reason, denial.code),
        text:
          mine === null
            ? rejectedDeletionText(server, ctx.lookup)
            : rejectedText(mine, server, ctx.lookup),
        at: new Date().toISOString(),
      });

  // Not knowing the server's version (the network dropped just now), the device keeps its own;
  // the text is kept all the same.
  if (undo) await ctx.replica.bulk([undo]);
  return { kind: 'undone', message: kept ? message : null, kept };
}
