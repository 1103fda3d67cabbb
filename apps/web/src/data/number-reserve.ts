import { errorMessage, numberBlockSchema } from '@keel/domain';
import { postJson } from '../shared/lib/api-client.ts';
import { readJson, writeJson } from '../shared/lib/local-store.ts';
import {
  addRange,
  needsTopUp,
  parseBlocks,
  takeNumber,
  EMPTY_BLOCKS,
  type NumberBlocks,
} from './number-blocks.ts';

/** One device's reserve of issue numbers for one project, in localStorage. */
export interface NumberScope {
  userId: string;
  slug: string;
  projectId: string;
}

export type ReserveResult = { ok: true; number: number } | { ok: false; message: string };

const storageKey = (s: NumberScope) => `keel.numbers.${s.userId}.${s.slug}.${s.projectId}`;

function read(scope: NumberScope): NumberBlocks {
  return readJson(storageKey(scope), parseBlocks) ?? EMPTY_BLOCKS;
}

function write(scope: NumberScope, blocks: NumberBlocks): void {
  writeJson(storageKey(scope), blocks);
}

/** Two tabs share localStorage; take and add under one lock so neither hands out a number twice. */
function withLock<T>(scope: NumberScope, fn: () => T): Promise<T> {
  if (!('locks' in navigator)) return Promise.resolve().then(fn);
  return navigator.locks.request(storageKey(scope), () => fn());
}

const inFlight = new Map<string, Promise<string | null>>();

/** Whether the device is short of numbers for this project: a top-up would ask for more. */
export function numbersNeeded(scope: NumberScope): boolean {
  return needsTopUp(read(scope));
}

/**
 * Ask the server for another block when fewer than ten numbers are left. Resolves to null when
 * the reserve is fine, else to a message saying why it could not be topped up.
 */
export function topUpNumbers(scope: NumberScope): Promise<string | null> {
  const key = storageKey(scope);
  const running = inFlight.get(key);
  // A request sent before the network went may take long to fail; offline, say so now.
  if (running) return navigator.onLine ? running : Promise.resolve(errorMessage('OFFLINE'));
  const task = (async () => {
    if (!needsTopUp(read(scope))) return null;
    if (!navigator.onLine) return errorMessage('OFFLINE');
    const url = `/api/workspaces/${encodeURIComponent(scope.slug)}/projects/${encodeURIComponent(scope.projectId)}/numbers`;
    // Remember the request before sending it: if the answer is lost (the page reloads), the
    // same id is sent again and the server hands back the same block instead of a new one.
    const pendingKey = `${key}.pending`;
    const requestId = localStorage.getItem(pendingKey) ?? crypto.randomUUID();
    localStorage.setItem(pendingKey, requestId);
    const result = await postJson(url, { requestId });
    if (!result.ok)
      return result.kind === 'network' ? errorMessage('OFFLINE') : result.problem.title;
    const block = numberBlockSchema.safeParse(result.body);
    if (!block.success || block.data.projectId !== scope.projectId)
      return errorMessage('INTERNAL', { requestId: 'numbers' });
    const { start, end } = block.data;
    await withLock(scope, () => write(scope, addRange(read(scope), { start, end })));
    localStorage.removeItem(pendingKey);
    return null;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, task);
  return task;
}

/** The next issue number for a new issue: from the device's reserve, topping it up if needed. */
export async function reserveNumber(
  scope: NumberScope,
  projectKey: string,
): Promise<ReserveResult> {
  const take = () =>
    withLock(scope, () => {
      const next = takeNumber(read(scope));
      if (next) write(scope, next.blocks);
      return next?.number ?? null;
    });

  let number = await take();
  let problem: string | null = null;
  if (number === null) {
    problem = await topUpNumbers(scope);
    number = await take();
  }
  if (number === null) {
    return {
      ok: false,
      message: navigator.onLine
        ? `Couldn't reserve a number for a new ${projectKey} issue: ${problem ?? 'try again'}. Your text is kept.`
        : `This device has no ${projectKey} issue numbers left to use offline. Reconnect to create the issue; your text is kept.`,
    };
  }
  void topUpNumbers(scope);
  return { ok: true, number };
}
