import {
  blockSetsOf,
  NO_BLOCKS,
  subIssueProgress,
  type ActivityDoc,
  type CommentDoc,
  type ConflictDoc,
  type IssueBlockSets,
  type IssueDoc,
  type ProjectDoc,
  type RelationDoc,
  type SubIssueProgress,
  type WorkspaceDoc,
} from '@keel/domain';
import { byCreation, GroupIndex } from './group-index.ts';

/**
 * What an issue page reads, kept per document instead of rebuilt from 10,000 issues per edit:
 * issues by key, sub-issues, and each issue's activity, comments, conflict entries and relations.
 */
export class StoreIndexes {
  private readonly issuesByNumber = new GroupIndex<IssueDoc>(
    (i) => `${i.projectId}#${i.number}`,
    (a, b) => (a._id < b._id ? -1 : 1),
  );
  private readonly subIssues = new GroupIndex<IssueDoc>(
    (i) => i.parentId,
    (a, b) => a.number - b.number,
  );
  private readonly activityByIssue = new GroupIndex<ActivityDoc>((a) => a.issueId, byCreation);
  // Issues moved out of a cycle, by the cycle they left: a burn-up counts them for the days
  // they were in it.
  private readonly cycleExits = new GroupIndex<ActivityDoc>(
    (a) => (a.kind === 'cycle' && typeof a.from === 'string' ? a.from : null),
    byCreation,
  );
  private readonly commentsByIssue = new GroupIndex<CommentDoc>((c) => c.issueId, byCreation);
  private readonly conflictsByIssue = new GroupIndex<ConflictDoc>((c) => c.issueId, byCreation);
  // A relation is listed on both its issues: by the one it starts from, and the one it points at.
  private readonly relationsFromIssue = new GroupIndex<RelationDoc>(
    (r) => r.fromIssueId,
    byCreation,
  );
  private readonly relationsToIssue = new GroupIndex<RelationDoc>((r) => r.toIssueId, byCreation);
  // The `blocks` relations by id and the issues in them; the sets of blocked and blocking issues
  // are rebuilt only after one of those changes, and kept as the same object when equal.
  private readonly blocks = new Map<string, RelationDoc>();
  private readonly blockIssues = new Map<string, number>();
  private blocksChanged = false;
  private blockSetsNow: IssueBlockSets = NO_BLOCKS;
  // Each parent's sub-issue progress, recounted only for parents one of whose sub-issues changed
  // (every parent when a project, whose workflow says what "done" is, changes). A new map only
  // when a figure moved, and unchanged figures keep their object, so rows re-render only then.
  private readonly progressStale = new Set<string>();
  private progressAllStale = false;
  private progressNow: ReadonlyMap<string, SubIssueProgress> = new Map();

  put(doc: WorkspaceDoc): void {
    this.each(doc, 'put');
  }

  remove(doc: WorkspaceDoc): void {
    this.each(doc, 'remove');
  }

  issueByNumber(projectId: string, number: number): IssueDoc | undefined {
    return this.issuesByNumber.list(`${projectId}#${number}`)[0];
  }

  childrenOf(issueId: string): readonly IssueDoc[] {
    return this.subIssues.list(issueId);
  }

  activityOf(issueId: string): readonly ActivityDoc[] {
    return this.activityByIssue.list(issueId);
  }

  /** `cycle` activities that moved an issue out of the cycle. */
  exitsOfCycle(cycleId: string): readonly ActivityDoc[] {
    return this.cycleExits.list(cycleId);
  }

  commentsOf(issueId: string): readonly CommentDoc[] {
    return this.commentsByIssue.list(issueId);
  }

  conflictsOf(issueId: string): readonly ConflictDoc[] {
    return this.conflictsByIssue.list(issueId);
  }

  /** Relations that start from the issue (it blocks, relates to, duplicates the other). */
  relationsFrom(issueId: string): readonly RelationDoc[] {
    return this.relationsFromIssue.list(issueId);
  }

  /** Relations that point at the issue (it is blocked by, related to, duplicated by the other). */
  relationsTo(issueId: string): readonly RelationDoc[] {
    return this.relationsToIssue.list(issueId);
  }

  /** Issues another blocks, and issues that block another; the same sets until one changes. */
  blockSets(docOf: (id: string) => WorkspaceDoc | undefined): IssueBlockSets {
    if (this.blocksChanged) {
      this.blocksChanged = false;
      const next = blockSetsOf(this.blocks.values(), docOf);
      if (!sameSet(next.blocked, this.blockSetsNow.blocked)) this.blockSetsNow = next;
      else if (!sameSet(next.blocking, this.blockSetsNow.blocking)) this.blockSetsNow = next;
    }
    return this.blockSetsNow;
  }

  /** Each parent's sub-issues done out of those counted, by parent id; absent when none count. */
  subIssueProgress(projects: () => readonly ProjectDoc[]): ReadonlyMap<string, SubIssueProgress> {
    if (!this.progressAllStale && this.progressStale.size === 0) return this.progressNow;
    const stale = this.progressAllStale
      ? new Set([...this.progressNow.keys(), ...this.subIssues.keys()])
      : this.progressStale;
    const projectMap = new Map(projects().map((p) => [p._id, p]));
    let next: Map<string, SubIssueProgress> | null = null;
    for (const parentId of stale) {
      const before = this.progressNow.get(parentId);
      const now = subIssueProgress(this.subIssues.list(parentId), projectMap);
      if (now?.done === before?.done && now?.total === before?.total) continue;
      next ??= new Map(this.progressNow);
      if (now) next.set(parentId, now);
      else next.delete(parentId);
    }
    if (next) this.progressNow = next;
    this.progressStale.clear();
    this.progressAllStale = false;
    return this.progressNow;
  }

  private each(doc: WorkspaceDoc, op: 'put' | 'remove'): void {
    if (doc.type === 'issue') {
      this.issuesByNumber[op](doc);
      this.subIssues[op](doc);
      if (doc.parentId !== null) this.progressStale.add(doc.parentId);
      // Finishing, reopening or deleting a blocking issue changes what it blocks.
      if (this.blockIssues.has(doc._id)) this.blocksChanged = true;
    } else if (doc.type === 'activity') {
      this.activityByIssue[op](doc);
      this.cycleExits[op](doc);
    } else if (doc.type === 'project') this.progressAllStale = true;
    else if (doc.type === 'comment') this.commentsByIssue[op](doc);
    else if (doc.type === 'conflict') this.conflictsByIssue[op](doc);
    else if (doc.type === 'relation') {
      this.relationsFromIssue[op](doc);
      this.relationsToIssue[op](doc);
      if (doc.kind !== 'blocks') return;
      const held = this.blocks.get(doc._id);
      if (held) this.countBlockIssues(held, -1);
      if (op === 'put') this.blocks.set(doc._id, doc);
      else this.blocks.delete(doc._id);
      if (op === 'put') this.countBlockIssues(doc, 1);
      this.blocksChanged = true;
    }
  }

  private countBlockIssues(relation: RelationDoc, by: 1 | -1): void {
    for (const id of [relation.fromIssueId, relation.toIssueId]) {
      const count = (this.blockIssues.get(id) ?? 0) + by;
      if (count > 0) this.blockIssues.set(id, count);
      else this.blockIssues.delete(id);
    }
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
