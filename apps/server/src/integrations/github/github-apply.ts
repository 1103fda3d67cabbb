import {
  editIssue,
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
import { readDocs } from '../../routes/v1/workspace-docs.ts';
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
  // Read whole (as the API does, workspace-docs.ts): an event names few issues, by number.
  const issues = await readDocs(couch, dbName, 'issue');
  const byIssueKey = new Map<string, IssueDoc>();
  const projectById = new Map(projects.map((p) => [p._id, p]));
  for (const issue of issues) {
    const project = projectById.get(issue.projectId);
    if (project) byIssueKey.set(formatIssueKey(project.key, issue.number), issue);
  }

  const pairs = named.flatMap(({ mention, keys }) =>
    keys.flatMap((key) => {
      const issue = byIssueKey.get(key);
      const project = issue && projectById.get(issue.projectId);
      return issue && project
        ? [{ mention, issue, project, id: linkId(issue._id, mention.url) }]
        : [];
    }),
  );
  const ids = [
    ...pairs.map((p) => p.id),
    ...pairs.map((p) => linkActivityId(p.id, 'linked')),
    ...pairs.flatMap((p) => (p.mention.moveTo ? [linkActivityId(p.id, p.mention.moveTo)] : [])),
  ];
  const existing = new Map(
    (
      await couch.docsById<{ _id: string; _rev?: string } & Record<string, unknown>>(dbName, ids)
    ).map((d) => [d._id, d]),
  );

  const writes: unknown[] = [];
  const moves: {
    pair: (typeof pairs)[number];
    movedId: string;
    moveTo: 'started' | 'completed';
  }[] = [];
  for (const pair of pairs) {
    const { mention, issue, id } = pair;
    const at = now();
    const stored = existing.get(id) as LinkDoc | undefined;
    const link: LinkDoc = {
      _id: id,
      type: 'link',
      issueId: issue._id,
      provider: 'github',
      kind: mention.kind,
      url: mention.url,
      title: mention.title,
      number: mention.number,
      state: mention.state,
      createdAt: stored?.createdAt ?? at,
      updatedAt: at,
      ...(stored?._rev ? { _rev: stored._rev } : {}),
    };
    if (
      !stored ||
      stored.title !== link.title ||
      stored.state !== link.state ||
      stored.number !== link.number
    ) {
      writes.push(link);
      applied.linked++;
    }
    const linkedId = linkActivityId(id, 'linked');
    if (!existing.has(linkedId)) {
      const activity: ActivityDoc = {
        _id: linkedId,
        type: 'activity',
        issueId: issue._id,
        actorId: GIT_ACTOR,
        kind: 'linked',
        from: null,
        to: [mention.kind, mention.url, mention.title, String(mention.number ?? '')],
        createdAt: at,
        updatedAt: at,
      };
      writes.push(activity);
      existing.set(linkedId, activity);
    }
    if (!mention.moveTo) continue;
    const movedId = linkActivityId(id, mention.moveTo);
    if (!existing.has(movedId)) moves.push({ pair, movedId, moveTo: mention.moveTo });
  }
  if (writes.length) {
    const results = await couch.bulkDocs(dbName, writes);
    // Another delivery of the same event wrote the same ids a moment before: theirs stands.
    const failed = results.filter((r) => r.error && r.error !== 'conflict');
    if (failed.length) throw new Error(`writing GitHub links failed: ${failed[0]!.error}`);
  }
  applied.moved = await makeMoves(couch, dbName, moves, now);
  return applied;
}

/**
 * The moves of state, issue first and its activity once the issue is written (as a cycle's
 * rollover does): an issue edited meanwhile is read again and the move decided anew, and the
 * activity that marks a move as made is never written for a move that did not happen.
 */
async function makeMoves(
  couch: CouchClient,
  dbName: string,
  moves: {
    pair: { issue: IssueDoc; project: ProjectDoc };
    movedId: string;
    moveTo: 'started' | 'completed';
  }[],
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
