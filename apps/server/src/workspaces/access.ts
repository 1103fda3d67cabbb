import type { FastifyRequest } from 'fastify';
import type { Role } from '@keel/domain';
import { AppError } from '../app-error.ts';
import {
  userIdOf,
  type AppStore,
  type MembershipDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';
import { requireSession } from '../plugins/session.ts';

export interface WorkspaceAccess {
  userId: string;
  workspace: WorkspaceRecord;
  membership: MembershipDoc;
  role: Role;
}

/**
 * The session's user and their membership of the workspace named in the URL. Not a member and
 * no such workspace look the same (NOT_FOUND), so a workspace's existence never leaks.
 */
export async function workspaceAccess(
  request: FastifyRequest,
  store: Pick<AppStore, 'workspaceAndMembership'>,
  slug: string,
): Promise<WorkspaceAccess> {
  const session = requireSession(request);
  const userId = userIdOf(session.user);
  const early = lookups.get(request);
  const { workspace, membership } = !SLUG.test(slug)
    ? { workspace: null, membership: null }
    : early &&
        early.userId === userId &&
        early.slug === slug &&
        Date.now() - early.startedAt <= EARLY_FOR_MS
      ? await early.found
      : await store.workspaceAndMembership(slug, userId);
  if (!workspace || !membership) throw new AppError('NOT_FOUND');
  return { userId, workspace, membership, role: membership.role };
}

const SLUG = /^[a-z0-9-]{1,40}$/;

// An early read serves only a request whose body arrived at once: a write uploaded slowly must
// be authorised by a membership read after it arrived, not before (a removal meanwhile counts).
const EARLY_FOR_MS = 100;

type Lookup = ReturnType<AppStore['workspaceAndMembership']>;
const lookups = new WeakMap<
  FastifyRequest,
  { userId: string; slug: string; startedAt: number; found: Lookup }
>();

/**
 * For a replication request (`/db/:ws/…`), start reading the workspace and the membership
 * while the session is still being read (registerSessions' `alongside`): every replication
 * request needs both, and they no longer wait for the session's round trip. `workspaceAccess`
 * uses the result only for the user the session turned out to be. Read from this instance's
 * copy (AccessCache), which is in step with the database; from the database when there is none.
 */
export function startWorkspaceLookup(store: Pick<AppStore, 'workspaceAndMembership'>) {
  return (request: FastifyRequest, userId: string): void => {
    const slug = (request.params as { ws?: unknown } | undefined)?.ws;
    if (!request.routeOptions.url?.startsWith('/db/:ws') || typeof slug !== 'string') return;
    if (!SLUG.test(slug)) return;
    const found = store.workspaceAndMembership(slug, userId);
    // A session that turns out invalid never awaits it: its failure must not go unhandled.
    found.catch(() => undefined);
    lookups.set(request, { userId, slug, startedAt: Date.now(), found });
  };
}
