import { can, type ProjectDoc, type Role } from '@keel/domain';
import type { OnlineStatus } from '../../shared/lib/online-status.ts';
import type { NumberScope } from '../number-reserve.ts';

export interface NumberKeeperDeps {
  store: {
    list(type: 'project'): readonly ProjectDoc[];
    subscribe(listener: () => void): () => void;
  };
  userId: string;
  slug: string;
  role: () => Role;
  online: OnlineStatus;
  /** The device's reserve of numbers per project (number-reserve.ts). */
  numbers: {
    needed(scope: NumberScope): boolean;
    topUp(scope: NumberScope): Promise<unknown>;
  };
  /** Told while some project's numbers are on their way: the indicator says Syncing… then. */
  setReserving(reserving: boolean): void;
}

/**
 * Keeps issue numbers reserved on the device for every project while online, so creating an
 * issue offline works later: whenever the projects change, on coming back online, and right
 * before the indicator may say Synced (`topUp`), as Synced must mean issues can be created
 * offline.
 */
export class NumberKeeper {
  /** Projects whose numbers are being reserved. */
  private reserving = 0;

  constructor(private readonly deps: NumberKeeperDeps) {}

  /** Check now and whenever the projects change or the network comes back; returns the stop. */
  start(): () => void {
    const { store, online } = this.deps;
    let projects = store.list('project');
    this.topUp();
    const unsubscribe = store.subscribe(() => {
      const next = store.list('project');
      if (next === projects) return;
      projects = next;
      this.topUp();
    });
    const unwatch = online.subscribe((isOnline) => {
      if (isOnline) this.topUp();
    });
    return () => {
      unsubscribe();
      unwatch();
    };
  }

  /** Ask for more numbers for every project that is short of them. */
  topUp(): void {
    const { store, numbers, userId, slug } = this.deps;
    if (!can(this.deps.role(), 'issue:create') || !this.deps.online.isOnline()) return;
    for (const project of store.list('project')) {
      const scope = { userId, slug, projectId: project._id };
      if (!numbers.needed(scope)) continue;
      if (this.reserving++ === 0) this.deps.setReserving(true);
      void numbers.topUp(scope).finally(() => {
        if (--this.reserving === 0) this.deps.setReserving(false);
      });
    }
  }
}
