import { loadCatalogue } from '../../bench/relevance/sample.js';
import { SHIPPED_CATALOGUE } from '../../src/server/catalogue/catalogue-location.js';
import { buildSearchIndex } from '../../src/server/catalogue/search-index-builder.js';
const all = loadCatalogue(SHIPPED_CATALOGUE);
const OTHER = /[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u10a0-\u10ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f]/;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cases: { q: string; id: string; script: string }[] = [];
const entries = all.map((e) => {
  const syn = (e as any).synonyms as string[] | undefined;
  if (!syn) return e;
  const i = syn.findIndex((s) => OTHER.test(s) && !CJK.test(s) && s.length >= 2 && s.length <= 120);
  if (i < 0) return e;
  const q = syn[i]!;
  const script = /[\u0400-\u04ff]/.test(q) ? 'cyr' : /[\u0600-\u06ff]/.test(q) ? 'arab' : /[\u0900-\u097f]/.test(q) ? 'deva' : /[\u0370-\u03ff]/.test(q) ? 'greek' : /[\u0590-\u05ff]/.test(q) ? 'hebrew' : 'other';
  cases.push({ q, id: e.id, script });
  return { ...e, synonyms: syn.filter((_, j) => j !== i) } as typeof e;
});
const index = buildSearchIndex(entries);
const by: Record<string, number[]> = {};
for (const c of cases) {
  const hits = index.search(c.q).hits.map((h) => h.id);
  const r = hits.indexOf(c.id);
  (by[c.script] ??= [0, 0, 0]);
  by[c.script]![0]++;
  if (r === 0) by[c.script]![1]++;
  if (r >= 0) by[c.script]![2]++;
}
if (process.env.SHOW) for (const c of cases) { if (c.script !== process.env.SHOW) continue; const hits = index.search(c.q).hits; const r = hits.findIndex((h) => h.id === c.id); if (r !== 0) console.log(r, c.q, '=>', all.find((e) => e.id === c.id)!.label, '| 1st:', hits[0]?.entry.label); }
let t = [0, 0, 0];
for (const [k, v] of Object.entries(by)) { console.log(k, v[0], 'R@1', (100 * v[1]! / v[0]!).toFixed(1), 'R@20', (100 * v[2]! / v[0]!).toFixed(1)); t = t.map((x, i) => x + v[i]!); }
console.log('all', t[0], 'R@1', (100 * t[1]! / t[0]!).toFixed(1), 'R@20', (100 * t[2]! / t[0]!).toFixed(1));
