/**
 * A simulated person editing issues on a syncing device of their own: each edit is saved on
 * the device and goes out with its push (see device.ts), edits made while a push is on its way
 * going in the next one. Each edit stamps the issue's title with a marker (write-ledger.ts) so
 * other devices can tell when they hold it.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_STATES, newDocId, newIssueDocument, type IssueDoc } from '@keel/domain';
import type { Device, ReplicatedDoc } from './device.ts';
import { markedTitle, type WriteLedger } from './write-ledger.ts';

interface LocalIssue {
  doc: IssueDoc & ReplicatedDoc;
  /** Revision hashes, newest first. */
  revs: string[];
  /** The edit the document is at (0: created, not an edit). */
  seq: number;
  baseTitle: string;
}

const newRevHash = () => randomBytes(16).toString('hex');

export class Writer {
  readonly #issues: LocalIssue[] = [];
  #next = 0;

  constructor(
    readonly device: Device,
    readonly ws: { slug: string; projectId: string },
    readonly userId: string,
    readonly ledger: WriteLedger,
  ) {}

  /** Ids of the issues this writer edits. */
  get issueIds(): string[] {
    return this.#issues.map((i) => i.doc._id);
  }

  /**
   * Create `count` (at most 10) issues with numbers reserved for this writer; resolves once the
   * server has them (the device must be running).
   */
  async createIssues(numbers: { start: number; end: number }, count: number) {
    const now = new Date().toISOString();
    const saved: Promise<void>[] = [];
    for (let i = 0; i < Math.min(count, 10) && numbers.start + i <= numbers.end; i++) {
      const baseTitle = `Load issue ${this.device.index}.${i + 1}`;
      const hash = newRevHash();
      const issue: LocalIssue = {
        doc: {
          ...newIssueDocument({
            id: newDocId('issue'),
            projectId: this.ws.projectId,
            states: DEFAULT_STATES,
            number: numbers.start + i,
            title: baseTitle,
            sortOrder: `a${i}`,
            createdBy: this.userId,
            now,
          }),
          _rev: `1-${hash}`,
          _revisions: { start: 1, ids: [hash] },
        },
        revs: [hash],
        seq: 0,
        baseTitle,
      };
      this.#issues.push(issue);
      saved.push(
        new Promise((resolve, reject) =>
          this.device.save(
            issue.doc,
            () => resolve(),
            (code) => reject(new Error(`creating ${issue.doc._id} was refused: ${code}`)),
          ),
        ),
      );
    }
    await Promise.all(saved);
  }

  /** One edit of the next issue in turn, made at `at` (performance.now()). */
  edit(at: number) {
    const issue = this.#issues[this.#next++ % this.#issues.length]!;
    const seq = ++issue.seq;
    const hash = newRevHash();
    issue.revs.unshift(hash);
    issue.doc = {
      ...issue.doc,
      _rev: `${issue.revs.length}-${hash}`,
      _revisions: { start: issue.revs.length, ids: [...issue.revs] },
      title: markedTitle(issue.baseTitle, seq),
      updatedAt: new Date().toISOString(),
    };
    const id = issue.doc._id;
    this.ledger.wrote(id, this.ws.slug, seq, at);
    this.device.save(issue.doc, (ackedAt) => this.ledger.ack(id, seq, ackedAt));
  }
}

/**
 * Edits at a steady `perSecond`, writer after writer in turn, until `stop` aborts; resolves with
 * the number made. A late timer catches up rather than losing edits.
 */
export function paceEdits(writers: readonly Writer[], perSecond: number, stop: AbortSignal) {
  const t0 = performance.now();
  let made = 0;
  return new Promise<number>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - t0) / 1000) * perSecond);
      for (; made < due; made++) writers[made % writers.length]!.edit(performance.now());
    }, 10);
    const done = () => {
      clearInterval(tick);
      resolve(made);
    };
    if (stop.aborted) done();
    else stop.addEventListener('abort', done, { once: true });
  });
}
