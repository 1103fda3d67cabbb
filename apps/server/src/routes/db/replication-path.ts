import { typeOfId } from '@keel/domain';

/**
 * The CouchDB replication protocol and nothing else (SPEC §7). A request path after
 * `/db/:ws` is classified here; anything not recognised is refused by the caller.
 */
export type ReplicationEndpoint =
  | { kind: 'info' }
  | { kind: 'changes' }
  | { kind: 'revs_diff' }
  | { kind: 'bulk_get' }
  | { kind: 'bulk_docs' }
  | { kind: 'local'; id: string }
  | { kind: 'doc'; id: string };

// Checkpoint ids are PouchDB's base64 replication ids.
const LOCAL_ID = /^[A-Za-z0-9_.=+-]{1,200}$/;

const ALLOWED: Record<ReplicationEndpoint['kind'], readonly string[]> = {
  info: ['GET', 'HEAD'],
  changes: ['GET', 'POST'],
  revs_diff: ['POST'],
  bulk_get: ['POST'],
  bulk_docs: ['POST'],
  local: ['GET', 'PUT', 'DELETE'],
  doc: ['GET'],
};

/** Query parameters passed upstream, per endpoint; everything else is dropped. */
export const ALLOWED_QUERY: Record<ReplicationEndpoint['kind'], readonly string[]> = {
  info: [],
  changes: [
    'since',
    'limit',
    'feed',
    'heartbeat',
    'timeout',
    'include_docs',
    'style',
    'seq_interval',
    'descending',
    'conflicts',
    'filter',
    'doc_ids',
  ],
  revs_diff: [],
  bulk_get: ['revs', 'latest'],
  bulk_docs: [],
  local: ['rev'],
  doc: ['rev', 'revs', 'open_revs', 'latest', 'conflicts', 'revs_info'],
};

/** Classify `rest` (the raw, still percent-encoded path after `/db/:ws`) for `method`. */
export function classifyReplicationPath(rest: string, method: string): ReplicationEndpoint | null {
  let segments: string[];
  try {
    segments = rest
      .replace(/^\//, '')
      .split('/')
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.some((s) => s.includes('/') || s.includes('\\') || s === '..' || s === '.'))
    return null;
  let endpoint: ReplicationEndpoint | null = null;
  const [first = '', second] = segments;
  if (segments.length === 1 && first === '') endpoint = { kind: 'info' };
  else if (segments.length === 1 && first === '_changes') endpoint = { kind: 'changes' };
  else if (segments.length === 1 && first === '_revs_diff') endpoint = { kind: 'revs_diff' };
  else if (segments.length === 1 && first === '_bulk_get') endpoint = { kind: 'bulk_get' };
  else if (segments.length === 1 && first === '_bulk_docs') endpoint = { kind: 'bulk_docs' };
  else if (segments.length === 2 && first === '_local' && second && LOCAL_ID.test(second))
    endpoint = { kind: 'local', id: `_local/${second}` };
  else if (segments.length === 1 && typeOfId(first)) endpoint = { kind: 'doc', id: first };
  if (!endpoint || !ALLOWED[endpoint.kind].includes(method)) return null;
  return endpoint;
}

/** The upstream path for an endpoint in database `dbName`. */
export function upstreamPath(dbName: string, endpoint: ReplicationEndpoint): string {
  const db = `/${encodeURIComponent(dbName)}`;
  switch (endpoint.kind) {
    case 'info':
      return `${db}/`;
    case 'local':
      return `${db}/_local/${encodeURIComponent(endpoint.id.slice('_local/'.length))}`;
    case 'doc':
      return `${db}/${encodeURIComponent(endpoint.id)}`;
    default:
      return `${db}/_${endpoint.kind}`;
  }
}
