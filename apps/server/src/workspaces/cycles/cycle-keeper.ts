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
    const moment = new Date(this.now());
    const today = dayOfMoment(moment);
    const cycles = parsed<CycleDoc>(cycleDocSchema, await this.couch.docsWithPrefix(db, 'cycle:'));
    let issues: IssueDoc[] | null = null;
    for (const project of projects) {
      const added = cyclesToSchedule(project, cycles, today, moment.toISOString());
      if (added.length) {
        // Another instance may have scheduled them first: the same ids, so a conflict is theirs.
        const results = await this.couch.bulkDocs(db, added);
        work.scheduled += results.filter((r) => r.ok).length;
        cycles.push(...added);
      }
      const own = cyclesOf(project._id, cycles);
      for (const due of dueRollovers(own, today)) {
        issues ??= parsed<IssueDoc>(issueDocSchema, await this.couch.docsWithPrefix(db, 'issue:'));
        const next = own.find((c) => c.number === due.number + 1);
        work.moved += await this.rollOver(db, project, due, next, issues);
        work.rolledOver++;
      }
    }
    return work;
  }

  /**
   * One cycle's rollover: the activities first, then the issues, then the cycle's completion,
   * so that a pass stopped part-way leaves the cycle due and the next pass finishes it without
   * a second activity (their ids are fixed). An issue someone changed meanwhile is read again.
   */
  private async rollOver(
    db: string,
    project: ProjectDoc,
    cycle: CycleDoc,
    next: CycleDoc | undefined,
    issues: IssueDoc[],
  ): Promise<number> {
    let moved = 0;
    let pending = issues.filter((i) => i.cycleId === cycle._id);
    for (let attempt = 0; attempt < 3 && pending.length; attempt++) {
      const rollover = cycleRollover(cycle, next, pending, project);
      if (rollover.issues.length === 0) break;
      await this.couch.bulkDocs(db, rollover.activities);
      const results = await this.couch.bulkDocs(db, rollover.issues);
      moved += results.filter((r) => r.ok).length;
      const clashed = results.filter((r) => r.error === 'conflict').map((r) => r.id);
      pending = clashed.length
        ? parsed<IssueDoc>(issueDocSchema, await this.couch.docsById(db, clashed))
        : [];
    }
    const { cycle: completed } = cycleRollover(cycle, next, [], project);
    const [result] = await this.couch.bulkDocs(db, [completed]);
    if (result?.error && result.error !== 'conflict')
      throw new Error(`completing ${cycle._id}: ${result.error}`);
    return moved;
  }
}
