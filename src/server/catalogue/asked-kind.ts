// Which of the two kinds of lab resource a query's own head word asks for, an instrument or a
// method, and the order it gives an instrument and its method (./search-index.ts). English puts
// the head noun of a name last, before any phrase that qualifies it ("voltammetry with a rotating
// disk electrode", "mapping assay using NAI probe"), and the head's form says the kind: "mass
// spectrometer", "gel permeation chromatograph", "calorimetry instrument" name equipment; "flow
// cytometric analysis", "mass spectrometry", "electrochemical detection" name techniques. A record
// of the asked kind comes right before its counterpart of the other kind ranked above it: the
// record whose title is its own but for the head word's ending ("gel filtration chromatograph"
// and "gel filtration chromatography", found by "gel permeation chromatograph" where only the
// method's names hold "permeation") or for a generic noun ("isoelectric focusing device"). Nothing else moves: the method stays right after its
// instrument, above the instrument's variants, and a counterpart that is the query's exact name
// keeps its place. Laboratories, and queries whose head says neither ("X-ray source", "thermal
// cycler"), are left alone.
import { nameKey } from './search-text.js';
import { SearchHit } from './top-ranked.js';
import type { RecordStore } from './record-store.js';

/** A record's kind: LABORATORY, EQUIPMENT or TECHNIQUE; what a query asks for: ANY_KIND, EQUIPMENT or TECHNIQUE. */
export const LABORATORY = 0;
export const ANY_KIND = 0;
export const EQUIPMENT = 1;
export const TECHNIQUE = 2;

/** A head word that names an instrument: by its ending, or one of the generic nouns of equipment. */
const INSTRUMENT_HEAD = /(?:scope|meter|metre|graph|detector|electrode|analy[sz]er|scanner|instrument|device|apparatus|^unit)s?$/;
/** A head word that names a method: by its ending, or one of the generic nouns of a method. */
const METHOD_HEAD = /(?:scopy|metry|graphy|detection|analys[ei]s|assay|imaging|measurement|method|technique|^scan)s?$/;
/** The endings an instrument's and its method's titles differ by, each pair read as one. */
const COUNTERPART_ENDINGS: readonly [RegExp, string][] = [
  // A spectrometer is the instrument of spectroscopy as of spectrometry (./word-forms.ts reads the two methods as one where the index does).
  [/spectro(?:scope|scopy|meter|metre|metry)$/, 'spectro#'],
  [/(?:scope|scopy)$/, '#scop'],
  [/(?:meter|metre|metry)$/, '#metr'],
  [/(?:graph|graphy)$/, '#graph'],
  [/(?:analyser|analyzer|analysis)$/, '#analy'],
  [/(?:detector|detection)$/, '#detect'],
];
/** Words that begin a phrase qualifying the head before it. */
const QUALIFIERS = new Set(['with', 'using', 'by', 'of', 'for', 'via', 'in', 'on', 'from', 'at', 'to', 'under']);

/** Per document, its kind. */
export function recordKinds(records: RecordStore): Uint8Array {
  const kinds = new Uint8Array(records.size);
  for (let d = 0; d < records.size; d++) {
    const type = records.type(d);
    kinds[d] = type === 'equipment' ? EQUIPMENT : type === 'technique' ? TECHNIQUE : LABORATORY;
  }
  return kinds;
}

/** The kind the query's head word names, or ANY_KIND. */
export function askedKind(text: string): number {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  let end = words.length;
  for (let i = 1; i < words.length; i++) {
    if (QUALIFIERS.has(words[i]!)) {
      end = i;
      break;
    }
  }
  const head = words[end - 1];
  if (head === undefined || head.length < 4) return ANY_KIND;
  if (METHOD_HEAD.test(head)) return TECHNIQUE;
  if (INSTRUMENT_HEAD.test(head)) return EQUIPMENT;
  return ANY_KIND;
}

/** The generic nouns an instrument's title may add to its method's ("isoelectric focusing device"). */
const GENERIC_INSTRUMENT = /\s+(?:device|instrument|apparatus|unit|system)s?$/i;

/**
 * A title's keys, equal for an instrument and its method: the head word's instrument or method
 * ending read as one ("flow cytometer", "flow cytometry"), and a method's whole title, an
 * instrument's without a generic noun added ("isoelectric focusing", "… device").
 */
function counterpartKeys(title: string, kind: number): string[] {
  const key = nameKey(title);
  const keys: string[] = [];
  for (const [ending, family] of COUNTERPART_ENDINGS) {
    const m = ending.exec(key);
    if (m) {
      keys.push(key.slice(0, m.index) + family);
      break;
    }
  }
  if (kind === TECHNIQUE) keys.push(`${key}#tool`);
  else if (GENERIC_INSTRUMENT.test(title)) keys.push(`${nameKey(title.replace(GENERIC_INSTRUMENT, ''))}#tool`);
  return keys;
}

/**
 * The hits (best first) with each record of the asked kind placed right before its counterpart
 * of the other kind when that one ranked above it and is not an exact name of the query.
 */
export function counterpartsInOrder(hits: SearchHit[], asked: number, kinds: Uint8Array, records: RecordStore, exact: ReadonlyMap<number, number>): SearchHit[] {
  if (asked === ANY_KIND) return hits;
  // Only a record of the asked kind below one of the other kind can move: titles are read only then.
  const first = hits.findIndex((h) => kinds[h.doc] !== LABORATORY && kinds[h.doc] !== asked);
  if (first < 0 || !hits.some((h, i) => i > first && kinds[h.doc] === asked)) return hits;
  const other = new Map<string, number>();
  let moved = false;
  const out = hits.map((h, i) => {
    const kind = kinds[h.doc]!;
    if (kind === LABORATORY || i < first) return h;
    const keys = counterpartKeys(records.label(h.doc), kind);
    if (kind !== asked) {
      for (const key of keys) if (!other.has(key) && !exact.has(h.doc)) other.set(key, h.score);
      return h;
    }
    let above = -Infinity;
    for (const key of keys) above = Math.max(above, other.get(key) ?? -Infinity);
    if (above < h.score) return h;
    moved = true;
    return new SearchHit(records, h.doc, above + 1e-9);
  });
  if (moved) out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}
