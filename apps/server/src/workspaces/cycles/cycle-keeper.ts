import {
  cycleDocSchema,
  cycleRollover,
  cyclesOf,
  cyclesToSchedule,
  dayOfMoment,
  dueRollovers,
  issueDocSchema,
  projectDocSchema,
  type CycleDoc,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';

/** How often each instance looks for cycles to schedule and to roll over. */
export const CYCLE_KEEPER_MS = 60_000;

export interface CycleWork {
  scheduled: number;
  rolledOver: number;
  moved: number;
}

const parsed = <T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  docs: unknown[],
) =>
  docs.flatMap((doc) => {
    const result = schema.safeParse(doc);
    return result.success ? [result.data as T] : [];
  });

/**
 * Keeps every project with cycles on scheduled (the current cycle and the planned ones) and
 * rolls each ended cycle over once (SPEC §10), on whichever instance gets there first. Holds no
 * state: each pass reads the workspace, and every document it writes has an id and a content
 * that follow from what it read (cycles.ts), so two instances writing at once write the same
 * revisions or see each other's, and a pass interrupted part-way is finished by the next.
 */
export class CycleKeeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<CycleWork> | null = null;

  constructor(
    private readonly couch: CouchClient,
    private readonly store: AppStore,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Pass now, then every `intervalMs`; a failed pass is logged and tried again next time. */
  start(intervalMs = CYCLE_KEEPER_MS): void {
    const tick = () =>
      void this.pass().catch((err: unknown) => this.log.warn({ err }, 'keeping cycles failed'));
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass over every workspace; a pass already running is waited for, not doubled. */
  pass(): Promise<CycleWork> {
    this.running ??= this.passAll().finally(() => (this.running = null));
    return this.running;
  }

  private async passAll(): Promise<CycleWork> {
    const total: CycleWork = { scheduled: 0, rolledOver: 0, moved: 0 };
    for (const workspace of await this.store.workspaces()) {
      try {
        const work = await this.keepWorkspace(workspace.dbName);
        total.scheduled += work.scheduled;
        total.rolledOver += work.rolledOver;
        total.moved += work.moved;
      } catch (err) {
        this.log.warn({ err, workspace: workspace.slug }, 'keeping cycles failed; will retry');
      }
    }
    return total;
  }

  /** Schedule and roll over the cycles of one workspace's projects. */
  async keepWorkspace(db: string): Promise<CycleWork> {
    const work: CycleWork = { scheduled: 0, rolledOver: 0, moved: 0 };
    const projects = parsed<ProjectDoc>(
      projectDocSchema,
      await this.couch.docsWithPrefix(db, 'project:'),
    ).filter((p) => p.cycles?.enabled && !p.archivedAt);
    if (projects.length === 0) return work;
    const today = dayOfMoment(new Date(this.now()));
    // The same day's pass writes the same cycles on any instance: the same body, one revision.
    const dayStart = `${today}T00:00:00.000Z`;
    const cycles = parsed<CycleDoc>(cycleDocSchema, await this.couch.docsWithPrefix(db, 'cycle:'));
    let issues: IssueDoc[] | null = null;
    for (const project of projects) {
      const added = cyclesToSchedule(project, cycles, today, dayStart);
      if (added.length) {
        // Another instance may have scheduled them first: the same ids, so a conflict is theirs.
        const results = await this.couch.bulkDocs(db, added);
        work.scheduled += results.filter((r) => r.ok).length;
        cycles.push(...added);
      }
      const own = cyclesOf(project._id, cycles);
      for (const due of dueRollovers(own, today)) {
        issues ??= await this.issuesInCycles(db);
        // The first later cycle that is not over: after a pause, issues skip the cycles that
        // ended meanwhile rather than landing in one that is done.
        const next = own.find((c) => c.number > due.number && c.endsOn >= today);
        const outcome = await this.rollOver(db, project, due, next, issues);
        work.moved += outcome.moved;
        if (outcome.completed) work.rolledOver++;
      }
    }
    return work;
  }

  /**
   * The workspace's issues that are in a cycle, read a page at a time: a rollover needs only
   * those, and a workspace of 100,000 issues is not held in memory whole.
   */
  private async issuesInCycles(db: string): Promise<IssueDoc[]> {
    const held: IssueDoc[] = [];
    for await (const page of this.couch.pagesWithPrefix<unknown>(db, 'issue:'))
      held.push(...parsed<IssueDoc>(issueDocSchema, page).filter((i) => i.cycleId));
    return held;
  }

  /**
   * One cycle's rollover: its issues first, each move's activity once the issue is written, and
   * the cycle's completion only when none is left to move. A pass stopped part-way leaves the
   * cycle due and the next one finishes it; an activity is never written twice (its id is fixed)
   * nor for a move that did not happen. An issue someone changed meanwhile is read again.
   * `issues` is kept up to date for the cycles rolled over after this one in the same pass.
   */
  private async rollOver(
    db: string,
    project: ProjectDoc,
    cycle: CycleDoc,
    next: CycleDoc | undefined,
    issues: IssueDoc[],
  ): Promise<{ moved: number; completed: boolean }> {
    let moved = 0;
    let pending = issues.filter((i) => i.cycleId === cycle._id);
    for (let attempt = 0; attempt < 3; attempt++) {
      const rollover = cycleRollover(cycle, next, pending, project);
      if (rollover.issues.length === 0) {
        pending = [];
        break;
      }
      const results = await this.couch.bulkDocs(db, rollover.issues);
      const written = new Map(results.flatMap((r) => (r.ok && r.rev ? [[r.id, r.rev]] : [])));
      moved += written.size;
      const activities = rollover.activities.filter((a) => written.has(a.issueId));
      if (activities.length) await this.couch.bulkDocs(db, activities);
      for (const issue of rollover.issues) {
        const rev = written.get(issue._id);
        if (rev) replace(issues, { ...issue, _rev: rev });
      }
      const failed = rollover.issues.filter((i) => !written.has(i._id)).map((i) => i._id);
      pending = failed.length
        ? parsed<IssueDoc>(issueDocSchema, await this.couch.docsById(db, failed))
        : [];
      for (const issue of pending) replace(issues, issue);
    }
    if (cycleRollover(cycle, next, pending, project).issues.length > 0) {
      this.log.warn({ cycle: cycle._id, left: pending.length }, 'rollover unfinished; will retry');
      return { moved, completed: false };
    }
    const { cycle: completed } = cycleRollover(cycle, next, [], project);
    const [result] = await this.couch.bulkDocs(db, [completed]);
    if (result?.error && result.error !== 'conflict')
      throw new Error(`completing ${cycle._id}: ${result.error}`);
    return { moved, completed: true };
  }
}

function replace(issues: IssueDoc[], issue: IssueDoc): void {
  const at = issues.findIndex((i) => i._id === issue._id);
  if (at >= 0) issues[at] = issue;
}
