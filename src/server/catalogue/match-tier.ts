// How closely a record's names match the query as a phrase. Full-text scores alone rank a long
// title that repeats a word above the record whose name *is* the query ("scanning electron
// microscope" must find the scanning electron microscope first; "CERN" must find the record
// whose alternative name is CERN before "…CERNA"). So candidates are ranked by this tier first,
// then by their full-text score.
//
// A broad query ("institute") has thousands of candidates, so names are kept as integers in flat
// typed arrays (word stems numbered in sorted order, so "every stem starting with spec" is one
// range of numbers): comparing them touches a few cache lines per record instead of chasing a
// string object per word.
import type { PreparedName, PreparedQuery } from './search-text.js';

/**
 * Tiers, best first. Names: index 0 is the title, the rest are alternative names. A phrase whose
 * last word matches as a whole word ranks above one that only matches as a prefix, so "ion"
 * finds titles with the word "ion" before "ionisation", while "mass spec" still finds
 * "mass spectrometry".
 */
export const TIER = {
  exactTitle: 20, // the title is the query, letter for letter (accents and case folded)
  sameTitle: 19, // the title is the query up to word endings ("microscopy" for "microscope")
  exactName: 18, // an alternative name or acronym is the query ("CERN", "SEM")
  sameName: 17,
  titleStarts: 15, // the title starts with the query phrase
  titleContains: 14, // the title contains the query phrase
  nameStarts: 13,
  nameContains: 12,
  titleCompletes: 11, // the title is the query with its last word completed ("mass spec")
  nameCompletes: 10,
  titleStartsPrefix: 9, // as above, with the last word completed
  titleContainsPrefix: 8,
  nameStartsPrefix: 7,
  nameContainsPrefix: 6,
  allWords: 1, // every word matches somewhere (title, names or body), not as a phrase
  someWords: 0, // only some words match
} as const;

const TITLE_STARTS = 0x80000000;
function lengthBit(stems: number): number {
  return 1 << (Math.min(stems, 31) - 1);
}

/** A query in the numbers of one NameTable. */
export interface EncodedQuery {
  key: number;
  stems: Int32Array;
  words: Int32Array;
  /** Stem numbers [prefixLo, prefixHi) complete the last word (empty when it is not a prefix). */
  prefixLo: number;
  prefixHi: number;
}

class Numbering {
  readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.ids.size));
    return id;
  }
}

export class NameTable {
  private readonly stemIds = new Map<string, number>();
  private readonly sortedStems: string[];
  private readonly keys = new Numbering();
  private readonly titleWordIds = new Numbering();
  private readonly docStart: Int32Array; // first name of each document (title), length docs + 1
  private readonly nameStart: Int32Array; // first stem of each name, length names + 1
  private readonly nameKey: Int32Array;
  private readonly stems: Int32Array;
  private readonly titleWordStart: Int32Array;
  private readonly titleWords: Int32Array;
  // Documents with a name (title or alternative) starting with each stem, by stem number: the
  // documents at [startsAt[s], startsAt[s + 1]) of `starters`, ascending.
  private readonly startsAt: Int32Array;
  private readonly starters: Int32Array;
  // Per entry of `starters`: bit (k − 1) when a name of k stems (k ≥ 31: bit 30) starts with
  // the stem; TITLE_STARTS when the title does.
  private readonly starterShapes: Uint32Array;

  /** `docs[d]` lists document d's names, title first. */
  constructor(docs: readonly (readonly PreparedName[])[]) {
    const all = new Set<string>();
    let nameCount = 0;
    let stemCount = 0;
    let titleWordCount = 0;
    for (const names of docs) {
      nameCount += names.length;
      titleWordCount += names[0]?.words.length ?? 0;
      for (const n of names) {
        stemCount += n.stems.length;
        for (const s of n.stems) all.add(s);
      }
    }
    this.sortedStems = [...all].sort();
    this.sortedStems.forEach((s, i) => this.stemIds.set(s, i));
    this.docStart = new Int32Array(docs.length + 1);
    this.nameStart = new Int32Array(nameCount + 1);
    this.nameKey = new Int32Array(nameCount);
    this.stems = new Int32Array(stemCount);
    this.titleWordStart = new Int32Array(docs.length + 1);
    this.titleWords = new Int32Array(titleWordCount);
    let name = 0;
    let stem = 0;
    let word = 0;
    for (let d = 0; d < docs.length; d++) {
      this.docStart[d] = name;
      this.titleWordStart[d] = word;
      const names = docs[d]!;
      for (const w of names[0]?.words ?? []) this.titleWords[word++] = this.titleWordIds.id(w);
      for (const n of names) {
        this.nameStart[name] = stem;
        this.nameKey[name] = this.keys.id(n.key);
        for (const s of n.stems) this.stems[stem++] = this.stemIds.get(s)!;
        name++;
      }
    }
    this.docStart[docs.length] = name;
    this.nameStart[name] = stem;
    this.titleWordStart[docs.length] = word;
    [this.startsAt, this.starters, this.starterShapes] = this.indexStarts(docs.length);
  }

  private indexStarts(docCount: number): [Int32Array, Int32Array, Uint32Array] {
    const stemCount = this.sortedStems.length;
    const firstStem = (name: number) => (this.nameStart[name + 1]! > this.nameStart[name]! ? this.stems[this.nameStart[name]!]! : -1);
    // A document counts once per stem even when several of its names start with it.
    const lastDoc = new Int32Array(stemCount).fill(-1);
    const startsAt = new Int32Array(stemCount + 1);
    for (let d = 0; d < docCount; d++) {
      for (let name = this.docStart[d]!; name < this.docStart[d + 1]!; name++) {
        const s = firstStem(name);
        if (s >= 0 && lastDoc[s] !== d) {
          lastDoc[s] = d;
          startsAt[s + 1]!++;
        }
      }
    }
    for (let s = 0; s < stemCount; s++) startsAt[s + 1]! += startsAt[s]!;
    const starters = new Int32Array(startsAt[stemCount]!);
    const shapes = new Uint32Array(starters.length);
    const filled = startsAt.slice(0, -1);
    const entryOf = new Int32Array(stemCount); // the current document's entry per stem
    lastDoc.fill(-1);
    for (let d = 0; d < docCount; d++) {
      for (let name = this.docStart[d]!; name < this.docStart[d + 1]!; name++) {
        const s = firstStem(name);
        if (s < 0) continue;
        if (lastDoc[s] !== d) {
          lastDoc[s] = d;
          entryOf[s] = filled[s]!++;
          starters[entryOf[s]!] = d;
        }
        const entry = entryOf[s]!;
        const length = this.nameStart[name + 1]! - this.nameStart[name]!;
        shapes[entry] = (shapes[entry]! | lengthBit(length) | (name === this.docStart[d] ? TITLE_STARTS : 0)) >>> 0;
      }
    }
    return [startsAt, starters, shapes];
  }

  /**
   * Entries [from, to) of `starterDoc`: the documents with a name starting with the query's
   * first word. Every tier from `titleStarts` up (an exact or same name, or a title starting
   * with the phrase) needs one.
   */
  startingWithFirstWord(q: EncodedQuery): [from: number, to: number] {
    const s = q.stems[0] ?? -1;
    return s < 0 ? [0, 0] : [this.startsAt[s]!, this.startsAt[s + 1]!];
  }

  starterDoc(entry: number): number {
    return this.starters[entry]!;
  }

  /**
   * The best tier the document of a `startingWithFirstWord` entry can reach: an exact or same
   * name needs a name of as many words as the query starting with its first word, titleStarts
   * a title starting with it; otherwise a phrase can at best be contained in the title.
   */
  starterTierBound(entry: number, q: EncodedQuery): number {
    const shape = this.starterShapes[entry]!;
    if (shape & lengthBit(q.stems.length)) return TIER.exactTitle;
    return shape & TITLE_STARTS ? TIER.titleStarts : TIER.titleContains;
  }

  encode(query: PreparedQuery): EncodedQuery {
    const stems = Int32Array.from(query.stems, (s) => this.stemIds.get(s) ?? -1);
    const words = Int32Array.from(query.words, (w) => this.titleWordIds.ids.get(w) ?? -1);
    let prefixLo = 0;
    let prefixHi = 0;
    const last = query.stems[query.stems.length - 1];
    if (query.lastIsPrefix && last !== undefined) {
      prefixLo = this.lowerBound(last);
      // The stems starting with `last` come first from prefixLo on: find where they end.
      let hi = this.sortedStems.length;
      prefixHi = prefixLo;
      while (prefixHi < hi) {
        const mid = (prefixHi + hi) >>> 1;
        if (this.sortedStems[mid]!.startsWith(last)) prefixHi = mid + 1;
        else hi = mid;
      }
    }
    return { key: this.keys.ids.get(query.key) ?? -1, stems, words, prefixLo, prefixHi };
  }

  /**
   * The best tier any name of document `d` reaches (`allWords` when none is a phrase match).
   * Without `title` the title is not looked at, without `alternatives` the alternative names are
   * not: for a caller that knows they do not hold every query word, so cannot match as a phrase.
   * Tiers below `floor` do not matter to the caller (its list is full down to that tier): names
   * that can only reach those are not looked at, so the answer is exact when it is at least
   * `floor` and otherwise some tier below `floor`.
   */
  tier(d: number, q: EncodedQuery, title = true, alternatives = true, floor = 0): number {
    let best: number = TIER.allWords;
    const first = this.docStart[d]!;
    const end = alternatives && floor <= TIER.exactName ? this.docStart[d + 1]! : first + 1;
    // Phrase tiers reach at most titleStarts in the title and nameStarts in an alternative name.
    const titlePhrase = floor <= TIER.titleStarts;
    const namePhrase = floor <= TIER.nameStarts;
    for (let name = title ? first : first + 1; name < end; name++) {
      const isTitle = name === first;
      let tier: number = TIER.allWords;
      if (this.nameKey[name] === q.key) tier = isTitle ? TIER.exactTitle : TIER.exactName;
      else if (this.sameStems(name, q)) tier = isTitle ? TIER.sameTitle : TIER.sameName;
      // An alternative name's phrase tiers are all below nameStarts: no need to look once reached.
      else if (isTitle ? titlePhrase : namePhrase && best < TIER.nameStarts) tier = this.phraseTier(name, q, isTitle);
      if (tier > best) best = tier;
      if (best === TIER.exactTitle) break;
    }
    return best;
  }

  /** How many query words appear in the title exactly as typed (folded): "microscope" before "microscopy". */
  exactHits(d: number, q: EncodedQuery): number {
    let hits = 0;
    const from = this.titleWordStart[d]!;
    const to = this.titleWordStart[d + 1]!;
    for (let i = 0; i < q.words.length; i++) {
      const w = q.words[i]!;
      for (let j = from; j < to; j++) {
        if (this.titleWords[j] === w) {
          hits++;
          break;
        }
      }
    }
    return hits;
  }

  private sameStems(name: number, q: EncodedQuery): boolean {
    const from = this.nameStart[name]!;
    if (this.nameStart[name + 1]! - from !== q.stems.length) return false;
    for (let k = 0; k < q.stems.length; k++) if (this.stems[from + k] !== q.stems[k]) return false;
    return true;
  }

  private phraseTier(name: number, q: EncodedQuery, isTitle: boolean): number {
    const from = this.nameStart[name]!;
    const length = this.nameStart[name + 1]! - from;
    const n = q.stems.length;
    const lastIndex = n - 1;
    const lastStem = q.stems[lastIndex]!;
    let prefixStart = -1;
    for (let start = 0; start + n <= length; start++) {
      let k = 0;
      while (k < lastIndex && this.stems[from + start + k] === q.stems[k]) k++;
      if (k < lastIndex) continue;
      const word = this.stems[from + start + lastIndex]!;
      if (word === lastStem) {
        if (start === 0) return isTitle ? TIER.titleStarts : TIER.nameStarts;
        return isTitle ? TIER.titleContains : TIER.nameContains;
      }
      if (prefixStart === -1 && word >= q.prefixLo && word < q.prefixHi) prefixStart = start;
    }
    if (prefixStart === -1) return TIER.allWords;
    if (prefixStart === 0 && length === n) return isTitle ? TIER.titleCompletes : TIER.nameCompletes;
    if (prefixStart === 0) return isTitle ? TIER.titleStartsPrefix : TIER.nameStartsPrefix;
    return isTitle ? TIER.titleContainsPrefix : TIER.nameContainsPrefix;
  }

  private lowerBound(value: string): number {
    let lo = 0;
    let hi = this.sortedStems.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedStems[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
