import { workspaceDocSchema } from '@keel/domain';
import { allDocs, buildDemoData } from '../../apps/server/src/seed/demo-data.ts';
const data = buildDemoData({ issues: 20000, commentsPerIssue: 3, memberIds: ['u1','u2','u3'], ownerId: 'u1', viewerIds: ['u3'], names: new Map([['u1','A'],['u2','B'],['u3','C']]) });
const docs = allDocs(data).map((d) => ({ ...d, _rev: '1-abc' }));
const byType = new Map<string, number>();
for (const d of docs) byType.set((d as {type: string}).type, (byType.get((d as {type: string}).type) ?? 0) + 1);
console.log(docs.length, Object.fromEntries(byType));
for (let r = 0; r < 3; r++) {
  const t = performance.now();
  for (const d of docs) workspaceDocSchema.safeParse(d);
  console.log('zod per doc µs', ((performance.now() - t) * 1000 / docs.length).toFixed(1));
}
const t = performance.now(); const s = JSON.stringify(docs); const t2 = performance.now(); JSON.parse(s);
console.log('stringify ms', (t2 - t).toFixed(0), 'parse ms', (performance.now() - t2).toFixed(0), 'MB', (s.length / 1e6).toFixed(0));
