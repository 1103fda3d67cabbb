import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { WorkspaceStore } from '../../data/workspace-store.ts';
import { IssueSearchIndex, type IssueHit } from './issue-search-index.ts';

/** How long one slice of indexing may hold the main thread: under a frame. */
const SLICE_MS = 8;
/** While indexing, results refresh at most this often. */
const PROGRESS_MS = 150;

/**
 * A workspace's search index, kept up to date with its store. Nothing is indexed until the first
 * search (opening the app stays fast); from then on, every store change queues the changed
 * documents and indexing runs in slices between frames.
 */
class SearchRunner {
  readonly index = new IssueSearchIndex();
  private version = 0;
  private started = false;
  private scheduled = false;
  private lastProgress = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: WorkspaceStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  get indexing(): boolean {
    return this.index.pending > 0;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.store.subscribe(() => this.refresh());
    this.refresh();
  }

  private refresh(): void {
    const { store } = this;
    this.index.update(store.list('issue'), store.list('comment'), store.list('project'));
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.index.pending === 0) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      const done = this.index.work(SLICE_MS);
      const now = Date.now();
      if (done || now - this.lastProgress >= PROGRESS_MS) {
        this.lastProgress = now;
        this.bump();
      }
      this.schedule();
    }, 0);
  }

  private bump(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const runners = new WeakMap<WorkspaceStore, SearchRunner>();

function runnerFor(store: WorkspaceStore): SearchRunner {
  let runner = runners.get(store);
  if (!runner) {
    runner = new SearchRunner(store);
    runners.set(store, runner);
  }
  return runner;
}

export interface IssueSearch {
  hits: readonly IssueHit[];
  /** True while documents are still being indexed: results may be incomplete. */
  indexing: boolean;
}

/** Ranked issues for `query`, from this device's replica. `active` starts the index. */
export function useIssueSearch(query: string, active: boolean): IssueSearch {
  const { store } = useWorkspace();
  const runner = runnerFor(store);
  useEffect(() => {
    if (active) runner.start();
  }, [active, runner]);
  const version = useSyncExternalStore(runner.subscribe, runner.getVersion);
  return useMemo(() => {
    void version; // results change when the index does
    return { hits: runner.index.search(query, 30), indexing: runner.indexing };
  }, [runner, query, version]);
}
