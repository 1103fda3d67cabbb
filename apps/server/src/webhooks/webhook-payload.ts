import {
  commentDocSchema,
  cycleDocSchema,
  formatIssueKey,
  issueDocSchema,
  milestoneDocSchema,
  projectDocSchema,
  relationDocSchema,
  type ProjectDoc,
  type WebhookEvent,
} from '@keel/domain';
import type { CouchClient } from '../db/couch-client.ts';
import {
  apiComment,
  apiCycle,
  apiIssue,
  apiMilestone,
  apiProject,
} from '../routes/v1/v1-shapes.ts';
import type { ChangeEvent, FeedChange } from './webhook-events.ts';

/**
 * The body of a delivery: the event, and its document as `/api/v1` answers it, so a receiver
 * reads one shape whether it is told or asks. `changes` says what an `issue.updated` changed.
 */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  workspace: { id: string; slug: string };
  actor: { id: string } | null;
  data: Record<string, unknown>;
  changes?: { field: string; from: unknown; to: unknown };
}

/**
 * The payloads of one batch of changes. Issues are read as they are now (an activity names its
 * issue); the other documents are the change itself. A document that no longer fits the
 * domain's schema is sent as its id alone rather than dropped: the receiver still hears of it.
 */
export async function payloadsOf(
  events: readonly ChangeEvent[],
  changes: readonly FeedChange[],
  source: { couch: CouchClient; dbName: string; workspace: { id: string; slug: string } },
  now: () => number,
): Promise<Map<string, WebhookPayload>> {
  const docs = new Map(changes.map((c) => [c.id, c]));
  const issueIds = [
    ...new Set(events.filter((e) => e.type.startsWith('issue.')).map((e) => e.docId)),
  ].filter((id) => !docs.has(id) || !docs.get(id)!.deleted);
  const needsProjects = events.some((e) => e.type.startsWith('issue.'));
  const [issues, projects] = await Promise.all([
    issueIds.length ? source.couch.docsById<unknown>(source.dbName, issueIds) : [],
    needsProjects ? source.couch.docsWithPrefix<unknown>(source.dbName, 'project:') : [],
  ]);
  const projectById = new Map<string, ProjectDoc>();
  for (const raw of projects) {
    const parsed = projectDocSchema.safeParse(raw);
    if (parsed.success) projectById.set(parsed.data._id, parsed.data);
  }
  const issueById = new Map<string, Record<string, unknown>>();
  for (const raw of issues) {
    const parsed = issueDocSchema.safeParse(raw);
    if (parsed.success)
      issueById.set(parsed.data._id, apiIssue(parsed.data, projectById.get(parsed.data.projectId)));
  }

  const dataOf = (event: ChangeEvent): Record<string, unknown> => {
    const change = docs.get(event.docId);
    if (event.type.startsWith('issue.')) {
      if (event.type === 'issue.deleted') return deletedIssue(event.docId, change, projectById);
      return issueById.get(event.docId) ?? { id: event.docId };
    }
    if (!change?.doc || change.deleted) return { id: event.docId };
    const doc = change.doc;
    const shaped = (() => {
      switch (event.type.split('.')[0]) {
        case 'comment': {
          const parsed = commentDocSchema.safeParse(doc);
          return parsed.success ? apiComment(parsed.data) : null;
        }
        case 'project': {
          const parsed = projectDocSchema.safeParse(doc);
          return parsed.success ? apiProject(parsed.data) : null;
        }
        case 'cycle': {
          const parsed = cycleDocSchema.safeParse(doc);
          return parsed.success ? apiCycle(parsed.data) : null;
        }
        case 'milestone': {
          const parsed = milestoneDocSchema.safeParse(doc);
          return parsed.success ? apiMilestone(parsed.data) : null;
        }
        case 'relation': {
          const parsed = relationDocSchema.safeParse(doc);
          return parsed.success
            ? {
                id: parsed.data._id,
                kind: parsed.data.kind,
                fromIssueId: parsed.data.fromIssueId,
                toIssueId: parsed.data.toIssueId,
                createdBy: parsed.data.createdBy,
              }
            : null;
        }
        default:
          return null;
      }
    })();
    return shaped ?? { id: event.docId };
  };

  const at = new Date(now()).toISOString();
  return new Map(
    events.map((event) => [
      event.id,
      {
        id: event.id,
        type: event.type,
        createdAt: event.at ?? at,
        workspace: source.workspace,
        actor: event.actorId ? { id: event.actorId } : null,
        data: dataOf(event),
        ...(event.activity && {
          changes: { field: event.activity.kind, from: event.activity.from, to: event.activity.to },
        }),
      },
    ]),
  );
}

/** A deleted issue: its id, and its key when its tombstone kept the number (it does). */
function deletedIssue(
  id: string,
  change: FeedChange | undefined,
  projects: ReadonlyMap<string, ProjectDoc>,
): Record<string, unknown> {
  const number = change?.doc?.number;
  const project = projects.get(String(change?.doc?.projectId));
  return typeof number === 'number' && project
    ? { id, key: formatIssueKey(project.key, number), number, projectId: project._id }
    : { id };
}
