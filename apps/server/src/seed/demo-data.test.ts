import { describe, expect, it } from 'vitest';
import {
  checkDocumentWrite,
  mentionedUserIds,
  milestonesOf,
  workspaceDocSchema,
  type WorkspaceDoc,
} from '@keel/domain';
import { allDocs, buildDemoData } from './demo-data.ts';

const authorOf = (doc: WorkspaceDoc) =>
  'createdBy' in doc
    ? doc.createdBy
    : 'authorId' in doc
      ? doc.authorId
      : 'actorId' in doc
        ? doc.actorId
        : '';

describe('demo data', () => {
  const options = {
    issues: 200,
    commentsPerIssue: 3,
    memberIds: ['owner', 'ada', 'grace', 'vera'],
    ownerId: 'owner',
    viewerIds: ['vera'],
    names: new Map([
      ['owner', 'Olive Owner'],
      ['ada', 'Ada Lovelace'],
      ['grace', 'Grace Hopper'],
      ['vera', 'Vera Viewer'],
    ]),
    now: new Date('2026-11-22T00:00:00Z'),
    cyclesPerProject: 10,
    milestones: 10,
  };
  const data = buildDemoData(options);

  it('is valid under the same rules the server applies to every write', () => {
    for (const doc of allDocs(data)) {
      const parsed = workspaceDocSchema.safeParse(doc);
      expect(parsed.success, `${doc._id}: ${parsed.success ? '' : parsed.error.message}`).toBe(
        true,
      );
      const role =
        doc.type === 'project' ||
        doc.type === 'label' ||
        doc.type === 'cycle' ||
        doc.type === 'milestone'
          ? 'owner'
          : authorOf(doc) === 'vera'
            ? 'viewer'
            : 'member';
      expect(checkDocumentWrite(doc, { role, userId: authorOf(doc), existing: null }).ok).toBe(
        true,
      );
    }
  });

  it('numbers issues 1..n per project without gaps and with unique ids', () => {
    const ids = new Set(allDocs(data).map((d) => d._id));
    expect(ids.size).toBe(allDocs(data).length);
    for (const project of data.projects) {
      const numbers = data.issues.filter((i) => i.projectId === project._id).map((i) => i.number);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(data.lastNumber.get(project._id)).toBe(numbers.length);
    }
  });

  it('has the requested volume and is deterministic', () => {
    expect(data.issues).toHaveLength(200);
    expect(data.comments).toHaveLength(600);
    const again = buildDemoData(options);
    expect(again.issues.map((i) => i.title)).toEqual(data.issues.map((i) => i.title));
  });

  it('keeps completion times consistent with each state (SPEC §4)', () => {
    for (const issue of data.issues) {
      const category = data.projects[0]!.states.find((s) => s.id === issue.stateId)!.category;
      expect(Boolean(issue.completedAt)).toBe(category === 'completed');
      expect(Boolean(issue.canceledAt)).toBe(category === 'canceled');
    }
  });

  it('dates nothing after the seed runs, and the events of an issue after its creation', () => {
    const now = '2026-11-22T00:00:00.000Z';
    const created = new Map(data.issues.map((i) => [i._id, i.createdAt]));
    for (const doc of allDocs(data)) {
      expect(doc.createdAt <= now, `${doc._id} created ${doc.createdAt}`).toBe(true);
      expect(doc.updatedAt <= now, `${doc._id} updated ${doc.updatedAt}`).toBe(true);
      const issueId = 'issueId' in doc ? doc.issueId : null;
      if (issueId) expect(doc.createdAt >= created.get(issueId)!, doc._id).toBe(true);
    }
  });

  it('has the viewer write, assign and receive nothing; every assignment has its activity', () => {
    for (const doc of allDocs(data)) expect(authorOf(doc), doc._id).not.toBe('vera');
    expect(data.issues.filter((i) => i.assigneeId === 'vera')).toEqual([]);
    const assigned = new Map(
      data.activity.filter((a) => a.kind === 'assignee').map((a) => [a.issueId, a.to]),
    );
    for (const issue of data.issues) expect(assigned.get(issue._id) ?? null).toBe(issue.assigneeId);
  });

  it('mentions members by name in some comments, never their own author', () => {
    const mentioning = data.comments.filter((c) => mentionedUserIds(c.body).length > 0);
    expect(mentioning.length).toBeGreaterThan(10);
    for (const comment of mentioning) {
      const [mentioned] = mentionedUserIds(comment.body);
      expect(mentioned).not.toBe(comment.authorId);
      expect(mentioned).not.toBe('vera');
    }
  });

  it('has weekly cycles per project: the past ones rolled over, one current, two planned', () => {
    expect(data.cycles).toHaveLength(40);
    const today = '2026-11-22';
    for (const project of data.projects) {
      expect(project.cycles).toEqual({ enabled: true, weeks: 1, startWeekday: 1, upcoming: 2 });
      const cycles = data.cycles.filter((c) => c.projectId === project._id);
      expect(cycles.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const current = cycles.filter((c) => c.startsOn <= today && today <= c.endsOn);
      expect(current.map((c) => c.number)).toEqual([8]);
      expect(current[0]!.startsOn).toBe('2026-11-16'); // the Monday of that week
      for (const c of cycles) {
        expect(c.completedAt !== null, `cycle ${c.number}`).toBe(c.endsOn < today);
        const next = cycles.find((n) => n.number === c.number + 1);
        if (next) expect(dayAfter(c.endsOn)).toBe(next.startsOn);
      }
    }
  });

  it('puts finished issues in the cycle they finished in, and open ones in the current or next', () => {
    const cycles = new Map(data.cycles.map((c) => [c._id, c]));
    const inCycles = data.issues.filter((i) => i.cycleId);
    expect(inCycles.length).toBeGreaterThan(40);
    for (const issue of inCycles) {
      const cycle = cycles.get(issue.cycleId!)!;
      expect(cycle.projectId).toBe(issue.projectId);
      const finished = issue.completedAt ?? issue.canceledAt;
      if (finished) {
        const day = finished.slice(0, 10);
        expect(cycle.startsOn <= day && day <= cycle.endsOn, issue._id).toBe(true);
      } else expect([8, 9]).toContain(cycle.number);
      const added = data.activity.filter((a) => a.issueId === issue._id && a.kind === 'cycle');
      expect(added.map((a) => a.to)).toEqual([issue.cycleId]);
      expect(added[0]!.createdAt >= cycle.createdAt, issue._id).toBe(true);
    }
  });

  it('shares milestones out over the projects, in order of their targets, with issues in them', () => {
    expect(data.milestones.map((m) => m.projectId.slice(-3))).toEqual(
      // 10 over 4 projects: the first two get the extra one.
      data.projects.flatMap((p, i) => Array(i < 2 ? 3 : 2).fill(p._id.slice(-3))),
    );
    const byId = new Map(data.milestones.map((m) => [m._id, m]));
    for (const project of data.projects) {
      const own = milestonesOf(project._id, data.milestones);
      const targets = own.map((m) => m.targetOn!);
      expect(targets).toEqual([...targets].sort());
      expect(targets.at(-1)! > '2026-11-22').toBe(true);
    }
    const inMilestones = data.issues.filter((i) => i.milestoneId);
    expect(inMilestones.length).toBe(120); // three in five
    for (const issue of inMilestones) {
      expect(byId.get(issue.milestoneId!)!.projectId).toBe(issue.projectId);
      const added = data.activity.filter((a) => a.issueId === issue._id && a.kind === 'milestone');
      expect(added.map((a) => a.to)).toEqual([issue.milestoneId]);
    }
  });

  it('leaves cycles off when asked for none', () => {
    const none = buildDemoData({ ...options, cyclesPerProject: 0 });
    expect(none.cycles).toEqual([]);
    expect(none.projects.every((p) => p.cycles === undefined)).toBe(true);
    expect(none.issues.every((i) => i.cycleId === undefined)).toBe(true);
  });
});

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
