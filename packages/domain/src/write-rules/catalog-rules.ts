import { labelProblem } from '../label-rules.ts';
import { projectProblem } from '../project-rules.ts';
import type { WriteRule } from './types.ts';

/** SPEC §5: a new project's key is unused, within the workspace's project limit. */
export const projectKeyUnique: WriteRule = {
  name: 'project-key-unique',
  appliesTo: (write) => write.doc.type === 'project' && !write.existing,
  check: (write, _context, lookup) =>
    write.doc.type === 'project'
      ? projectProblem(write.doc, write.existing, lookup.all('project'))
      : null,
  reads: (doc, existing) => (doc.type === 'project' && !existing ? { lists: ['project'] } : {}),
};

/** SPEC §5: a label's name is unique ignoring case, within the workspace's label limit. */
export const labelNameUnique: WriteRule = {
  name: 'label-name-unique',
  appliesTo: (write) =>
    write.doc.type === 'label' &&
    (write.existing?.type !== 'label' || write.existing.name !== write.doc.name),
  check: (write, _context, lookup) =>
    write.doc.type === 'label'
      ? labelProblem(write.doc, write.existing, lookup.all('label'))
      : null,
  // Any label written, not only a rename: which names the rule compares is its own to say (as
  // parsed), and label writes are rare.
  reads: (doc) => (doc.type === 'label' && doc._deleted !== true ? { lists: ['label'] } : {}),
};
