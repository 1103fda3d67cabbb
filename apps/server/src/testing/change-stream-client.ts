import type { BrowserSession } from './browser-session.ts';

/**
 * A device following `GET /api/workspaces/:ws/changes` (routes/db/change-stream.ts) as the web
 * app and the load test do: one long answer, a JSON batch per line, an empty line a heartbeat.
 */
export interface Batch {
  results: {
    seq: string | number;
    id: string;
    changes: { rev: string }[];
    docs: ({ ok: Record<string, unknown> } | { error: unknown })[];
  }[];
  last_seq: string | number;
}

/** An open stream, its batches collected as they arrive. */
export async function openStream(browser: BrowserSession, slug: string, since: string) {
  const abort = new AbortController();
  const res = await browser.request(
    `/api/workspaces/${slug}/changes?since=${encodeURIComponent(since)}`,
    { signal: abort.signal },
  );
  const batches: Batch[] = [];
  let heartbeats = 0;
  const ended = (async () => {
    if (!res.ok || !res.body) return 'refused';
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines)
          if (line.trim()) batches.push(JSON.parse(line) as Batch);
          else heartbeats++;
      }
      return 'ended';
    } catch {
      return 'cut';
    }
  })();
  /** Wait until a batch carries revision `rev` of document `id` (any revision when not named). */
  const change = async (id: string, rev?: string, within = 5_000) => {
    const until = Date.now() + within;
    while (Date.now() < until) {
      const found = batches
        .flatMap((b) => b.results)
        .find((r) => r.id === id && (rev === undefined || r.changes.some((c) => c.rev === rev)));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no change of ${id} ${rev ?? ''} within ${within} ms`);
  };
  return { res, batches, change, ended, heartbeats: () => heartbeats, close: () => abort.abort() };
}
