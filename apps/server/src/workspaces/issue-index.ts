import { CouchClient } from '../db/couch-client.ts';

/** What finding issues by key, by parent or by place takes of an issue: a few fields. */
export interface IssueSkeleton {
  id: string;
  projectId: string;
  number: number;
  parentId: string | null;
  sortOrder: string;
}

interface ChangesAnswer {
  results: { id: string; deleted?: boolean; doc?: Record<string, unknown> | null }[];
  last_seq: unknown;
  pending?: number;
}

const PAGE = 5_000;
const seqText = (seq: unknown) => (typeof seq === 'string' ? seq : JSON.stringify(seq));

/**
 * One workspace's issues as skeletons, caught up with its database before every use: the public
 * API and GitHub's receiver find the few issues a request names (`ENG-12`, a parent's children,
 * the project's first place) here, then read those by id, rather than reading all 100,000.
 */
export class WorkspaceIssues {
  private readonly byId = new Map<string, IssueSkeleton>();
  private readonly byKey = new Map<string, string>();

  /** The id of the issue numbered `number` in the project, if there is one. */
  idOf(projectId: string, number: number): string | undefined {
    return this.byKey.get(`${projectId}\n${number}`);
  }

  childrenOf(issueId: string): string[] {
    const ids: string[] = [];
    for (const issue of this.byId.values()) if (issue.parentId === issueId) ids.push(issue.id);
    return ids;
  }

  /** The first place in the project's manual order (fractional keys: code-unit order). */
  firstSortOrder(projectId: string): string | null {
    let first: string | null = null;
    for (const issue of this.byId.values())
      if (issue.projectId === projectId && (first === null || issue.sortOrder < first))
        first = issue.sortOrder;
    return first;
  }

  get size(): number {
    return this.byId.size;
  }

  /** A stored issue as it is now (or its deletion). */
  apply(id: string, doc: Record<string, unknown> | null): void {
    const held = this.byId.get(id);
    if (held) {
      this.byId.delete(id);
      if (this.byKey.get(`${held.projectId}\n${held.number}`) === id)
        this.byKey.delete(`${held.projectId}\n${held.number}`);
    }
    if (!doc || doc._deleted === true || doc.type !== 'issue') return;
    const { projectId, number, parentId, sortOrder } = doc;
    if (typeof projectId !== 'string' || typeof number !== 'number') return;
    const skeleton: IssueSkeleton = {
      id,
      projectId,
      number,
      parentId: typeof parentId === 'string' ? parentId : null,
      sortOrder: typeof sortOrder === 'string' ? sortOrder : '',
    };
    this.byId.set(id, skeleton);
    this.byKey.set(`${projectId}\n${number}`, id);
  }
}

interface Entry {
  issues: WorkspaceIssues;
  seq: string;
  /** The last catch-up (or the first reading): the next waits for it. */
  ready: Promise<void>;
  /** A catch-up asked for and not begun: whoever asks meanwhile waits for that one. */
  queued: Promise<void> | null;
}

/**
 * Each instance keeps the skeletons of the workspaces recently asked about (a handful; the least
 * recently used go), built from a read of every issue once and then kept by reading the
 * database's changes since the last use, so any write through any instance or device is seen.
 * Nothing here is needed by another instance: each builds its own from the database.
 */
export class IssueIndex {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly couch: CouchClient,
    private readonly limits = { workspaces: 8, issues: 250_000 },
  ) {}

  /** The workspace's issues, caught up with its database as of now. */
  async of(dbName: string): Promise<WorkspaceIssues> {
    let entry = this.entries.get(dbName);
    if (entry) {
      // Most recently used last.
      this.entries.delete(dbName);
      this.entries.set(dbName, entry);
      if (!entry.queued) {
        const current = entry;
        // After the one before it (a failed reading fails this too, and the entry goes); begun
        // only then, so it reads every change made before this call.
        entry.queued = entry.ready.then(() => {
          current.queued = null;
          return this.catchUp(dbName, current);
        });
        entry.ready = entry.queued;
      }
    } else {
      const issues = new WorkspaceIssues();
      const fresh: Entry = { issues, seq: '0', ready: Promise.resolve(), queued: null };
      fresh.ready = this.build(dbName, fresh);
      this.entries.set(dbName, fresh);
      entry = fresh;
    }
    try {
      await entry.ready;
    } catch (error) {
      // Not kept half-built or behind: the next use starts again.
      if (this.entries.get(dbName) === entry) this.entries.delete(dbName);
      throw error;
    }
    this.letGo(dbName);
    return entry.issues;
  }

  /** The least recently used go while more workspaces, or more issues in all, are kept. */
  private letGo(keeping: string): void {
    let issues = 0;
    for (const entry of this.entries.values()) issues += entry.issues.size;
    for (const [dbName, entry] of this.entries) {
      if (this.entries.size <= this.limits.workspaces && issues <= this.limits.issues) return;
      if (dbName === keeping) continue;
      this.entries.delete(dbName);
      issues -= entry.issues.size;
    }
  }

  /** Forget a workspace (deleted). */
  forget(dbName: string): void {
    this.entries.delete(dbName);
  }

  private async build(dbName: string, entry: Entry): Promise<void> {
    // Where the changes feed is before the issues are read: what is written meanwhile comes
    // again in the catch-up, and applying it twice changes nothing.
    const info = await this.couch.json<{ update_seq: unknown }>('GET', CouchClient.dbPath(dbName));
    entry.seq = seqText(info.update_seq);
    // On a cluster a range is read from one copy of each shard: a write answered before the
    // sequence above must have reached every copy, or it would be in neither read.
    await this.couch.settled(dbName);
    for await (const page of this.couch.pagesWithPrefix<Record<string, unknown>>(dbName, 'issue:'))
      for (const doc of page) entry.issues.apply(String(doc._id), doc);
    await this.catchUp(dbName, entry);
  }

  private async catchUp(dbName: string, entry: Entry): Promise<void> {
    for (;;) {
      const answer = await this.couch.json<ChangesAnswer>(
        'GET',
        CouchClient.dbPath(dbName, '/_changes'),
        { query: { since: entry.seq, include_docs: true, limit: PAGE } },
      );
      for (const row of answer.results)
        if (row.id.startsWith('issue:'))
          entry.issues.apply(row.id, row.deleted ? null : (row.doc ?? null));
      entry.seq = seqText(answer.last_seq);
      if (answer.results.length < PAGE) return;
    }
  }
}
