import { createHash } from 'node:crypto';
import { typeOfId, type ActivityDoc, type WebhookEvent } from '@keel/domain';

/** A change of the workspace database as its changes feed gives it (`include_docs`). */
export interface FeedChange {
  id: string;
  rev: string;
  deleted: boolean;
  doc: Record<string, unknown> | null;
}

/** What a change tells the webhooks: which event, about which document, by whom, when. */
export interface ChangeEvent {
  /** `evt_…`: the same for the same change on every instance (it names the delivery claim). */
  id: string;
  type: WebhookEvent;
  /** The document the event is about: the issue for an issue's activity. */
  docId: string;
  /** When it happened, as the document says; null for deletions, which do not say. */
  at: string | null;
  actorId: string | null;
  /** For `issue.updated`: the field and what it was and became (the activity's kind). */
  activity?: Pick<ActivityDoc, 'kind' | 'from' | 'to'>;
}

const eventIdOf = (text: string) =>
  `evt_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;

const str = (value: unknown) => (typeof value === 'string' ? value : null);

// Subscriptions follow from other changes (being assigned, commenting): they say nothing new.
const QUIET_KINDS = new Set(['subscribed']);

/**
 * The events one change makes (none for most documents). Issues are told by their activity, an
 * immutable record per field a change touched, so an issue created and edited offline before it
 * synced still says it was created, and an edit says what it changed; the rest by whether the
 * document was just made (`createdAt` = `updatedAt`), edited or deleted. A change is named by
 * its document and revision, so the feed read again (after a restart, by another instance)
 * gives the same event ids.
 */
export function eventsOfChange(change: FeedChange): ChangeEvent[] {
  const type = typeOfId(change.id);
  const doc = change.doc ?? {};
  const byRevision = eventIdOf(`${change.id}@${change.rev}`);
  const created = !change.deleted && str(doc.createdAt) === str(doc.updatedAt);
  const one = (event: WebhookEvent, at: string | null, actorId: string | null): ChangeEvent[] => [
    { id: byRevision, type: event, docId: change.id, at, actorId },
  ];
  switch (type) {
    case 'activity': {
      if (change.deleted) return [];
      const kind = str(doc.kind);
      const issueId = str(doc.issueId);
      if (!kind || !issueId || QUIET_KINDS.has(kind)) return [];
      const event: WebhookEvent =
        kind === 'created' || kind === 'restored' ? 'issue.created' : 'issue.updated';
      return [
        {
          // An activity is written once and never changed: its id alone names the event.
          id: eventIdOf(change.id),
          type: event,
          docId: issueId,
          at: str(doc.createdAt),
          actorId: str(doc.actorId),
          ...(event === 'issue.updated' && {
            activity: { kind, from: doc.from, to: doc.to } as ChangeEvent['activity'],
          }),
        },
      ];
    }
    case 'issue':
      return change.deleted ? one('issue.deleted', null, null) : [];
    case 'comment':
      if (change.deleted) return one('comment.deleted', null, null);
      return doc.editedAt
        ? one('comment.updated', str(doc.editedAt), str(doc.authorId))
        : one('comment.created', str(doc.createdAt), str(doc.authorId));
    case 'project':
      if (change.deleted) return one('project.deleted', null, null);
      return one(created ? 'project.created' : 'project.updated', str(doc.updatedAt), null);
    case 'cycle':
      if (change.deleted) return [];
      if (doc.completedAt && doc.completedAt === doc.updatedAt)
        return one('cycle.completed', str(doc.completedAt), null);
      return one(created ? 'cycle.created' : 'cycle.updated', str(doc.updatedAt), null);
    case 'milestone':
      if (change.deleted) return one('milestone.deleted', null, null);
      return one(created ? 'milestone.created' : 'milestone.updated', str(doc.updatedAt), null);
    case 'relation':
      return change.deleted
        ? one('relation.deleted', null, null)
        : one('relation.created', str(doc.createdAt), str(doc.createdBy));
    default:
      return [];
  }
}
