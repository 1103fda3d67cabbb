import { diff3Merge } from 'node-diff3';
const tok = (t: string) => t.match(/\s+|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu) ?? [];
for (const n of [1000, 3000, 8000]) {
  const big = Array.from({ length: n }, (_, i) => `word${i % 50} `).join('');
  const a = tok(big + 'A'),
    o = tok(big),
    b = tok('B' + big.replace('word7 ', 'changed '));
  console.time('n' + n);
  const r = diff3Merge(a, o, b);
  console.timeEnd('n' + n);
  console.log(r.length);
}
