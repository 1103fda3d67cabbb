import { typeOfId } from '@keel/domain';
import type { PushedAhead, Written } from './replica-push-ahead.ts';
import type { Denial } from './replica-types.ts';

export interface PushWhileFillingEvents {
  /** The server refused one of the page's revisions (handled as replication's denials are). */
  onDenied(denial: Denial): void;
  /** `waiting` changed. */
  onCount(): void;
}

/**
 * The page's writes during a first fill, sent up as they are made (replica-push-ahead.ts), one
 * request at a time. What could not be sent (offline, a server error) goes with the next one,
 * and in any case with the push after the fill, which takes over once `stop` is called.
 */
export class PushWhileFilling {
  /** Latest revision of each document written here that the server does not hold yet. */
  private readonly unsent = new Map<string, string>();
  private sending: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly push: (written: readonly Written[]) => Promise<PushedAhead>,
    private readonly events: PushWhileFillingEvents,
  ) {}

  /** How many of the person's changes wait to go up (activity records travel with them). */
  get waiting(): number {
    let count = 0;
    for (const id of this.unsent.keys()) if (typeOfId(id) !== 'activity') count++;
    return count;
  }

  /** Revisions just saved on the device. */
  wrote(written: readonly Written[]): void {
    if (this.stopped || written.length === 0) return;
    for (const { id, rev } of written) this.unsent.set(id, rev);
    this.events.onCount();
    this.retry();
  }

  /** Send what is waiting again (the server answers again after an outage). */
  retry(): void {
    this.sending = this.sending.then(() => this.send());
  }

  /** Once the fill has ended: its push sends whatever is left. */
  stop(): void {
    this.stopped = true;
  }

  private async send(): Promise<void> {
    if (this.stopped || this.unsent.size === 0) return;
    const batch = [...this.unsent].map(([id, rev]) => ({ id, rev }));
    const outcome = await this.push(batch).catch(() => null);
    if (!outcome || this.stopped) return;
    const sent = new Map(batch.map((w) => [w.id, w.rev]));
    // A later revision saved while this request ran still waits for the next one.
    const done = (id: string) => {
      if (this.unsent.get(id) === sent.get(id)) this.unsent.delete(id);
    };
    for (const id of outcome.pushed) done(id);
    for (const denial of outcome.denied) {
      done(denial.id);
      this.events.onDenied(denial);
    }
    this.events.onCount();
  }
}
