// The golden ranking check for the search engine (test/search-ranking-golden.test.ts): a large,
// varied, deterministic query set and a digest of what SearchIndex.search answers for each, so
// an optimisation of the engine can be shown to change no result (same ids, same order, same
// `truncated`) and no score (identical scores mean every unseen query also ranks the same).
// The recorded digests live in test/fixtures/search-golden.json.gz, written by
// `node --import tsx test/support/record-search-golden.ts` from the engine as it was before.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { synthesise } from '../../bench/support/synthetic-catalogue.js';
import { SHIPPED_CATALOGUE } from '../../src/server/catalogue/catalogue-location.js';
import type { SearchIndex } from '../../src/server/catalogue/search-index.js';
import { type CatalogueEntry, parseCatalogueLines } from '../../src/server/catalogue/source-record.js';

export const GOLDEN_FIXTURE = new URL('../fixtures/search-golden.json.gz', import.meta.url);

export interface GoldenCatalogue {
  /** One 16-hex-digit digest of ids, order and `truncated` per query, concatenated. */
  digests: string;
  /** sha256 of every hit's score (12 significant digits) over all queries, in order. */
  scores: string;
}

export interface GoldenFixture {
  queries: string[];
  catalogues: Record<'shipped' | 'tenfold', GoldenCatalogue>;
}

/** The queries of bench/search.bench.ts. */
export const BENCH_QUERIES = [
  'scanning electron microscope', 'SEM', 'NMR', 'mass spec', 'mass spectrometry', 'CERN', 'x-ray diffraction',
  'confocal microscopy', 'flow cytometry', 'cryo-EM', 'PCR', 'chromatography', 'Max Planck Institute', 'spectrometrie',
  'electron micro', 'atomic force microscope', 'Raman spectroscopy', 'liquid chromatography tandem mass spectrometry',
  'synchrotron', 'university of', 'sequencing assay', 'scaning electron microscope', 'microscope', 'institute',
  'nuclear magnetic resonance', 'TEM', 'ICP-MS', 'proteomics facility', 'zurich', 'thermogravimetric analysis',
];

export function shippedEntries(): CatalogueEntry[] {
  return parseCatalogueLines(readFileSync(SHIPPED_CATALOGUE, 'utf8')).entries;
}

/**
 * bench/search.bench.ts's synthesiseTenfold, parsed. Taken from the synthesis itself, not from the
 * bench file, which loads autocannon and the whole server (~0.7 s of CPU) for its HTTP figures.
 */
export function tenfoldEntries(shipped: readonly CatalogueEntry[]): CatalogueEntry[] {
  return parseCatalogueLines(synthesise(shipped, 10)).entries;
}

/**
 * A score as the fixture keeps it: 12 significant digits. Node 24's V8 computes a few scores one
 * unit in the last place away from Node 20's and 22's (10 of the ~207,000 the shipped fixture holds), with the
 * same ranking; 12 digits still tell apart any change to the scoring itself.
 */
const scoreText = (score: number): string => score.toPrecision(12);

/** What the index answers for one query: the digest of its ids, order and `truncated`, and its scores. */
function answer(index: SearchIndex, q: string): { digest: string; scores: string } {
  const { hits, truncated } = index.search(q);
  const ids = hits.map((h) => h.id).join(',');
  return { digest: createHash('sha256').update(`${truncated}|${ids}`).digest('hex').slice(0, 16), scores: `${hits.map((h) => scoreText(h.score)).join(',')};` };
}

/**
 * What the index answers for every query: the concatenated digests and the scores' digest, both
 * in the order of `queries`. `reverse` asks the index the queries last to first (each is then
 * answered after every query that follows it in the list); the result is still in list order.
 */
export function answerDigests(index: SearchIndex, queries: readonly string[], { reverse = false } = {}): GoldenCatalogue {
  const answers = new Array<{ digest: string; scores: string }>(queries.length);
  for (let k = 0; k < queries.length; k++) {
    const i = reverse ? queries.length - 1 - k : k;
    answers[i] = answer(index, queries[i]!);
  }
  const scores = createHash('sha256');
  let digests = '';
  for (const a of answers) {
    digests += a.digest;
    scores.update(a.scores);
  }
  return { digests, scores: scores.digest('hex') };
}

/** mulberry32: a tiny seeded generator, so the query set is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'ï', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'ß' };

function codePoints(s: string, max: number): string {
  return [...s].slice(0, max).join('');
}

/**
 * The query set, drawn from the shipped catalogue: the bench queries; every distinct title word
 * of a sample of records; 2- and 3-word phrases and mixed pairs; prefixes of 2–6 letters; typos
 * (a letter deleted, swapped, replaced or doubled), alone and in phrases; accents, case, NFD and
 * letters Unicode does not decompose; whole titles and alternative names; queries of 2 and 120
 * code points; stop words only; queries matching nothing.
 */
export function goldenQueries(entries: readonly CatalogueEntry[]): string[] {
  const rnd = random(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out = new Set<string>(BENCH_QUERIES);
  const sample = entries.filter((_, i) => i % 4 === 0);
  const titleWords = sample.map((e) => e.label.split(/[\s/,()-]+/).filter((w) => w.length > 0));
  const distinct = [...new Set(titleWords.flat())];
  for (const w of distinct) out.add(w);
  const long = distinct.filter((w) => w.length >= 5);
  const multi = titleWords.filter((ws) => ws.length >= 2);

  for (let i = 0; i < 1500; i++) {
    const ws = pick(multi);
    const at = Math.floor(rnd() * (ws.length - 1));
    out.add(ws.slice(at, at + 2).join(' '));
    if (ws.length >= 3 && i < 1000) out.add(ws.slice(Math.min(at, ws.length - 3), Math.min(at, ws.length - 3) + 3).join(' '));
  }
  for (let i = 0; i < 600; i++) out.add(`${pick(distinct)} ${pick(distinct)}`);
  for (let i = 0; i < 300; i++) out.add(`${pick(distinct)} ${pick(distinct)} ${pick(distinct)}`);
  for (let i = 0; i < 1500; i++) {
    const w = pick(distinct);
    out.add(w.slice(0, 2 + (i % 5)));
    if (i < 500) out.add(`${pick(distinct)} ${w.slice(0, 2 + (i % 5))}`);
  }
  const typo = (w: string): string => {
    const at = 1 + Math.floor(rnd() * (w.length - 2));
    switch (Math.floor(rnd() * 4)) {
      case 0:
        return w.slice(0, at) + w.slice(at + 1); // deleted
      case 1:
        return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2); // swapped
      case 2:
        return w.slice(0, at) + 'x' + w.slice(at + 1); // replaced
      default:
        return w.slice(0, at) + w[at] + w.slice(at); // doubled
    }
  };
  for (let i = 0; i < 1500; i++) out.add(typo(pick(long)));
  for (let i = 0; i < 500; i++) {
    const ws = pick(multi);
    const j = Math.floor(rnd() * ws.length);
    out.add(ws.map((w, k) => (k === j && w.length >= 5 ? typo(w) : w)).join(' '));
  }
  for (const w of distinct.filter((x) => /[^\x00-\x7f]/.test(x))) {
    out.add(w.toUpperCase());
    out.add(w.normalize('NFD'));
  }
  for (let i = 0; i < 400; i++) {
    const w = pick(distinct);
    out.add([...w].map((c) => (rnd() < 0.3 ? (ACCENTED[c] ?? c) : c)).join(''));
    if (i < 200) out.add(w.toUpperCase());
  }
  out.add('Spectrométrie de masse');
  out.add('Straße Æther Œuvre Łódź Ørsted');
  out.add('ＳＥＭ');
  out.add('ﬁlter');
  for (let i = 0; i < 600; i++) out.add(pick(sample).label);
  for (let i = 0; i < 400; i++) {
    const e = pick(sample);
    if (e.synonyms.length > 0) out.add(pick(e.synonyms));
  }
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789é';
  for (let i = 0; i < 300; i++) out.add(pick([...letters]) + pick([...letters]));
  for (const q of ['a b', 'x-', '🔬🔬', '中文', '..', 'ab', 'C1', 'T ', ' 1']) out.add(q);
  for (let i = 0; i < 300; i++) {
    const e = pick(entries);
    out.add(codePoints(`${e.label} ${e.definition ?? ''} ${e.synonyms.join(' ')}`.replace(/\s+/g, ' '), 120));
  }
  out.add(Array.from({ length: 60 }, (_, i) => letters[i % 26]).join(' '));
  out.add(Array.from({ length: 61 }, () => 'a').join(' '));
  out.add('the of and for');
  for (let i = 0; i < 300; i++) out.add(Array.from({ length: 4 + (i % 8) }, () => pick([...'qxzjkvw'])).join(''));
  for (const q of ['portable mass spectrometer', 'North site', 'high-throughput', 'benchtop', 'cryogenic microscope', 'Lakeside site laboratory']) out.add(q);
  return [...out];
}
