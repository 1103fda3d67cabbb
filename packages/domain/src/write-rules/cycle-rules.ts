import type { CycleDoc } from '../documents.ts';
import { cycleId } from '../ids.ts';
import { sentString, storedIssue } from './sent-fields.ts';
import type { AdmittedWrite, WriteRule } from './types.ts';

export const CYCLE_NOT_OF_PROJECT = 'The cycle must be one of the issue’s project';
export const CYCLES_OVERLAP = 'Cycles of a project are in order and never overlap';
export const CYCLE_PROJECT_NOT_FOUND = 'The cycle’s project must be a project of this workspace';

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
 * SPEC §10: a project's cycles never overlap. Numbered in the order of their days, a cycle need
 * only start after the one before it ends and end before the one after it starts, so the rule
 * reads two neighbours, never the project's whole list. Checked when a cycle is made or its days
 * change.
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
    const neighbour = (number: number) => {
      const found = lookup.get(cycleId(doc.projectId, number));
      return found?.type === 'cycle' ? found : null;
    };
    const before: CycleDoc | null = neighbour(doc.number - 1);
    const after: CycleDoc | null = neighbour(doc.number + 1);
    if (before && before.endsOn >= doc.startsOn)
      return { path: 'startsOn', message: CYCLES_OVERLAP };
    if (after && after.startsOn <= doc.endsOn) return { path: 'endsOn', message: CYCLES_OVERLAP };
    return null;
  },
  reads: (doc) => {
    const projectId = sentString(doc, 'projectId');
    if (doc.type !== 'cycle' || !projectId || typeof doc.number !== 'number') return {};
    return {
      ids: [projectId, cycleId(projectId, doc.number - 1), cycleId(projectId, doc.number + 1)],
    };
  },
};
