import { LIMITS } from '../limits.ts';
import { sentString, storedIssue } from './sent-fields.ts';
import type { WriteRule } from './types.ts';

export const MILESTONE_NOT_OF_PROJECT = 'The milestone must be one of the issue’s project';
export const MILESTONE_PROJECT_NOT_FOUND =
  'The milestone’s project must be a project of this workspace';
export const MILESTONE_KEEPS_PROJECT = 'A milestone stays in its project';
export const MILESTONES_LIMIT = `A project has at most ${LIMITS.milestonesPerProject} milestones`;

/**
 * SPEC §10: an issue's milestone is one of its own project's; checked when it changes. An id
 * that names no milestone (one deleted meanwhile) reads as none and is let through: an edit made
 * offline before the deletion, or an undo back into it, must not be refused for it, and the id
 * can reach nothing (ids are the workspace's own).
 */
export const issueMilestoneOfProject: WriteRule = {
  name: 'issue-milestone-of-project',
  appliesTo: (write) =>
    write.doc.type === 'issue' &&
    (write.doc.milestoneId ?? null) !== null &&
    (write.existing?.type !== 'issue' || write.existing.milestoneId !== write.doc.milestoneId),
  check: (write, _context, lookup) => {
    if (write.doc.type !== 'issue' || !write.doc.milestoneId) return null;
    const milestone = lookup.get(write.doc.milestoneId);
    return !milestone ||
      (milestone.type === 'milestone' && milestone.projectId === write.doc.projectId)
      ? null
      : { path: 'milestoneId', message: MILESTONE_NOT_OF_PROJECT };
  },
  reads: (doc, existing) => {
    const id = sentString(doc, 'milestoneId');
    return doc.type === 'issue' && id && id !== storedIssue(doc, existing)?.milestoneId
      ? { ids: [id] }
      : {};
  },
};

/**
 * SPEC §10: a milestone belongs to a project of the workspace, for good (its issues are that
 * project's), and a project has at most 100. The count is checked on creation only: a project
 * over the limit (two admins adding the hundredth offline) can still rename what it has.
 */
export const milestoneOfProject: WriteRule = {
  name: 'milestone-of-project',
  appliesTo: (write) => write.doc.type === 'milestone',
  check: (write, _context, lookup) => {
    const { doc, existing } = write;
    if (doc.type !== 'milestone') return null;
    if (existing?.type === 'milestone' && existing.projectId !== doc.projectId)
      return { path: 'projectId', message: MILESTONE_KEEPS_PROJECT };
    if (lookup.get(doc.projectId)?.type !== 'project')
      return { path: 'projectId', message: MILESTONE_PROJECT_NOT_FOUND };
    if (existing || write.restore) return null;
    const others = lookup
      .all('milestone')
      .filter((m) => m.projectId === doc.projectId && m._id !== doc._id);
    return others.length >= LIMITS.milestonesPerProject
      ? { path: 'projectId', message: MILESTONES_LIMIT }
      : null;
  },
  reads: (doc, existing) => {
    const projectId = sentString(doc, 'projectId');
    if (doc.type !== 'milestone' || !projectId) return {};
    return existing ? { ids: [projectId] } : { ids: [projectId], lists: ['milestone'] };
  },
};
