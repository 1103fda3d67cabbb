import {
  can,
  favoritePrefix,
  mayEditView,
  readMarkerId,
  typeOfId,
  type Role,
  type WorkspaceDoc,
} from '@keel/domain';
import { resolveConflict } from '../conflicts.ts';
import type { Replica } from '../replica-types.ts';
import type { WriteQueue } from '../write-queue.ts';
import { BaseVersions } from './base-versions.ts';

/**
 * How long a device that lacks two versions' common version leaves their merge to the devices
 * that made the edits (they keep it): long enough for an online one to pull and merge.
 */
export const WAIT_FOR_BASE_MS = 20_000;

export interface MergerContext {
  replica: Promise<Replica>;
  /** The person's own writes: a merge never races an edit of the same document. */
  queue: WriteQueue;
  userId: string;
  role: () => Role;
  lookup: (id: string) => WorkspaceDoc | undefined;
}

/**
 * Concurrent edits on this device: keeps the version each edit starts from (the base a later
 * merge needs), and settles each conflicted issue, comment, relation or own read marker as it
 * arrives on the replica's change feed (conflicts.ts), queued with the person's own writes.
 */
export class ConflictMerger {
  readonly bases: BaseVersions;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    basesName: string,
    private readonly ctx: MergerContext,
  ) {
    this.bases = new BaseVersions(basesName);
  }

  /**
   * An edit is about to replace `previous` (the version on the device): keep it. Not awaited by
   * the edit; it is written long before another device's version can arrive.
   */
  editing(previous: WorkspaceDoc | undefined): void {
    if (!previous?._rev || (previous.type !== 'issue' && previous.type !== 'comment')) return;
    void this.bases.keep(previous).catch(() => undefined);
  }

  /** A document arrived with other live versions. */
  noticed(id: string): void {
    if (this.mayWrite(id)) this.merge(id, false);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.bases.close();
  }

  /** Only what the person may edit: a refused merge would only be undone again. */
  private mayWrite(id: string): boolean {
    const role = this.ctx.role();
    if (typeOfId(id) === 'issue' || typeOfId(id) === 'relation') return can(role, 'issue:edit');
    if (typeOfId(id) === 'cycle') return can(role, 'cycle:manage');
    if (typeOfId(id) === 'milestone') return can(role, 'milestone:manage');
    if (typeOfId(id) === 'readMarker') return id === readMarkerId(this.ctx.userId);
    if (typeOfId(id) === 'favorite') return id.startsWith(favoritePrefix(this.ctx.userId));
    const held = this.ctx.lookup(id);
    if (typeOfId(id) === 'view')
      return held?.type === 'view' && mayEditView(held, role, this.ctx.userId);
    const comment = held;
    return (
      typeOfId(id) === 'comment' &&
      comment?.type === 'comment' &&
      comment.authorId === this.ctx.userId &&
      can(role, 'comment:edit:own')
    );
  }

  private merge(id: string, withoutBase: boolean): void {
    void this.ctx.queue.run(async () => {
      if (this.closed) return;
      const outcome = await resolveConflict(await this.ctx.replica, id, {
        bases: this.bases,
        withoutBase,
        held: (entryId) => this.ctx.lookup(entryId) !== undefined,
      }).catch(() => 'none' as const);
      if (outcome !== 'needs-base' || this.closed) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.merge(id, true);
      }, WAIT_FOR_BASE_MS);
      this.timers.add(timer);
    });
  }
}
