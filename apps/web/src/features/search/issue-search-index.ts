import MiniSearch, { type SearchResult } from 'minisearch';
import { parseIssueKey, type CommentDoc, type IssueDoc } from '@keel/domain';
import { snippetAround, type Snippet } from './search-snippet.ts';

/** Where a result matched, best first: the ranking tiers. */
export type MatchField = 'key' | 'title' | 'description' | 'comment';
const TIER: Readonly<Record<MatchField, number>> = {
  key: 0,
  title: 1,
  description: 2,
  comment: 2,
};

export interface IssueHit {
  issue: IssueDoc;
  field: MatchField;
  score: number;
  /** For description and comment matches: the words around the match. */
  snippet?: Snippet;
}

interface Entry {
  id: string;
  issueId: string;
  title: string;
  text: string;
}

type Indexable = IssueDoc | CommentDoc;

/** One kind of document: what the app holds now (`desired`) and what the index holds. */
class Tracked<T extends Indexable> {
  readonly desired = new Map<string, T>();
  readonly indexed = new Map<string, T>();
  /** Ids whose desired and indexed versions differ, in arrival order. */
  readonly pending = new Set<string>();
  private last: readonly T[] | null = null;

  /**
   * Queue the difference with `list`. Documents are compared by reference (the store hands out
   * a new object only for a new revision), so an unchanged workspace costs one map lookup each.
   */
  update(
    list: readonly T[],
    onChange: (id: string, next: T | undefined, previous: T | undefined) => void,
  ): void {
    if (list === this.last) return;
    this.last = list;
    const before = this.desired.size;
    let known = 0;
    for (const doc of list) {
      const current = this.desired.get(doc._id);
      if (current !== undefined) known++;
      if (current === doc) continue;
      this.desired.set(doc._id, doc);
      this.pending.add(doc._id);
      onChange(doc._id, doc, current);
    }
    if (known === before) return;
    // Some documents went away (deleted): find which.
    const present = new Set(list.map((d) => d._id));
    for (const id of this.desired.keys()) {
      if (present.has(id)) continue;
      const previous = this.desired.get(id);
      this.desired.delete(id);
      this.pending.add(id);
      onChange(id, undefined, previous);
    }
  }
}

/**
 * Words too common to find anything by: indexing them would make every keystroke that types
 * one score most of the workspace. (A query of only these finds nothing rather than everything.)
 */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he i if in into is it its no not of on or she so such that the their then there these they this to was we were will with you'.split(
    ' ',
  ),
);

function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) ? null : t;
}

// As you type: a word of three letters or more also finds longer words it starts; shorter ones
// would expand to a large part of the vocabulary. A typo is forgiven in words of six or more.
const prefix = (term: string) => term.length >= 3;
const fuzzy = (term: string) => (term.length >= 6 ? 0.2 : false);

/**
 * Full-text search over a workspace's issues and comments, on minisearch (the only module that
 * imports it). Built incrementally: `update` queues what changed (cheap), `work` indexes queued
 * documents for a time budget, so a large workspace is indexed in slices that never hold the
 * page for long, and titles (issues are queued first) become searchable before comment text.
 *
 * Ranking: an exact key (`ENG-42`) first, then title matches, then description and comment
 * matches; within a tier by relevance, then most recently updated.
 */
export class IssueSearchIndex {
  private readonly mini = new MiniSearch<Entry>({
    fields: ['title', 'text'],
    storeFields: ['issueId'],
    processTerm,
    searchOptions: { boost: { title: 3 }, prefix, fuzzy, combineWith: 'AND' },
  });
  private readonly issues = new Tracked<IssueDoc>();
  private readonly comments = new Tracked<CommentDoc>();
  private readonly byNumber = new Map<string, string>();
  private projectIds = new Map<string, string>();

  update(
    issues: readonly IssueDoc[],
    comments: readonly CommentDoc[],
    projects: readonly { _id: string; key: string }[],
  ): void {
    this.projectIds = new Map(projects.map((p) => [p.key, p._id]));
    this.issues.update(issues, (id, next, previous) => {
      if (previous) this.byNumber.delete(`${previous.projectId}#${previous.number}`);
      if (next) this.byNumber.set(`${next.projectId}#${next.number}`, id);
    });
    this.comments.update(comments, () => undefined);
  }

  /** Documents waiting to be indexed. */
  get pending(): number {
    return this.issues.pending.size + this.comments.pending.size;
  }

  /** Index queued documents until `budgetMs` has passed. True when the queue is empty. */
  work(budgetMs: number, now: () => number = () => performance.now()): boolean {
    const deadline = now() + budgetMs;
    for (const tracked of [this.issues, this.comments] as Tracked<Indexable>[]) {
      let n = 0;
      for (const id of tracked.pending) {
        this.apply(tracked, id);
        if (++n % 64 === 0 && now() >= deadline) return this.pending === 0;
      }
    }
    return this.pending === 0;
  }

  private apply(tracked: Tracked<Indexable>, id: string): void {
    tracked.pending.delete(id);
    if (tracked.indexed.has(id)) {
      this.mini.discard(id);
      tracked.indexed.delete(id);
    }
    const doc = tracked.desired.get(id);
    if (!doc) return;
    this.mini.add(
      doc.type === 'issue'
        ? { id, issueId: id, title: doc.title, text: doc.description }
        : { id, issueId: doc.issueId, title: '', text: doc.body },
    );
    tracked.indexed.set(id, doc);
  }

  search(query: string, limit = 50): IssueHit[] {
    const q = query.trim();
    if (!q) return [];
    const best = new Map<string, { hit: IssueHit; result?: SearchResult }>();

    const key = parseIssueKey(q);
    const projectId = key && this.projectIds.get(key.projectKey);
    const keyed = projectId && this.byNumber.get(`${projectId}#${key.number}`);
    const keyedIssue = keyed ? this.issues.desired.get(keyed) : undefined;
    if (keyedIssue)
      best.set(keyedIssue._id, { hit: { issue: keyedIssue, field: 'key', score: Infinity } });

    const text = textQuery(q);
    for (const result of this.mini.search(text)) {
      const issueId = result.issueId as string;
      const issue = this.issues.desired.get(issueId);
      if (!issue) continue; // a comment of a deleted issue, until it is deleted too
      const inTitle = Object.values(result.match).some((fields) => fields.includes('title'));
      const field: MatchField = inTitle
        ? 'title'
        : result.id === issueId
          ? 'description'
          : 'comment';
      const seen = best.get(issueId);
      if (seen && !outranks(field, result.score, seen.hit)) continue;
      best.set(issueId, { hit: { issue, field, score: result.score }, result });
    }

    if (best.size < limit) this.acrossEntries(text, best);

    const ranked = [...best.values()].sort(
      (a, b) =>
        TIER[a.hit.field] - TIER[b.hit.field] ||
        b.hit.score - a.hit.score ||
        b.hit.issue.updatedAt.localeCompare(a.hit.issue.updatedAt),
    );
    return ranked.slice(0, limit).map(({ hit, result }) => {
      if (!result || (hit.field !== 'description' && hit.field !== 'comment')) return hit;
      const doc =
        hit.field === 'comment'
          ? this.comments.desired.get(result.id as string)?.body
          : hit.issue.description;
      return doc === undefined ? hit : { ...hit, snippet: snippetAround(doc, result.terms) };
    });
  }

  /**
   * Issues that hold every word of the query only between their entries (a word in the title,
   * another in a comment): each entry is matched on its own above, so they are found here, one
   * word at a time, below what matched in one place.
   */
  private acrossEntries(
    text: string,
    best: Map<string, { hit: IssueHit; result?: SearchResult }>,
  ): void {
    const words = text.split(' ').filter((w) => processTerm(w) !== null);
    if (words.length < 2) return;
    let found: Map<string, { score: number; result: SearchResult }> | null = null;
    for (const word of words) {
      const here = new Map<string, { score: number; result: SearchResult }>();
      for (const result of this.mini.search(word)) {
        const issueId = result.issueId as string;
        if (found && !found.has(issueId)) continue;
        const seen = here.get(issueId);
        // Its best entry for this word stands for the issue; the snippet comes from a text one.
        const inText = result.id !== issueId || !isTitleMatch(result);
        if (!seen || (inText && result.score > seen.score))
          here.set(issueId, { score: (found?.get(issueId)?.score ?? 0) + result.score, result });
      }
      found = here;
      if (found.size === 0) return;
    }
    for (const [issueId, { score, result }] of found!) {
      const issue = this.issues.desired.get(issueId);
      if (!issue || best.has(issueId)) continue;
      const field: MatchField = result.id === issueId ? 'description' : 'comment';
      best.set(issueId, { hit: { issue, field, score }, result });
    }
  }
}

const isTitleMatch = (result: SearchResult) =>
  Object.values(result.match).some((fields) => fields.includes('title'));

const SEPARATORS = /[\n\r\p{Z}\p{P}]+/u;

/**
 * While a word is being typed its first letter or two would match a large part of the
 * vocabulary; until it has three, the query is the words before it (results stay put instead of
 * flickering), or the short word exactly when it is the only one.
 */
function textQuery(query: string): string {
  const words = query.split(SEPARATORS).filter(Boolean);
  const last = words.at(-1) ?? '';
  if (words.length > 1 && last.length < 3 && !/[\s\p{P}]$/u.test(query)) words.pop();
  return words.join(' ');
}

function outranks(field: MatchField, score: number, current: IssueHit): boolean {
  const tier = TIER[field] - TIER[current.field];
  return tier < 0 || (tier === 0 && score > current.score);
}
