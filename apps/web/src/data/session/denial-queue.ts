import type { Denial } from '../replica-types.ts';
import { inHandlingOrder } from '../rejected/denial-order.ts';
import type { DenialOutcome } from '../rejected/handle-denial.ts';

/**
 * The server's refusals of pushed changes, handled one at a time (rejected/handle-denial.ts).
 * A refused issue change and its activity record arrive in one batch: records are handled after
 * the rest of their batch, so each follows what became of its change (sent again, or undone).
 */
export class DenialQueue {
  private waiting: Denial[] = [];
  private handling: Promise<void> = Promise.resolve();

  constructor(
    private readonly handle: (denial: Denial) => Promise<DenialOutcome>,
    private readonly toast: (message: string) => void,
  ) {}

  push(denial: Denial): void {
    this.waiting.push(denial);
    if (this.waiting.length > 1) return;
    // A batch's refusals are reported in one synchronous loop (PouchDB's replicator, the push
    // while filling): by the time this runs, at least a microtask later, the batch is all in.
    this.handling = this.handling.then(async () => {
      for (const next of inHandlingOrder(this.waiting.splice(0))) {
        const outcome = await this.handle(next).catch(() => null);
        if (outcome?.kind === 'undone' && outcome.message) this.toast(outcome.message);
      }
    });
  }

  /** Resolves once every refusal reported so far is handled. */
  idle(): Promise<void> {
    return this.handling;
  }
}
