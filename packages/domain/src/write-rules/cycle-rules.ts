import { sentString, storedIssue } from './sent-fields.ts';
import type { AdmittedWrite, WriteRule } from './types.ts';

export const CYCLE_NOT_OF_PROJECT = 'The cycle must be one of the issue’s project';
export const CYCLES_OVERLAP = 'Cycles of a project are in order and never overlap';
export const CYCLE_PROJECT_NOT_FOUND = 'The cycle’s project must be a project of this workspace';
export const CYCLE_COMPLETED_BY_ROLLOVER = 'A cycle is completed by its rollover, when it ends';

const cycleBefore = (write: AdmittedWrite) =>
  write.existing?.type === 'cycle' ? write.existing : null;

/** SPEC §10: an issue's cycle is a cycle of its own project; checked when it changes. */
export const issueCycleOfProject: WriteRule = {
  name: 'issue-cycle-of-project',
  appliesTo: (write) =>
    write.doc.type === 'issue' &&
    (write.doc.cycleId ?? null) !== null &&
    (write.existing?.type !== 'issue' || write.existing.cycleId !== write.doc.cycleId),
  check: (write, _context, lookup) => {
    if (write.doc.type !== 'issue' || !write.doc.cycleId) return null;
    const cycle = lookup.get(write.doc.cycleId);
    return cycle?.type === 'cycle' && cycle.projectId === write.doc.projectId
      ? null
      : { path: 'cycleId', message: CYCLE_NOT_OF_PROJECT };
  },
  reads: (doc, existing) => {
    const id = sentString(doc, 'cycleId');
    return doc.type === 'issue' && id && id !== storedIssue(doc, existing)?.cycleId
      ? { ids: [id] }
      : {};
  },
};

/**
 * SPEC §10: a project's cycles never overlap, and are numbered in the order of their days (the
 * scheduling counts on it). Checked against the project's other cycles when a cycle is made or
 * its days change; a workspace holds a few cycles a project.
 */
export const cyclesInOrder: WriteRule = {
  name: 'cycles-in-order',
  appliesTo: (write) =>
    write.doc.type === 'cycle' &&
    (cycleBefore(write)?.startsOn !== write.doc.startsOn ||
      cycleBefore(write)?.endsOn !== write.doc.endsOn),
  check: (write, _context, lookup) => {
    const { doc } = write;
    if (doc.type !== 'cycle') return null;
    if (lookup.get(doc.projectId)?.type !== 'project')
      return { path: 'projectId', message: CYCLE_PROJECT_NOT_FOUND };
    for (const other of lookup.all('cycle')) {
      if (other.projectId !== doc.projectId || other._id === doc._id) continue;
      if (other.number < doc.number && other.endsOn >= doc.startsOn)
        return { path: 'startsOn', message: CYCLES_OVERLAP };
      if (other.number > doc.number && other.startsOn <= doc.endsOn)
        return { path: 'endsOn', message: CYCLES_OVERLAP };
    }
    return null;
  },
  reads: (doc) => {
    const projectId = sentString(doc, 'projectId');
    return doc.type === 'cycle' && projectId ? { ids: [projectId], lists: ['cycle'] } : {};
  },
};

/**
 * A cycle is completed by its rollover, which the server writes (decision 021): a client never
 * sets or clears `completedAt`, so it can neither skip a rollover nor make one run twice.
 */
export const cycleCompletedByRollover: WriteRule = {
  name: 'cycle-completed-by-rollover',
  appliesTo: (write) =>
    write.doc.type === 'cycle' &&
    write.doc.completedAt !== (cycleBefore(write)?.completedAt ?? null),
  check: () => ({ path: 'completedAt', message: CYCLE_COMPLETED_BY_ROLLOVER }),
};
