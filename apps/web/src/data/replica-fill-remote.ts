import type { Seq } from './replica-types.ts';
import {
  bulkGetSchema,
  changesPageSchema,
  databaseInfoSchema,
  fetchParsed,
  snapshotPageSchema,
  type ChangesPage,
  type SnapshotPage,
} from './replica-responses.ts';

export type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** How long the server holds a live feed request open when nothing changes. */
export const LIVE_TIMEOUT_MS = 25_000;

/** What the first fill reads of the server, each answer checked against its schema. */
export class FillRemote {
  /** `/db/:ws` is the workspace's replication endpoint; its snapshot pages are under /api. */
  private readonly snapshotUrl: string;

  constructor(
    private readonly remoteUrl: string,
    private readonly fetchRemote: RemoteFetch,
  ) {
    this.snapshotUrl = remoteUrl.replace(/\/db\/([^/]+)\/?$/, '/api/workspaces/$1/snapshot');
  }

  /** The database's sequence now. */
  async updateSeq(): Promise<Seq> {
    return (await fetchParsed(databaseInfoSchema, this.fetchRemote, `${this.remoteUrl}/`))
      .update_seq;
  }

  /** A page of the change feed with the documents inline; `live` waits for a change (long poll). */
  changes(since: Seq, limit: number, live?: AbortSignal): Promise<ChangesPage> {
    const feed = live ? `&feed=longpoll&timeout=${LIVE_TIMEOUT_MS}` : '';
    return fetchParsed(
      changesPageSchema,
      this.fetchRemote,
      `${this.remoteUrl}/_changes?include_docs=true&limit=${limit}&since=${encodeURIComponent(String(since))}${feed}`,
      // A connection gone quiet (a laptop asleep, Wi-Fi lost without a word) counts as lost.
      live
        ? { signal: AbortSignal.any([live, AbortSignal.timeout(LIVE_TIMEOUT_MS * 2)]) }
        : undefined,
    );
  }

  /** A page of the workspace's current documents of one type (GET /api/workspaces/:ws/snapshot). */
  snapshotPage(type: string, limit: number, after?: string): Promise<SnapshotPage> {
    const query = `type=${type}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    return fetchParsed(snapshotPageSchema, this.fetchRemote, `${this.snapshotUrl}?${query}`);
  }

  /** These revisions with their histories (`_bulk_get?revs=true`); one the server lacks is left out. */
  async withHistory(docs: readonly { id: string; rev: string }[]): Promise<object[]> {
    const body = await fetchParsed(
      bulkGetSchema,
      this.fetchRemote,
      `${this.remoteUrl}/_bulk_get?revs=true`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ docs }),
        // A connection gone quiet must not hold up the page's writes, which wait behind this.
        signal: AbortSignal.timeout(LIVE_TIMEOUT_MS * 2),
      },
    );
    return body.results.flatMap((r) => r.docs.flatMap((d) => (d.ok ? [d.ok] : [])));
  }
}
