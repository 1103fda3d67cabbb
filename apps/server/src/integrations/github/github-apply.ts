import {
  activityDocSchema,
  editIssue,
  linkDocSchema,
  formatIssueKey,
  GIT_ACTOR,
  gitStateFor,
  issueKeysIn,
  linkActivityId,
  linkId,
  stampIssueEdits,
  type ActivityDoc,
  type IssueDoc,
  type LinkDoc,
  type ProjectDoc,
} from '@keel/domain';
import type { CouchClient } from '../../db/couch-client.ts';
import { readByKey, readDocs } from '../../routes/v1/workspace-docs.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';
import type { GitMention } from './github-events.ts';

export interface Applied {
  /** Links made or brought up to date. */
  linked: number;
  /** Issues moved to another state. */
  moved: number;
}

/**
 * Write what GitHub's event says into the workspace (SPEC §11): a link on each issue it names,
 * with a `linked` activity the first time, and the move of state it asks for, once per pull
 * request and move. Every id follows from the issue, the URL and the move (git-links.ts), so an
 * event sent again (GitHub's Redeliver, a retry) finds its documents made and changes nothing;
 * a move is made only from a state before it (an issue someone finished stays finished).
 */
export async function applyMentions(
  couch: CouchClient,
  index: IssueIndex,
  dbName: string,
  mentions: readonly GitMention[],
  now: () => string,
): Promise<Applied> {
  const applied: Applied = { linked: 0, moved: 0 };
  if (mentions.length === 0) return applied;
  const projects = await readDocs(couch, dbName, 'project');
  const byKey = new Map(projects.map((p) => [p.key.toUpperCase(), p]));
  const named = mentions.map((m) => ({
    mention: m,
    keys: issueKeysIn(m.texts, new Set(byKey.keys())),
  }));
  if (!named.some((n) => n.keys.length)) return applied;
  // An event names few issues: found by key in the instance's index, each read as it is now.
  const byIssueKey = new Map<string, IssueDoc>();
  const projectById = new Map(projects.map((p) => [p._id, p]));
  for (const key of new Set(named.flatMap((n) => n.keys))) {
    const found = await readByKey(couch, index, dbName, key, projects);
    if (found) byIssueKey.set(formatIssueKey(found.project.key, found.issue.number), found.issue);
  }

  const pairs: Pair[] = named.flatMap(({ mention, keys }) =>
    keys.flatMap((key) => {
      const issue = byIssueKey.get(key);
      const project = issue && projectById.get(issue.projectId);
      return issue && project
        ? [{ mention, issue, project, id: linkId(issue._id, mention.url) }]
        : [];
    }),
  );
  // What marks a link made and a move made: Keel's own activities. A member's document under
  // such an id (the proxy refuses them, document-rules.ts) would not count.
  const markers = new Set(
    (
      await couch.docsById<ActivityDoc>(dbName, [
        ...pairs.map((p) => linkActivityId(p.id, 'linked')),
        ...pairs.flatMap((p) => (p.mention.moveTo ? [linkActivityId(p.id, p.mention.moveTo)] : [])),
      ])
    )
      .filter((a) => a.actorId === GIT_ACTOR)
      .map((a) => a._id),
  );

  applied.linked = await writeLinks(couch, dbName, pairs, now);
  const activities: ActivityDoc[] = [];
  const moves: Move[] = [];
  for (const pair of pairs) {
    const { mention, issue, id } = pair;
    const linkedId = linkActivityId(id, 'linked');
    if (!markers.has(linkedId)) {
      const at = now();
      activities.push({
        _id: linkedId,
        type: 'activity',
        issueId: issue._id,
        actorId: GIT_ACTOR,
        kind: 'linked',
        from: null,
        to: [mention.kind, mention.url, mention.title, String(mention.number ?? '')],
        createdAt: at,
        updatedAt: at,
      });
      markers.add(linkedId);
    }
    if (!mention.moveTo) continue;
    const movedId = linkActivityId(id, mention.moveTo);
    if (!markers.has(movedId)) moves.push({ pair, movedId, moveTo: mention.moveTo });
  }
  const valid = activities.filter((a) => activityDocSchema.safeParse(a).success);
  if (valid.length) {
    const results = await couch.bulkDocs(dbName, valid);
    // Another delivery of the same event wrote the same ids a moment before: theirs stands.
    const failed = results.filter((r) => r.error && r.error !== 'conflict');
    if (failed.length) throw new Error(`writing GitHub activity failed: ${failed[0]!.error}`);
  }
  applied.moved = await makeMoves(couch, dbName, moves, now);
  return applied;
}

interface Pair {
  mention: GitMention;
  issue: IssueDoc;
  project: ProjectDoc;
  id: string;
}

interface Move {
  pair: Pick<Pair, 'issue' | 'project'>;
  movedId: string;
  moveTo: 'started' | 'completed';
}

/** An ISO time as written by this server: GitHub's own, or now when it gave none. */
function isoOf(at: string, now: () => string): string {
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : now();
}

/**
 * Each pair's link, as the event says it is, unless the stored one is newer (GitHub sends its
 * events in no promised order, and a Redeliver sends an old one again): the link keeps the
 * state of the latest event, and a merged pull request stays merged. A link written meanwhile
 * by another delivery is read again and decided anew. The number written.
 */
async function writeLinks(
  couch: CouchClient,
  dbName: string,
  pairs: readonly Pair[],
  now: () => string,
): Promise<number> {
  let written = 0;
  let pending = [...new Map(pairs.map((p) => [p.id, p])).values()];
  for (let attempt = 0; attempt < 3 && pending.length; attempt++) {
    const stored = new Map(
      (
        await couch.docsById<LinkDoc>(
          dbName,
          pending.map((p) => p.id),
        )
      ).map((d) => [d._id, d]),
    );
    const links: LinkDoc[] = [];
    for (const { mention, issue, id } of pending) {
      const before = stored.get(id);
      const sourceAt = isoOf(mention.at, now);
      if (before && before.sourceAt > sourceAt) continue;
      const at = now();
      const link: LinkDoc = {
        _id: id,
        type: 'link',
        issueId: issue._id,
        provider: 'github',
        kind: mention.kind,
        url: mention.url,
        title: mention.title,
        number: mention.number,
        state: before?.state === 'merged' ? 'merged' : mention.state,
        sourceAt,
        createdAt: before?.createdAt ?? at,
        updatedAt: at,
        ...(before?._rev ? { _rev: before._rev } : {}),
      };
      const same =
        before &&
        before.title === link.title &&
        before.state === link.state &&
        before.number === link.number;
      // What the domain's schema refuses (an over-long URL) no device would show: not written.
      if (!same && linkDocSchema.safeParse(link).success) links.push(link);
    }
    if (links.length === 0) break;
    const results = await couch.bulkDocs(dbName, links);
    const failed = results.filter((r) => r.error && r.error !== 'conflict');
    if (failed.length) throw new Error(`writing GitHub links failed: ${failed[0]!.error}`);
    written += results.filter((r) => r.ok).length;
    const again = new Set(results.filter((r) => r.error === 'conflict').map((r) => r.id));
    pending = pending.filter((p) => again.has(p.id));
  }
  return written;
}

/**
 * The moves of state, issue first and its activity once the issue is written (as a cycle's
 * rollover does): an issue edited meanwhile is read again and the move decided anew, and the
 * activity that marks a move as made is never written for a move that did not happen.
 */
async function makeMoves(
  couch: CouchClient,
  dbName: string,
  moves: Move[],
  now: () => string,
): Promise<number> {
  let moved = 0;
  let pending = moves;
  for (let attempt = 0; attempt < 3 && pending.length; attempt++) {
    const edits = new Map<string, { issue: IssueDoc; activities: ActivityDoc[] }>();
    for (const move of pending) {
      const { project } = move.pair;
      const current = edits.get(move.pair.issue._id)?.issue ?? move.pair.issue;
      const target = gitStateFor(project, current, move.moveTo);
      if (!target) continue;
      const at = now();
      const edit = editIssue(
        current,
        { stateId: target },
        { project, actorId: GIT_ACTOR, now: at, newActivityId: () => move.movedId },
      );
      if (!edit) continue;
      const before = edits.get(current._id);
      edits.set(current._id, {
        issue: { ...stampIssueEdits(edit.issue, current, at, GIT_ACTOR), updatedAt: at },
        activities: [...(before?.activities ?? []), ...edit.activities],
      });
    }
    if (edits.size === 0) break;
    const issues = [...edits.values()].map((e) => e.issue);
    const results = await couch.bulkDocs(dbName, issues);
    const written = new Set(results.filter((r) => r.ok).map((r) => r.id));
    const activities = [...edits.values()]
      .filter((e) => written.has(e.issue._id))
      .flatMap((e) => e.activities);
    if (activities.length) await couch.bulkDocs(dbName, activities);
    moved += activities.length;
    const again = pending.filter(
      (m) => edits.has(m.pair.issue._id) && !written.has(m.pair.issue._id),
    );
    if (again.length === 0) break;
    const fresh = new Map(
      (
        await couch.docsById<IssueDoc>(dbName, [...new Set(again.map((m) => m.pair.issue._id))])
      ).map((d) => [d._id, d]),
    );
    pending = again.flatMap((m) => {
      const issue = fresh.get(m.pair.issue._id);
      return issue ? [{ ...m, pair: { ...m.pair, issue } }] : [];
    });
  }
  return moved;
}
