import { z } from 'zod';
import { issueSourceSchema } from './import-sources.ts';
import {
  commentBodySchema,
  dueDateSchema,
  estimateSchema,
  issueDescriptionSchema,
  issueTitleSchema,
  prioritySchema,
  roleSchema,
} from './fields.ts';

/**
 * The public REST API's answers (SPEC §11, `/api/v1`): what a script reads, in names a person
 * would use, not the replicated documents' own shape. The OpenAPI document is drawn from these.
 */

const id = z.string();
const day = z.string().nullable();
const timestamp = z.string();

export const apiStateSchema = z.object({
  id,
  name: z.string(),
  category: z.enum(['backlog', 'unstarted', 'started', 'completed', 'canceled']),
});

export const apiProjectSchema = z.object({
  id,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  leadId: id.nullable(),
  startsOn: day,
  targetOn: day,
  archived: z.boolean(),
  states: z.array(apiStateSchema),
  estimateScale: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ApiProject = z.infer<typeof apiProjectSchema>;

export const apiIssueSchema = z.object({
  id,
  /** `ENG-12`. */
  key: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  projectId: id,
  state: apiStateSchema,
  /** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
  priority: z.number().int(),
  assigneeId: id.nullable(),
  labelIds: z.array(id),
  estimate: z.number().nullable(),
  dueDate: day,
  parentId: id.nullable(),
  cycleId: id.nullable(),
  milestoneId: id.nullable(),
  createdBy: id,
  createdAt: timestamp,
  updatedAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  canceledAt: timestamp.nullable(),
  /** Where it was imported from (Jira, Linear, GitHub): the tool, its key and a link. */
  source: issueSourceSchema.nullable(),
});
export type ApiIssue = z.infer<typeof apiIssueSchema>;

export const apiCommentSchema = z.object({
  id,
  issueId: id,
  body: z.string(),
  authorId: id,
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
});
export type ApiComment = z.infer<typeof apiCommentSchema>;

export const apiLabelSchema = z.object({ id, name: z.string(), color: z.string() });

export const apiMemberSchema = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});

export const apiCycleSchema = z.object({
  id,
  projectId: id,
  number: z.number().int(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  completedAt: timestamp.nullable(),
});

export const apiMilestoneSchema = z.object({
  id,
  projectId: id,
  name: z.string(),
  targetOn: day,
});

/** A list: one page of it, and where the next one starts (null on the last). */
export const apiPage = <S extends z.ZodType>(item: S) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const apiList = <S extends z.ZodType>(item: S) => z.object({ data: z.array(item) });

/** Issues a page may hold: 50 unless asked, at most 250 (GitHub's and Linear's range). */
export const API_PAGE_DEFAULT = 50;
export const API_PAGE_MAX = 250;

const ref = z.string().min(1).max(200);
const issueFields = {
  title: issueTitleSchema,
  description: issueDescriptionSchema,
  stateId: z.string().min(1).max(40),
  priority: prioritySchema,
  assigneeId: ref.nullable(),
  labelIds: z.array(ref).max(100),
  estimate: estimateSchema,
  dueDate: dueDateSchema,
  /** The parent issue's key (`ENG-3`), or null for none. */
  parent: z.string().max(40).nullable(),
  cycleId: ref.nullable(),
  milestoneId: ref.nullable(),
};

/**
 * `POST …/issues`: the project by key, a title, and any other field. What the fields may hold
 * beyond their type (a state of the project, a member, a label of the workspace) is the domain's
 * write rules' to say, as for a change made in the app.
 */
export const apiCreateIssueBody = z.strictObject({
  project: z.string('Project is required').min(1, 'Project is required').max(10),
  ...issueFields,
  description: issueFields.description.optional(),
  stateId: issueFields.stateId.optional(),
  priority: issueFields.priority.optional(),
  assigneeId: issueFields.assigneeId.optional(),
  labelIds: issueFields.labelIds.optional(),
  estimate: issueFields.estimate.optional(),
  dueDate: issueFields.dueDate.optional(),
  parent: issueFields.parent.optional(),
  cycleId: issueFields.cycleId.optional(),
  milestoneId: issueFields.milestoneId.optional(),
});
export type ApiCreateIssueBody = z.infer<typeof apiCreateIssueBody>;

/** `PATCH …/issues/:key`: the fields to change, and only those. */
export const apiUpdateIssueBody = z
  .strictObject(issueFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Name a field to change' });
export type ApiUpdateIssueBody = z.infer<typeof apiUpdateIssueBody>;

/** `POST …/issues/:key/comments` and `PATCH …/comments/:id`. */
export const apiCommentBody = z.strictObject({ body: commentBodySchema });
