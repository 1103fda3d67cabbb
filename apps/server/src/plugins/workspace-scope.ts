import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission } from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import { workspaceAccess, type WorkspaceAccess } from '../workspaces/access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A `/api/workspaces/:ws/…` route: the permission of SPEC §6 it needs, checked by the
     * workspace scope before the handler runs (not a member: 404; not allowed: 403).
     * `cached`: the membership may come from the instance's access cache (decision 011).
     */
    workspace?: { permission: Permission; cached?: boolean };
  }
}

type MembershipLookup = Pick<AppStore, 'workspaceAndMembership'>;

const accesses = new WeakMap<FastifyRequest, WorkspaceAccess>();

/**
 * One hook resolves the workspace and the caller's role for every route that names a workspace
 * permission, and refuses what the role may not do; handlers read the result with `accessOf`.
 */
export function registerWorkspaceScope(
  app: FastifyInstance,
  lookups: { store: MembershipLookup; cache: MembershipLookup },
): void {
  // A route of a workspace that names no permission would skip the check: refused at boot.
  app.addHook('onRoute', (route) => {
    if (/^\/api\/(v1\/)?workspaces\/:ws/.test(route.url) && !route.config?.workspace)
      throw new Error(`${route.method} ${route.url} names no workspace permission`);
  });
  // Before the body is validated: a stranger learns "not found", not what the body lacks.
  app.addHook('preValidation', async (request) => {
    const scope = request.routeOptions.config.workspace;
    if (!scope) return;
    const { ws } = request.params as { ws?: unknown };
    const lookup = scope.cached ? lookups.cache : lookups.store;
    const access = await workspaceAccess(request, lookup, typeof ws === 'string' ? ws : '');
    if (!can(access.role, scope.permission)) throw new AppError('FORBIDDEN');
    accesses.set(request, access);
  });
}

/** The caller's access to the route's workspace, as the scope resolved it. */
export function accessOf(request: FastifyRequest): WorkspaceAccess {
  const access = accesses.get(request);
  if (!access) throw new Error(`${request.routeOptions.url} names no workspace permission`);
  return access;
}
