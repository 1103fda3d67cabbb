import type {
  ActivityDoc,
  CommentDoc,
  ConflictDoc,
  IssueBlockSets,
  IssueDoc,
  RelationDoc,
  WorkspaceDoc,
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
  private readonly commentsByIssue = new GroupIndex<CommentDoc>((c) => c.issueId, byCreation);
  private readonly conflictsByIssue = new GroupIndex<ConflictDoc>((c) => c.issueId, byCreation);
  // A relation is listed on both its issues: by the one it starts from, and the one it points at.
  private readonly relationsFromIssue = new GroupIndex<RelationDoc>(
    (r) => r.fromIssueId,
    byCreation,
  );
  private readonly relationsToIssue = new GroupIndex<RelationDoc>((r) => r.toIssueId, byCreation);
  // The `blocks` relations by id, and the issues they block and that block, rebuilt only after
  // one changes.
  private readonly blocks = new Map<string, RelationDoc>();
  private blockSetsNow: IssueBlockSets | null = null;

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
  blockSets(): IssueBlockSets {
    if (!this.blockSetsNow) {
      const relations = [...this.blocks.values()];
      this.blockSetsNow = {
        blocked: new Set(relations.map((r) => r.toIssueId)),
        blocking: new Set(relations.map((r) => r.fromIssueId)),
      };
    }
    return this.blockSetsNow;
  }

  private each(doc: WorkspaceDoc, op: 'put' | 'remove'): void {
    if (doc.type === 'issue') {
      this.issuesByNumber[op](doc);
      this.subIssues[op](doc);
    } else if (doc.type === 'activity') this.activityByIssue[op](doc);
    else if (doc.type === 'comment') this.commentsByIssue[op](doc);
    else if (doc.type === 'conflict') this.conflictsByIssue[op](doc);
    else if (doc.type === 'relation') {
      this.relationsFromIssue[op](doc);
      this.relationsToIssue[op](doc);
      if (doc.kind !== 'blocks') return;
      if (op === 'put') this.blocks.set(doc._id, doc);
      else this.blocks.delete(doc._id);
      this.blockSetsNow = null;
    }
  }
}
