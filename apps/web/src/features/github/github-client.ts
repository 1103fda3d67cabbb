import {
  connectedGithubSchema,
  githubConnectionSchema,
  type ConnectedGithub,
  type GithubConnection,
} from '@keel/domain';
import { call, NO_CONTENT, type Outcome } from '../../shared/lib/api-call.ts';

/** A workspace's GitHub connection (SPEC §11), each answer parsed with the domain's schema. */
const path = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/github`;

export function getConnection(slug: string): Promise<Outcome<GithubConnection>> {
  return call(path(slug), githubConnectionSchema);
}

/** Connect, or give the connection a new secret (shown once). */
export function connect(slug: string): Promise<Outcome<ConnectedGithub>> {
  return call(path(slug), connectedGithubSchema, { method: 'POST' });
}

export function disconnect(slug: string): Promise<Outcome<undefined>> {
  return call(path(slug), NO_CONTENT, { method: 'DELETE' });
}
