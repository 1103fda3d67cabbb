// Over 300 lines: the store's one lifecycle (ingest, apply, mark loaded, show pending/saved) moves
// its collections, indexes and waiters together; the indexes and collections are already apart.
import {
  workspaceDocSchema,
  type ActivityDoc,
  type CommentDoc,
  type ConflictDoc,
  type IssueBlockSets,
  type RelationDoc,
  type DocType,
  type IssueDoc,
  type SubIssueProgress,
  type WorkspaceDoc,
  type WorkspaceLookup,
} from '@keel/domain';
import { RevisionWaiters, revGeneration } from './revision-waiters.ts';
import { Collection } from './store-collection.ts';
import { StoreIndexes } from './store-indexes.ts';
import type { ReplicaChange } from './replica.ts';

export type DocOfType<K extends DocType> = Extract<WorkspaceDoc, { type: K }>;

/** A deletion as saved: an issue's or comment's keeps what identifies it (`tombstoneOf`). */
type Deletion = { _id: string; _deleted: true };
const isDeletion = (doc: WorkspaceDoc | Deletion): doc is Deletion =>
  (doc as { _deleted?: unknown })._deleted === true;

const BURST_INTERVAL_MS = 150;

type Collections = { [K in DocType]: Collection<DocOfType<K>> };

/**
 * The workspace in memory. Screens read only this; it is fed by the device replica (all docs at
 * open, then its change feed), so a local write shows up here as soon as it is saved.
 */
export class WorkspaceStore {
  private readonly collections: Collections = {
    member: new Collection(),
    project: new Collection(),
    issue: new Collection(),
    comment: new Collection(),
    label: new Collection(),
    activity: new Collection(),
    readMarker: new Collection(),
    conflict: new Collection(),
    relation: new Collection(),
    cycle: new Collection(),
    milestone: new Collection(),
    view: new Collection(),
    favorite: new Collection(),
    notice: new Collection(),
    link: new Collection(),
    attachment: new Collection(),
  };
  private readonly typeById = new Map<string, DocType>();
  private readonly indexes = new StoreIndexes();
  private readonly listeners = new Set<() => void>();
  private notifyScheduled = false;
  private lastNotify = 0;
  private loaded = false;
  private historyLoaded = false;
  private readonly waiters = new RevisionWaiters();
  // Deletions the change feed brought. History is read after the feed starts (`ingest`);
  // an older copy read late must not bring a deleted comment back. Only needed until history
  // is in: then it is emptied and no longer fed, so it does not grow for the session's life.
  private readonly deletedByFeed = new Set<string>();
  // Documents shown by showPending and not yet saved or taken back.
  private readonly pendingIds = new Set<string>();
  /** Documents the replica holds that do not pass the schema; kept out of every screen. */
  invalid = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isLoaded = (): boolean => this.loaded;

  /** True once comments and activity (read after the first screen) are in memory too. */
  isHistoryLoaded = (): boolean => this.historyLoaded;

  /** How many deletions are remembered against a late history read: none once history is in. */
  rememberedDeletions(): number {
    return this.deletedByFeed.size;
  }

  list<K extends DocType>(type: K): readonly DocOfType<K>[] {
    return this.collections[type].list();
  }

  issueByNumber(projectId: string, number: number): IssueDoc | undefined {
    return this.indexes.issueByNumber(projectId, number);
  }

  /** Sub-issues of an issue, by number; the same array until one of them changes. */
  childrenOf(issueId: string): readonly IssueDoc[] {
    return this.indexes.childrenOf(issueId);
  }

  /** `cycle` activities that moved an issue out of the cycle. */
  exitsOfCycle(cycleId: string): readonly ActivityDoc[] {
    return this.indexes.exitsOfCycle(cycleId);
  }

  /** An issue's activity, oldest first; the same array until it changes. */
  activityOf(issueId: string): readonly ActivityDoc[] {
    return this.indexes.activityOf(issueId);
  }

  /** An issue's comments, oldest first; the same array until they change. */
  commentsOf(issueId: string): readonly CommentDoc[] {
    return this.indexes.commentsOf(issueId);
  }

  /** Relations the issue starts: it blocks, relates to or duplicates the other. */
  relationsFrom(issueId: string): readonly RelationDoc[] {
    return this.indexes.relationsFrom(issueId);
  }

  /** Relations that point at the issue. */
  relationsTo(issueId: string): readonly RelationDoc[] {
    return this.indexes.relationsTo(issueId);
  }

  /** Issues another blocks, and issues that block another; new sets only when one changes. */
  blockSets = (): IssueBlockSets => this.indexes.blockSets((id) => this.get(id));

  /** Each parent's sub-issue progress by parent id; a new map only when a figure moves. */
  subIssueProgress = (): ReadonlyMap<string, SubIssueProgress> =>
    this.indexes.subIssueProgress(() => this.list('project'));

  /** Values of an issue that concurrent edits replaced, oldest first. */
  conflictsOf(issueId: string): readonly ConflictDoc[] {
    return this.indexes.conflictsOf(issueId);
  }

  get(id: string): WorkspaceDoc | undefined {
    const type = this.typeById.get(id);
    return type ? this.collections[type].byId.get(id) : undefined;
  }

  /** The store as the domain's write rules read a workspace. */
  readonly lookup: WorkspaceLookup = {
    get: (id) => this.get(id),
    all: (type) => this.list(type),
  };

  /**
   * Resolves once this revision (or a later one) of a document is in memory, so a screen that
   * saved something can rely on reading it back. Gives up quietly after `timeoutMs`.
   */
  whenApplied(id: string, rev: string, timeoutMs = 2_000): Promise<void> {
    const current = this.get(id)?._rev;
    if (current && revGeneration(current) >= revGeneration(rev)) return Promise.resolve();
    return this.waiters.wait(id, rev, timeoutMs);
  }

  /**
   * Documents coming in, whole: read from the replica (`replica`: parsed against the schema, as
   * a replica may hold anything), from a store snapshot of this build or a first fill's checked
   * pages (`snapshot`, `fill`: parsed already). A read of the replica or a snapshot never brings
   * back a document the change feed deleted while history was still being read (a fill's pages
   * are newer than its deletions, and may bring a document back). A snapshot is older than the
   * feed, so a revision held at a later or the same generation is kept over it; the others
   * replace an older generation only. `notify: false` for a slice of many that is not the last.
   */
  ingest(docs: readonly unknown[], source: 'replica', options?: { notify?: boolean }): void;
  ingest(
    docs: readonly WorkspaceDoc[],
    source: 'snapshot' | 'fill',
    options?: { notify?: boolean },
  ): void;
  ingest(
    docs: readonly unknown[],
    source: 'replica' | 'snapshot' | 'fill',
    options: { notify?: boolean } = {},
  ): void {
    for (const raw of docs) {
      const id = (raw as { _id?: unknown } | null)?._id;
      if (source !== 'fill' && typeof id === 'string' && this.deletedByFeed.has(id)) continue;
      if (source === 'replica') this.put(raw);
      else if (source === 'fill') this.putValid(raw as WorkspaceDoc);
      else {
        const doc = raw as WorkspaceDoc;
        const held = this.get(doc._id)?._rev;
        if (held && revGeneration(held) >= revGeneration(doc._rev ?? '0')) continue;
        this.putValid(doc);
      }
    }
    if (options.notify !== false) this.scheduleNotify();
  }

  /**
   * A part of the workspace is all in memory: `main` (what lists and boards show), `history`
   * (comments, activity and conflict entries). Until then a screen that needs it waits rather
   * than show part of it as all there is (an empty inbox, say).
   */
  markLoaded(part: 'main' | 'history'): void {
    if (part === 'main') this.loaded = true;
    else this.historyIn();
    this.scheduleNotify();
  }

  /** Every document of these types, for a store snapshot. */
  snapshot(types: readonly DocType[]): WorkspaceDoc[] {
    return types.flatMap((type): readonly WorkspaceDoc[] => this.collections[type].list());
  }

  /** The current list of each of these types; a new array means that type changed. */
  versions(types: readonly DocType[]): readonly (readonly unknown[])[] {
    return types.map((type) => this.collections[type].list());
  }

  /** Changes of the replica's change feed, in order. */
  apply(changes: readonly ReplicaChange[]): void {
    for (const change of changes) {
      if (change.deleted) {
        this.remove(change.id);
        this.rememberDeletion(change.id);
      } else this.put(change.doc);
    }
    this.scheduleNotify();
  }

  /**
   * Documents this device has just saved, shown at once with their new revisions instead of
   * after the replica's change feed delivers them (which adds tens of milliseconds and a burst
   * delay). The feed later brings the same revisions; a newer one that arrived first is kept.
   */
  showSaved(docs: readonly (WorkspaceDoc | Deletion)[], revs: ReadonlyMap<string, string>): void {
    for (const doc of docs) {
      this.pendingIds.delete(doc._id);
      const rev = revs.get(doc._id);
      if (!rev) continue;
      if (!isDeletion(doc)) this.putValid({ ...doc, _rev: rev }, true);
      else if (revGeneration(this.get(doc._id)?._rev ?? '0') < revGeneration(rev)) {
        this.remove(doc._id);
        this.rememberDeletion(doc._id);
      }
    }
    this.scheduleNotify(true);
  }

  /**
   * Documents this device is about to save, shown in the same frame as the person's action and
   * before IndexedDB commits them (the session keeps them in pending-journal.ts meanwhile). The
   * returned function takes them back if the device refuses the write; a document that changed
   * again in between is left as it now is.
   */
  showPending(docs: readonly (WorkspaceDoc | Deletion)[]): () => void {
    const before = docs.map((doc) => this.get(doc._id));
    for (const doc of docs) {
      this.pendingIds.add(doc._id);
      if (!isDeletion(doc)) this.putValid(doc, true);
      else this.remove(doc._id);
    }
    const shown = docs.map((doc) => this.get(doc._id));
    // At once, not in a microtask: when this runs inside a click's handler, the screens update
    // in the same render as whatever else the click changed.
    this.notifyNow();
    return () => {
      docs.forEach((doc, i) => {
        this.pendingIds.delete(doc._id);
        if (this.get(doc._id) !== shown[i]) return;
        const previous = before[i];
        if (previous) this.putValid(previous, true);
        else this.remove(doc._id);
      });
      this.scheduleNotify(true);
    };
  }

  private rememberDeletion(id: string): void {
    if (!this.historyLoaded) this.deletedByFeed.add(id);
  }

  private historyIn(): void {
    this.historyLoaded = true;
    this.deletedByFeed.clear();
  }

  private put(raw: unknown): void {
    const parsed = workspaceDocSchema.safeParse(raw);
    if (!parsed.success) {
      this.invalid++;
      return;
    }
    this.putValid(parsed.data);
  }

  private putValid(doc: WorkspaceDoc, local = false): void {
    // A late read (merge) must never replace a newer revision the change feed already brought.
    const current = this.get(doc._id)?._rev;
    if (current && doc._rev && revGeneration(current) > revGeneration(doc._rev)) return;
    // Nor the feed's copy of the revision a change on screen was made from (it would show the
    // change undone until it is saved); a newer one, from another device, does replace it.
    if (!local && this.pendingIds.has(doc._id) && current === doc._rev) return;
    const before = this.get(doc._id);
    if (before) this.indexes.remove(before);
    this.indexes.put(doc);
    const previous = this.typeById.get(doc._id);
    if (previous && previous !== doc.type) this.collections[previous].delete(doc._id);
    this.typeById.set(doc._id, doc.type);
    (this.collections[doc.type] as Collection<WorkspaceDoc>).set(doc._id, doc);
    this.waiters.release(doc._id, doc._rev);
  }

  private remove(id: string): void {
    this.waiters.releaseAll(id);
    const type = this.typeById.get(id);
    if (!type) return;
    const before = this.get(id);
    if (before) this.indexes.remove(before);
    this.collections[type].delete(id);
    this.typeById.delete(id);
  }

  // Replication delivers documents one change at a time. The first change after a quiet spell
  // is shown at once (a local edit must feel instant); during a burst, screens re-render at most
  // once per BURST_INTERVAL_MS instead of once per document. `urgent` (a person's own edit)
  // never waits behind a burst.
  private notifyNow(): void {
    this.notifyScheduled = false;
    this.lastNotify = Date.now();
    for (const listener of this.listeners) listener();
  }

  private scheduleNotify(urgent = false): void {
    const run = () => this.notifyNow();
    if (urgent) return queueMicrotask(run);
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    const wait = this.lastNotify + BURST_INTERVAL_MS - Date.now();
    if (wait <= 0) queueMicrotask(run);
    else setTimeout(run, wait);
  }
}
