import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from './document-rules.ts';
import type { DocType } from './ids.ts';
import { DEFAULT_STATES } from './workflow.ts';

/**
 * Every document id has its type's format (`<type>:<tail>`, the tail 1–64 of `A-Z a-z 0-9 _ -`),
 * and so does every id a document points at: an issue's project, parent and labels, the issue
 * of a comment or an activity. Checked on every write, in the browser and on the server.
 */
const T = '2024-01-01T00:00:00.000Z';
const ME = 'me1';

// Members, notices, links and attachments are the server's: no role writes them
// (document-rules.test.ts).
const VALID: Record<
  Exclude<DocType, 'member' | 'notice' | 'link' | 'attachment'>,
  Record<string, unknown>
> = {
  project: {
    _id: 'project:p1',
    type: 'project',
    key: 'ENG',
    name: 'Engineering',
    description: '',
    leadId: null,
    color: '#4EA7FC',
    archivedAt: null,
    states: DEFAULT_STATES,
    createdBy: ME,
    createdAt: T,
    updatedAt: T,
  },
  issue: {
    _id: 'issue:i1',
    type: 'issue',
    projectId: 'project:p1',
    number: 1,
    title: 'Fix it',
    description: '',
    stateId: DEFAULT_STATES[0]!.id,
    priority: 0,
    assigneeId: null,
    labelIds: ['label:l1'],
    estimate: null,
    dueDate: null,
    parentId: 'issue:i0',
    sortOrder: 'a0',
    createdBy: ME,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    subscriberIds: [ME],
    createdAt: T,
    updatedAt: T,
  },
  comment: {
    _id: 'comment:c1',
    type: 'comment',
    issueId: 'issue:i1',
    body: 'Hello',
    authorId: ME,
    editedAt: null,
    createdAt: T,
    updatedAt: T,
  },
  label: {
    _id: 'label:l1',
    type: 'label',
    name: 'Bug',
    color: '#EB5757',
    createdBy: ME,
    createdAt: T,
    updatedAt: T,
  },
  activity: {
    _id: 'activity:a1',
    type: 'activity',
    issueId: 'issue:i1',
    actorId: ME,
    kind: 'created',
    from: null,
    to: null,
    createdAt: T,
    updatedAt: T,
  },
  conflict: {
    _id: 'conflict:c1',
    type: 'conflict',
    issueId: 'issue:i1',
    commentId: null,
    field: 'description',
    lost: { value: 'Mine', by: ME, at: T },
    kept: { value: 'Theirs', by: 'them1', at: T },
    createdAt: T,
    updatedAt: T,
  },
  readMarker: {
    _id: `readMarker:${ME}`,
    type: 'readMarker',
    userId: ME,
    lastReadAt: T,
    createdAt: T,
    updatedAt: T,
  },
  relation: {
    _id: 'relation:blocks.i1.i2',
    type: 'relation',
    fromIssueId: 'issue:i2',
    toIssueId: 'issue:i1',
    kind: 'blocks',
    createdBy: ME,
    createdAt: T,
    updatedAt: T,
  },
  cycle: {
    _id: 'cycle:p1.1',
    type: 'cycle',
    projectId: 'project:p1',
    number: 1,
    name: '',
    startsOn: '2024-01-01',
    endsOn: '2024-01-14',
    completedAt: null,
    createdAt: T,
    updatedAt: T,
  },
  milestone: {
    _id: 'milestone:m1',
    type: 'milestone',
    projectId: 'project:p1',
    name: 'Beta',
    targetOn: '2024-03-01',
    sortOrder: 'a0',
    createdAt: T,
    updatedAt: T,
  },
  view: {
    _id: 'view:v1',
    type: 'view',
    name: 'Open bugs',
    query: 'priority=1',
    projectId: 'project:p1',
    ownerId: ME,
    shared: false,
    createdAt: T,
    updatedAt: T,
  },
  favorite: {
    _id: `favorite:${ME}.issue.i1`,
    type: 'favorite',
    userId: ME,
    target: 'issue:i1',
    sortOrder: 'a0',
    createdAt: T,
    updatedAt: T,
  },
};

const write = (doc: Record<string, unknown>) =>
  checkDocumentWrite(doc, { role: 'owner', userId: ME, existing: null });

/** Ids no document may carry, whatever its type. */
const BAD_TAILS = ['', 'a'.repeat(65), 'has space', 'slash/x', 'dot.x', '..', 'nul\u0000', 'é'];

describe('document ids have their type’s format', () => {
  for (const [type, doc] of Object.entries(VALID)) {
    it(`${type}: a well-formed id is accepted`, () => {
      expect(write(doc)).toMatchObject({ ok: true });
    });

    it(`${type}: a malformed or foreign id is refused with VALIDATION_FAILED`, () => {
      const tail = String(doc._id).split(':')[1];
      const ids = [
        ...BAD_TAILS.map((t) => `${type}:${t}`),
        `${type.toUpperCase()}:${tail}`,
        tail,
        `:${tail}`,
        `${type}:${tail}:extra`,
        `_design/${type}`,
        `_local/${tail}`,
        type === 'issue' ? `comment:${tail}` : `issue:${tail}`,
      ];
      for (const _id of ids)
        expect({ _id, verdict: write({ ...doc, _id }) }).toMatchObject({
          _id,
          verdict: { ok: false, code: 'VALIDATION_FAILED' },
        });
    });
  }
});

describe('ids a document points at have the format of what they point at', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['issue.projectId', { ...VALID.issue, projectId: 'label:p1' }, 'projectId'],
    ['issue.projectId', { ...VALID.issue, projectId: 'p1' }, 'projectId'],
    ['issue.parentId', { ...VALID.issue, parentId: 'project:p1' }, 'parentId'],
    ['issue.parentId', { ...VALID.issue, parentId: 'issue:../i0' }, 'parentId'],
    ['issue.labelIds', { ...VALID.issue, labelIds: ['label:l1', 'issue:i1'] }, 'labelIds.1'],
    ['comment.issueId', { ...VALID.comment, issueId: 'comment:c0' }, 'issueId'],
    ['activity.issueId', { ...VALID.activity, issueId: '_design/x' }, 'issueId'],
    ['conflict.issueId', { ...VALID.conflict, issueId: 'label:l1' }, 'issueId'],
    ['conflict.commentId', { ...VALID.conflict, commentId: 'issue:i1' }, 'commentId'],
    ['relation.toIssueId', { ...VALID.relation, toIssueId: 'label:i1' }, 'toIssueId'],
    // Its id names its kind and its two issues, the lesser first.
    ['relation._id', { ...VALID.relation, _id: 'relation:blocks.i2.i1' }, '_id'],
    ['relation._id', { ...VALID.relation, _id: 'relation:relates.i1.i2' }, '_id'],
    ['relation.kind', { ...VALID.relation, kind: 'blocked-by' }, 'kind'],
    [
      'relation.toIssueId',
      { ...VALID.relation, _id: 'relation:blocks.i2.i2', toIssueId: 'issue:i2' },
      'toIssueId',
    ],
    // Its id names its project and its number.
    ['cycle._id', { ...VALID.cycle, _id: 'cycle:p1.2' }, '_id'],
    ['cycle._id', { ...VALID.cycle, _id: 'cycle:p2.1' }, '_id'],
    ['cycle.projectId', { ...VALID.cycle, projectId: 'issue:p1' }, 'projectId'],
    ['issue.cycleId', { ...VALID.issue, cycleId: 'project:p1' }, 'cycleId'],
    ['milestone.projectId', { ...VALID.milestone, projectId: 'cycle:p1.1' }, 'projectId'],
    ['issue.milestoneId', { ...VALID.issue, milestoneId: 'cycle:p1.1' }, 'milestoneId'],
    ['view.projectId', { ...VALID.view, projectId: 'issue:p1' }, 'projectId'],
    // Its id names its person and its target.
    ['favorite._id', { ...VALID.favorite, _id: `favorite:${ME}.issue.i2` }, '_id'],
    ['favorite._id', { ...VALID.favorite, _id: 'favorite:them1.issue.i1' }, '_id'],
    ['favorite.target', { ...VALID.favorite, target: 'label:l1' }, 'target'],
  ];
  it.each(cases)('%s refuses %#', (_name, doc, path) => {
    const verdict = write(doc);
    expect(verdict).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    if (!verdict.ok) expect(verdict.errors.map((e) => e.path)).toContain(path);
  });
});
