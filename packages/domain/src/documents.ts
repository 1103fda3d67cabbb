// Over 300 lines: every workspace document's schema sits in one discriminated union that the
// browser and the server parse with; the field schemas are in fields.ts, the rules elsewhere.
import { LINK_KINDS, LINK_STATES } from './git-links-kinds.ts';
import { z } from 'zod';
import {
  colorSchema,
  commentBodySchema,
  dueDateSchema,
  estimateSchema,
  isoTimestampSchema,
  issueDescriptionSchema,
  issueTitleSchema,
  labelNameSchema,
  attachmentNameSchema,
  prioritySchema,
  projectKeySchema,
  projectNameSchema,
  roleSchema,
} from './fields.ts';
import { cycleId, relationId, typeOfId, type DocType } from './ids.ts';
import { issueSourceSchema } from './import-sources.ts';
import { LIMITS } from './limits.ts';
import { textField } from './text.ts';
import { workflowSchema, workflowStateSchema } from './workflow.ts';
import { calendarDaySchema, cycleSettingsSchema } from './cycle-settings.ts';
import { projectStatusSchema } from './project-plan.ts';
import { favoriteId, favoriteTargetType } from './favorites.ts';
import { estimateScaleSchema } from './estimate-scales.ts';

/** SPEC §3 — documents of a workspace database. Every one has type, createdAt, updatedAt. */
/** A reference to another document of the workspace: an id of that document's type. */
const refTo = (type: DocType) =>
  z
    .string()
    .max(80)
    .refine((id) => typeOfId(id) === type, `Not a ${type} id`);
const userRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a user id');

// CouchDB's own fields that replication carries; anything else starting with "_" is refused
// (attachments, conflicts, design functions).
/** SPEC §9: how many labels an issue may carry. */
export const ISSUE_LABELS_LIMIT_MESSAGE = `An issue has at most ${LIMITS.labelsPerIssue} labels`;

export const REV_PATTERN = /^[1-9][0-9]{0,8}-[0-9a-f]{1,64}$/;
export const revSchema = z.string().regex(REV_PATTERN, 'Not a revision');
export const revisionsSchema = z.strictObject({
  start: z.number().int().min(1),
  ids: z
    .array(z.string().regex(/^[0-9a-f]{1,64}$/))
    .min(1)
    .max(1_000),
});
const couchFields = {
  // A relation's id holds two issue tails (ids.ts: relationId): up to 149 characters.
  _id: z.string().min(1).max(160),
  _rev: revSchema.optional(),
  _revisions: revisionsSchema.optional(),
};
const base = {
  ...couchFields,
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
};

export const memberDocSchema = z.strictObject({
  ...base,
  type: z.literal('member'),
  userId: userRef,
  name: z.string().max(200),
  email: z.string().max(254),
  avatarUrl: z.string().max(2000).nullable(),
  role: roleSchema,
  active: z.boolean(),
});

export const projectDocSchema = z
  .strictObject({
    ...base,
    type: z.literal('project'),
    key: projectKeySchema,
    name: projectNameSchema,
    description: textField('Description', 0, 5_000, { multiline: true }),
    leadId: userRef.nullable(),
    color: colorSchema,
    archivedAt: isoTimestampSchema.nullable(),
    states: workflowSchema,
    /**
     * States deleted from the workflow, newest last: their names still read in the history of the
     * issues that were in them ("changed state from In Review to Done").
     */
    formerStates: z.array(workflowStateSchema).max(100).optional(),
    /** SPEC §10: cycles on or off, and how they are scheduled; absent: off. */
    cycles: cycleSettingsSchema.optional(),
    /** SPEC §10: absent on projects made before statuses (project-plan.ts reads it as active). */
    status: projectStatusSchema.optional(),
    startsOn: calendarDaySchema.nullable().optional(),
    targetOn: calendarDaySchema.nullable().optional(),
    /** SPEC §10: absent on projects made before scales (estimate-scales.ts reads it as Fibonacci). */
    estimateScale: estimateScaleSchema.optional(),
    /**
     * SPEC §11: the states a linked pull request moves issues to when opened and when merged (a
     * state id; null: not moved). Absent, or a state no longer in the workflow: the project's
     * first started and first completed states (git-links.ts `gitStateFor`).
     */
    gitStates: z
      .strictObject({
        started: z.string().min(1).max(40).nullable(),
        completed: z.string().min(1).max(40).nullable(),
      })
      .optional(),
    createdBy: userRef,
  })
  .refine((p) => !p.startsOn || !p.targetOn || p.targetOn >= p.startsOn, {
    message: 'The target date is on or after the start date',
    path: ['targetOn'],
  });

/**
 * The parts of an issue edited as one unit, each with its own edit time so that two devices'
 * concurrent edits merge field by field (issue-merge.ts). `state` carries the times it sets.
 */
export const ISSUE_FIELD_GROUPS = {
  title: ['title'],
  description: ['description'],
  state: ['stateId', 'startedAt', 'completedAt', 'canceledAt'],
  priority: ['priority'],
  assignee: ['assigneeId'],
  labels: ['labelIds'],
  estimate: ['estimate'],
  dueDate: ['dueDate'],
  parent: ['parentId'],
  sortOrder: ['sortOrder'],
  subscribers: ['subscriberIds', 'unsubscribedIds'],
  cycle: ['cycleId'],
  milestone: ['milestoneId'],
} as const;
export type IssueFieldGroup = keyof typeof ISSUE_FIELD_GROUPS;
const issueFieldGroupSchema = z.enum(
  Object.keys(ISSUE_FIELD_GROUPS) as [IssueFieldGroup, ...IssueFieldGroup[]],
);

export const issueDocSchema = z.strictObject({
  ...base,
  type: z.literal('issue'),
  projectId: refTo('project'),
  number: z.number().int().min(1).max(999_999_999),
  title: issueTitleSchema,
  description: issueDescriptionSchema,
  stateId: z.string().min(1).max(40),
  priority: prioritySchema,
  assigneeId: userRef.nullable(),
  labelIds: z.array(refTo('label')).max(LIMITS.labelsPerIssue, ISSUE_LABELS_LIMIT_MESSAGE),
  estimate: estimateSchema,
  dueDate: dueDateSchema,
  parentId: refTo('issue').nullable(),
  /** SPEC §10: a cycle of the issue's own project; absent or null when none. */
  cycleId: refTo('cycle').nullable().optional(),
  /** SPEC §10: a milestone of the issue's own project; absent or null when none. */
  milestoneId: refTo('milestone').nullable().optional(),
  sortOrder: z.string().min(1).max(200),
  createdBy: userRef,
  startedAt: isoTimestampSchema.nullable(),
  completedAt: isoTimestampSchema.nullable(),
  canceledAt: isoTimestampSchema.nullable(),
  subscriberIds: z.array(userRef).max(1_000),
  /**
   * Who unsubscribed (subscriptions.ts): an automatic subscription (being assigned, mentioned,
   * commenting) never brings them back, and creating or being assigned the issue no longer
   * counts as following it. Absent when nobody has; never lists a subscriber.
   */
  unsubscribedIds: z.array(userRef).max(1_000).optional(),
  /**
   * When each field group was last edited, by whichever device; absent on issues written before
   * it existed and for groups not edited since creation (they count as oldest).
   */
  fieldTimes: z.partialRecord(issueFieldGroupSchema, isoTimestampSchema).optional(),
  /**
   * Who made each field group's last edit (beside `fieldTimes`), so a conflict entry can say
   * whose value a concurrent edit replaced; absent on issues written before it existed.
   */
  fieldBy: z.partialRecord(issueFieldGroupSchema, userRef).optional(),
  /** SPEC §11: the tool and key it was imported from; absent on issues made in Keel. */
  source: issueSourceSchema.optional(),
});

export const commentDocSchema = z.strictObject({
  ...base,
  type: z.literal('comment'),
  issueId: refTo('issue'),
  body: commentBodySchema,
  authorId: userRef,
  editedAt: isoTimestampSchema.nullable(),
});

export const labelDocSchema = z.strictObject({
  ...base,
  type: z.literal('label'),
  name: labelNameSchema,
  color: colorSchema,
  createdBy: userRef,
});

export const ACTIVITY_KINDS = [
  'created',
  'state',
  'priority',
  'assignee',
  'labels',
  'title',
  'description',
  'parent',
  'estimate',
  'dueDate',
  'project',
  // Brought back after a deletion (an undo).
  'restored',
  // People subscribed automatically (assigned, mentioned, commenting): `from` is the reason,
  // `to` who was subscribed.
  'subscribed',
  // A relation added (`to`) or removed (`from`), as [how this issue relates, the other issue].
  'relation',
  // The issue's cycle: cycle ids or null; a rollover's is by the actor `keel` (cycles.ts).
  'cycle',
  // The issue's milestone: milestone ids or null.
  'milestone',
  // SPEC §11: a pull request or commit linked by Keel (`to`: [kind, url, title, number]).
  'linked',
] as const;

const activityValue = z.union([
  z.string().max(50_000),
  z.number(),
  z.array(z.string()).max(20),
  z.null(),
]);

export const activityDocSchema = z.strictObject({
  ...base,
  type: z.literal('activity'),
  issueId: refTo('issue'),
  actorId: userRef,
  kind: z.enum(ACTIVITY_KINDS),
  from: activityValue,
  to: activityValue,
});

/** The field groups a concurrent edit can override, and a comment's text. */
export const CONFLICT_FIELDS = [
  'title',
  'description',
  'state',
  'priority',
  'assignee',
  'labels',
  'estimate',
  'dueDate',
  'parent',
  'cycle',
  'milestone',
  'comment',
] as const;
export type ConflictField = (typeof CONFLICT_FIELDS)[number];

const conflictSideSchema = z.strictObject({
  /** A text, a state/assignee/parent id, a number, label ids, or null (empty). */
  value: activityValue,
  by: userRef.nullable(),
  at: isoTimestampSchema.nullable(),
});

/**
 * A value that lost to a concurrent edit of the same field (issue-merge.ts): who wrote which,
 * and when, so the issue's timeline shows it with Restore and Copy. Written by whichever device
 * merges, with an id and times that follow from its content, so two devices merging the same
 * versions write the same record. Immutable.
 */
export const conflictDocSchema = z
  .strictObject({
    ...base,
    type: z.literal('conflict'),
    issueId: refTo('issue'),
    /** Set when the text is a comment's (field `comment`). */
    commentId: refTo('comment').nullable(),
    field: z.enum(CONFLICT_FIELDS),
    lost: conflictSideSchema,
    kept: conflictSideSchema,
  })
  .refine((entry) => (entry.field === 'comment') === (entry.commentId !== null), {
    message: 'A comment’s text, and only that, names its comment',
    path: ['commentId'],
  });

/** SPEC §10: how two issues relate. "A is blocked by B" is stored as B `blocks` A. */
export const RELATION_KINDS = ['blocks', 'relates', 'duplicates'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/**
 * Two issues related (SPEC §10), under the one id their kind and pair give (`relationId`), so a
 * pair is related once per kind. Immutable: a relation is added or removed, never edited.
 */
export const relationDocSchema = z
  .strictObject({
    ...base,
    type: z.literal('relation'),
    fromIssueId: refTo('issue'),
    toIssueId: refTo('issue'),
    kind: z.enum(RELATION_KINDS),
    createdBy: userRef,
  })
  .refine((r) => r.fromIssueId !== r.toIssueId, {
    message: 'An issue cannot be related to itself',
    path: ['toIssueId'],
  })
  // Under another type's id, the check that a document's type matches its id says so.
  .refine(
    (r) =>
      typeOfId(r._id) !== 'relation' || r._id === relationId(r.kind, r.fromIssueId, r.toIssueId),
    {
      message: 'A relation is stored under the id of its kind and its two issues',
      path: ['_id'],
    },
  );

/**
 * A project's cycle (SPEC §10): a numbered span of days, `endsOn` inclusive. Stored under the one
 * id its project and number give (`cycleId`), so a cycle scheduled by two writers is one
 * document. `completedAt` is set once, by its rollover (cycles.ts).
 */
export const cycleDocSchema = z
  .strictObject({
    ...base,
    type: z.literal('cycle'),
    projectId: refTo('project'),
    number: z.number().int().min(1).max(999_999),
    name: textField('Cycle name', 0, 80),
    startsOn: calendarDaySchema,
    endsOn: calendarDaySchema,
    completedAt: isoTimestampSchema.nullable(),
  })
  .refine((c) => c.endsOn > c.startsOn, {
    message: 'A cycle ends after it starts',
    path: ['endsOn'],
  })
  .refine((c) => typeOfId(c._id) !== 'cycle' || c._id === cycleId(c.projectId, c.number), {
    message: 'A cycle is stored under the id of its project and number',
    path: ['_id'],
  });

/**
 * A project's milestone (SPEC §10): a named point a project works towards, ordered within the
 * project by `sortOrder` (a fractional index, like issues'), with an optional target day.
 */
export const milestoneDocSchema = z.strictObject({
  ...base,
  type: z.literal('milestone'),
  projectId: refTo('project'),
  name: textField('Milestone name', 1, 80),
  targetOn: calendarDaySchema.nullable(),
  sortOrder: z.string().min(1).max(200),
});

/**
 * A saved view (SPEC §10): a list's URL query under a name, its owner's alone or shared with the
 * workspace; `projectId` is the project whose list it filters, null for all issues. The query
 * is what `serializeViewQuery` writes (URL-encoded, so printable ASCII without spaces).
 */
export const viewDocSchema = z.strictObject({
  ...base,
  type: z.literal('view'),
  name: textField('View name', 1, 80),
  query: z
    .string()
    .max(2_000, 'A view’s filters must be at most 2,000 characters')
    .regex(/^[\x21-\x7e]*$/, 'A view’s filters must be a URL query'),
  projectId: refTo('project').nullable(),
  ownerId: userRef,
  shared: z.boolean(),
});

/**
 * SPEC §11: a pull request or commit on GitHub that names an issue, written by the server only
 * (the proxy refuses it from any device), under one id per issue and URL (`linkId`).
 */
export const linkDocSchema = z.strictObject({
  ...base,
  type: z.literal('link'),
  issueId: refTo('issue'),
  provider: z.literal('github'),
  kind: z.enum(LINK_KINDS),
  url: z
    .string()
    .max(500)
    .regex(/^https:\/\//, 'Not a link'),
  title: z.string().max(300),
  number: z.number().int().min(1).nullable(),
  state: z.enum(LINK_STATES),
  /** When GitHub says it was so: an older event (out of order, redelivered) changes nothing. */
  sourceAt: isoTimestampSchema,
});

/**
 * SPEC §11: a file pasted or dropped into an issue's description or a comment. The bytes live in
 * the workspace's files database, not in the replicated data (`PUT|GET /files/:ws/:id`); this is
 * what the server found when it took them (size, type by content, digest). Written by the server
 * only, under the id the device chose (so its Markdown can name the file before it is uploaded);
 * deleted by its uploader or an admin.
 */
export const attachmentDocSchema = z.strictObject({
  ...base,
  type: z.literal('attachment'),
  name: attachmentNameSchema,
  size: z.number().int().min(1).max(LIMITS.attachmentBytes),
  contentType: z.string().min(1).max(100),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  issueId: refTo('issue'),
  createdBy: userRef,
});

/**
 * Something the server tells a workspace's owner and admins (SPEC §11): a webhook turned off
 * after failing for 24 hours. Written by the server only, under one id per webhook
 * (`notice:webhook-<id>`), and resolved (`resolvedAt`) once it is turned back on or deleted;
 * the inbox shows the unresolved ones to those who can act on them.
 */
export const NOTICE_KINDS = ['webhook-off'] as const;
export const noticeDocSchema = z.strictObject({
  ...base,
  type: z.literal('notice'),
  kind: z.enum(NOTICE_KINDS),
  /** What it is about: the webhook's id. */
  subjectId: z.string().min(1).max(80),
  /**
   * Its name as it was. Not where it pointed: every member's device holds the workspace's
   * documents, and only admins see a webhook's URL.
   */
  label: z.string().max(80),
  resolvedAt: isoTimestampSchema.nullable(),
});

/**
 * One person's favourite (SPEC §10): an issue, project, view or cycle pinned to their sidebar,
 * in their order. Stored under the one id its person and target give (`favoriteId`).
 */
export const favoriteDocSchema = z
  .strictObject({
    ...base,
    type: z.literal('favorite'),
    userId: userRef,
    target: z
      .string()
      .max(80)
      .refine((id) => favoriteTargetType(id) !== null, 'Not an issue, project, view or cycle id'),
    sortOrder: z.string().min(1).max(200),
  })
  .refine((f) => typeOfId(f._id) !== 'favorite' || f._id === favoriteId(f.userId, f.target), {
    message: 'A favourite is stored under the id of its person and target',
    path: ['_id'],
  });

/** At most this many notifications read one by one past `lastReadAt` (read-state.ts). */
export const READ_ENTRIES_MAX = 500;
/** At most this many issues archived in one person's inbox (read-state.ts). */
export const ARCHIVED_ENTRIES_MAX = 1_000;

const notificationRef = z
  .string()
  .max(80)
  .refine((id) => {
    const type = typeOfId(id);
    return type === 'activity' || type === 'comment';
  }, 'Not a notification id');

const atMost = (max: number) => (record: Record<string, unknown>) =>
  Object.keys(record).length <= max;

/**
 * One person's inbox state (SPEC §3: userId, lastReadAt). Everything up to `lastReadAt` is read;
 * `read` holds notifications read one by one after it, and `archived` the issues archived from
 * the inbox, each with the moment its newest notification then had (decision 009).
 */
export const readMarkerDocSchema = z.strictObject({
  ...base,
  type: z.literal('readMarker'),
  userId: userRef,
  lastReadAt: isoTimestampSchema,
  /** Notification (activity or comment) id → its moment, for those read after `lastReadAt`. */
  read: z
    .record(notificationRef, isoTimestampSchema)
    .refine(atMost(READ_ENTRIES_MAX), `At most ${READ_ENTRIES_MAX} notifications read one by one`)
    .optional(),
  /** Issue id → the moment up to which its notifications are archived. */
  archived: z
    .record(refTo('issue'), isoTimestampSchema)
    .refine(atMost(ARCHIVED_ENTRIES_MAX), `At most ${ARCHIVED_ENTRIES_MAX} archived issues`)
    .optional(),
});

export const workspaceDocSchema = z.discriminatedUnion('type', [
  memberDocSchema,
  projectDocSchema,
  issueDocSchema,
  commentDocSchema,
  labelDocSchema,
  activityDocSchema,
  readMarkerDocSchema,
  conflictDocSchema,
  relationDocSchema,
  cycleDocSchema,
  milestoneDocSchema,
  viewDocSchema,
  favoriteDocSchema,
  noticeDocSchema,
  linkDocSchema,
  attachmentDocSchema,
]);

export type MemberDoc = z.infer<typeof memberDocSchema>;
export type ProjectDoc = z.infer<typeof projectDocSchema>;
export type IssueDoc = z.infer<typeof issueDocSchema>;
export type CommentDoc = z.infer<typeof commentDocSchema>;
export type LabelDoc = z.infer<typeof labelDocSchema>;
export type ActivityDoc = z.infer<typeof activityDocSchema>;
export type ReadMarkerDoc = z.infer<typeof readMarkerDocSchema>;
export type ConflictDoc = z.infer<typeof conflictDocSchema>;
export type ConflictSide = ConflictDoc['lost'];
export type RelationDoc = z.infer<typeof relationDocSchema>;
export type CycleDoc = z.infer<typeof cycleDocSchema>;
export type MilestoneDoc = z.infer<typeof milestoneDocSchema>;
export type ViewDoc = z.infer<typeof viewDocSchema>;
export type FavoriteDoc = z.infer<typeof favoriteDocSchema>;
export type NoticeDoc = z.infer<typeof noticeDocSchema>;
export type LinkDoc = z.infer<typeof linkDocSchema>;
export type AttachmentDoc = z.infer<typeof attachmentDocSchema>;
export type WorkspaceDoc = z.infer<typeof workspaceDocSchema>;
