import { issueReferenceProblem, issueStateProblem } from '../issue-references.ts';
import { parentChainProblem } from '../issue-tree.ts';
import type { IssueDoc } from '../documents.ts';
import { estimateScaleMessage, estimateScaleOf, estimateValues } from '../estimate-scales.ts';
import { docId } from '../ids.ts';
import { sentString, sentStrings, storedIssue } from './sent-fields.ts';
import type { AdmittedWrite, WriteRule } from './types.ts';

export const NUMBER_NOT_RESERVED = 'This issue number was not reserved for you in this project';

type IssueWrite = AdmittedWrite & { doc: IssueDoc };
const isIssue = (write: AdmittedWrite): write is IssueWrite => write.doc.type === 'issue';
const issueBefore = (write: AdmittedWrite) =>
  write.existing?.type === 'issue' ? write.existing : null;

/**
 * SPEC §5: an issue's state is one of its project's states. Checked when an issue is created or
 * its state or project changes: like its references, an issue is never refused for what happened
 * to others since (its state deleted from the project by a concurrent workflow edit), so a
 * label's deletion or a title edit that touches it still goes through.
 */
export const stateInProject: WriteRule = {
  name: 'state-in-project',
  appliesTo: (write) =>
    isIssue(write) &&
    (issueBefore(write)?.stateId !== write.doc.stateId ||
      issueBefore(write)?.projectId !== write.doc.projectId),
  check: (write, _context, lookup) =>
    isIssue(write) ? issueStateProblem(write.doc, (id) => lookup.get(id)) : null,
  reads: (doc, existing) => {
    const before = storedIssue(doc, existing);
    const projectId = sentString(doc, 'projectId');
    const changes = doc.stateId !== before?.stateId || projectId !== before?.projectId;
    return doc.type === 'issue' && projectId && changes ? { ids: [projectId] } : {};
  },
};

/**
 * SPEC §10: an issue's estimate is one of its project's scale, checked when it is set or changed.
 * An estimate kept through a change of the project's scale (13 points, then linear 1–10) stays
 * until someone changes it: an edit of anything else is never refused for it.
 */
export const estimateInScale: WriteRule = {
  name: 'estimate-in-scale',
  // A restore (an undone deletion) brings the issue back as it was, estimate and all.
  appliesTo: (write) =>
    isIssue(write) &&
    !write.restore &&
    write.doc.estimate !== null &&
    issueBefore(write)?.estimate !== write.doc.estimate,
  check: (write, _context, lookup) => {
    if (!isIssue(write) || write.doc.estimate === null) return null;
    const project = lookup.get(write.doc.projectId);
    // An issue of no project is the state rule's to refuse.
    if (project?.type !== 'project') return null;
    const scale = estimateScaleOf(project);
    return estimateValues(scale).includes(write.doc.estimate)
      ? null
      : { path: 'estimate', message: estimateScaleMessage(scale) };
  },
  reads: (doc, existing) => {
    const projectId = sentString(doc, 'projectId');
    const changed =
      typeof doc.estimate === 'number' && doc.estimate !== storedIssue(doc, existing)?.estimate;
    return doc.type === 'issue' && projectId && changed ? { ids: [projectId] } : {};
  },
};

/**
 * A new issue takes a number reserved for its writer in its project, so two issues never share a
 * key; a restored one comes back with the number its deletion kept.
 */
export const numberReserved: WriteRule = {
  name: 'issue-number-reserved',
  appliesTo: (write) => isIssue(write) && !write.existing && !write.restore,
  check: (write, context) =>
    isIssue(write) && !context.numberReserved(write.doc.projectId, write.doc.number)
      ? { path: 'number', message: NUMBER_NOT_RESERVED }
      : null,
  reads: (doc, existing) => {
    const projectId = sentString(doc, 'projectId');
    // A restore is told apart only once admitted; its number is asked about all the same.
    return doc.type === 'issue' && !existing && projectId && typeof doc.number === 'number'
      ? { numbers: [{ projectId, number: doc.number }] }
      : {};
  },
};

/** SPEC §5: an issue's parent is an issue of the workspace, and not itself or below it. */
export const parentWithoutLoop: WriteRule = {
  name: 'parent-without-loop',
  appliesTo: (write) =>
    isIssue(write) &&
    write.doc.parentId !== null &&
    write.doc.parentId !== issueBefore(write)?.parentId,
  check: (write, _context, lookup) => {
    if (!isIssue(write)) return null;
    const problem = parentChainProblem(write.doc._id, write.doc.parentId, (id) => {
      const node = lookup.get(id);
      return node?.type === 'issue' ? node : undefined;
    });
    return problem ? { path: 'parentId', message: problem } : null;
  },
  reads: (doc, existing) => {
    const parentId = sentString(doc, 'parentId');
    return doc.type === 'issue' && parentId && parentId !== storedIssue(doc, existing)?.parentId
      ? { ancestorsOf: [parentId] }
      : {};
  },
};

/**
 * SPEC §5: the assignee is an active member and each label exists; only what the write changes
 * is checked, so an issue is never refused for a label deleted or a member removed since.
 */
export const assigneeAndLabels: WriteRule = {
  name: 'assignee-and-labels',
  appliesTo: isIssue,
  check: (write, _context, lookup) =>
    isIssue(write)
      ? issueReferenceProblem(write.doc, issueBefore(write), (id) => lookup.get(id))
      : null,
  reads: (doc, existing) => {
    if (doc.type !== 'issue') return {};
    const before = storedIssue(doc, existing);
    const assigneeId = sentString(doc, 'assigneeId');
    const labels = sentStrings(doc, 'labelIds').filter((id) => !before?.labelIds.includes(id));
    const assignee =
      assigneeId && assigneeId !== before?.assigneeId ? [docId('member', assigneeId)] : [];
    return { ids: [...assignee, ...labels] };
  },
};
