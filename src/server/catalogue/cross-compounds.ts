// A compound word of German, Dutch or the Nordic languages in a record's name, read from two
// separate words of the query: "Max Planck Institute for Coal Research" finds "Max-Planck-Institut
// für Kohlenforschung" (coal → Kohle, research → Forschung), "Greenland Institute of Natural
// Resources" the "Naturinstitut" (natural → nature → Natur, institute → Institut), "Institute for
// Stone Conservation" the "Steinkonservierung". ./compounds.ts splits a compound typed in a query;
// this is the other way round, the compound being the index's word. Each query word's forms are
// what its plan already reads it as (itself, its stem class, cognates, translations) and the
// translations of those words (./european-words.ts: "Kohle" is no record's word alone); an index
// word that begins with a form of one unit and, after a linking element, is a form of another
// unit (as written, by its inflection stem, or by its cognate key, German -ierung read as -ation)
// matches both units. Nothing is indexed: the index's words beginning with each form are scanned
// (at most MAX_SCAN of them) and kept per form.
import { europeanEquivalents } from './european-words.js';
import { inflectionStem } from './inflections.js';
import { ENGLISH_TERM, type InvertedIndex, OTHER_TERM } from './inverted-index.js';
import { englishStem, EQUIVALENTS } from './language-rules.js';
import { type Alternative, MAX_UNITS, QUALITY, WORD_FIELDS } from './plan-builder.js';
import { CAPS, DIGITS, type Token } from './search-text.js';
import { cognateKey } from './word-classes.js';

/** A part (head or tail) has at least this many letters. */
const MIN_PART = 4;
/** Index words after a form that are looked at, per form. */
const MAX_SCAN = 128;
/** An alternative of more words than this (a broad stem class) gives no forms. */
const MAX_TERMS = 32;
/** Forms of one unit that are looked up as heads. */
const MAX_FORMS = 48;
/** Only alternatives at least this good give a unit's forms (a stem, a translation, a cognate, a derived word). */
const MIN_FORM_QUALITY = QUALITY.derived;
/** Linking elements between a compound's parts, longest first ("Kohle-n-forschung", "Forschung-s-institut"). */
const LINKS = ['es', 'en', 's', 'n', 'e'] as const;
/** A compound read so counts as a translation does. */
export const COMPOUND_QUALITY = QUALITY.abbreviation;

/** A unit that may be a compound's part: a word, not digits nor a short acronym. */
function usable(token: Token): boolean {
  return !(token.flags & DIGITS) && !(token.flags & CAPS && token.raw.length <= 5) && token.word.length >= 3;
}

/**
 * The words each unit is read as (null: none): its word, the index words of its good
 * alternatives, and its English stem, as a noun too; their translations are their forms (wordForms).
 */
function unitWords(index: InvertedIndex, tokens: readonly Token[], count: number, alternatives: readonly Alternative[]): (string[] | null)[] {
  const words = tokens.slice(0, count).map((t) => (usable(t) ? new Set<string>([t.word]) : null));
  for (const a of alternatives) {
    if (a.terms === null || a.acronym !== null || a.quality < MIN_FORM_QUALITY || a.terms.length > MAX_TERMS || a.units & (a.units - 1)) continue;
    const set = words[31 - Math.clz32(a.units)];
    if (set) for (const t of a.terms) if (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) set.add(index.terms[t]!);
  }
  return words.map((set, i) => {
    if (!set) return null;
    // An adjective's noun, by its English stem, is translated too: natural → nature → Natur.
    const stem = englishStem(tokens[i]!.word);
    return [...set, stem, `${stem}e`];
  });
}

/** The strings a unit is read as, in order: its words and their translations (of plain letters). */
function unitForms(words: readonly string[] | null): Set<string> {
  const forms = new Set<string>();
  if (words) for (const w of words) for (const f of wordForms(w).forms) forms.add(f);
  return forms;
}

/** A word's forms (itself and its translations, of plain letters) and those forms' keys as a tail (partKeys). */
interface WordForms {
  forms: readonly string[];
  tailKeys: readonly string[];
}

/** Entries kept in each cache below (FIFO). */
const CACHE_SIZE = 16384;
/**
 * Per word, its forms, the latest CACHE_SIZE words (a word's forms are the same whichever
 * index); null for a word of plain letters without translations, its own only form, whose keys
 * partKeys remembers (most words: an entry of a few bytes rather than two arrays).
 */
const formCache = new Map<string, WordForms | null>();
function wordForms(word: string): WordForms {
  let found = formCache.get(word);
  if (found === undefined) {
    const forms = [word, ...europeanEquivalents(word, false)].filter((f) => /^[a-z]+$/.test(f));
    found = forms.length === 1 && forms[0] === word ? null : { forms, tailKeys: forms.filter((f) => f.length >= MIN_PART).flatMap((f) => partKeys(f)) };
    if (formCache.size >= CACHE_SIZE) formCache.delete(formCache.keys().next().value!);
    formCache.set(word, found);
  }
  return found ?? { forms: [word], tailKeys: word.length >= MIN_PART ? partKeys(word) : [] };
}

/** The index's name words that begin with a head, each with the keys of its rest. */
interface HeadWords {
  terms: number[];
  keys: string[][];
}

/** Per index, the words after each head looked up, the latest CACHE_SIZE heads (the index never changes). */
const headCache = new WeakMap<InvertedIndex, Map<string, HeadWords>>();
/** Keys of words, the latest CACHE_SIZE (a word's keys are the same whichever index). */
const keyCache = new Map<string, string[]>();

/** The keys a part is compared by: as written, by its inflection stem, by its cognate key (-ierung as -ation). */
function partKeys(word: string): string[] {
  let keys = keyCache.get(word);
  if (keys) return keys;
  keys = [word, `=${inflectionStem(word)}`];
  const latin = word.replace(/ierung$/, 'ation');
  if (latin.length >= 6) keys.push(`~${cognateKey(latin)}`);
  if (keyCache.size >= CACHE_SIZE) keyCache.delete(keyCache.keys().next().value!);
  keyCache.set(word, keys);
  return keys;
}

/** The keys of the rest of a compound after its head, with and without a linking element. */
function restKeys(rest: string): string[] {
  const keys = [...partKeys(rest)];
  for (const link of LINKS) if (rest.startsWith(link) && rest.length - link.length >= MIN_PART) keys.push(...partKeys(rest.slice(link.length)));
  return keys;
}

/** The index's name words that begin with `head` and go on for at least MIN_PART letters, with their rests' keys. */
function wordsAfter(index: InvertedIndex, head: string): HeadWords {
  let cache = headCache.get(index);
  if (!cache) headCache.set(index, (cache = new Map()));
  let found = cache.get(head);
  if (found) return found;
  found = { terms: [], keys: [] };
  const [from, to] = index.prefixRange(head);
  for (let t = from; t < to && t < from + MAX_SCAN; t++) {
    const term = index.terms[t]!;
    if (term.length < head.length + MIN_PART || !(index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM))) continue;
    found.terms.push(t);
    found.keys.push(restKeys(term.slice(head.length)));
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(head, found);
  return found;
}

/**
 * Each key of the candidates' rests → the units (a bit each) with a form as a tail that has it
 * (0: none). Only the rests' keys are kept: far fewer than the forms' keys.
 */
function tailUnits(words: readonly (readonly string[] | null)[], candidates: readonly (readonly HeadWords[])[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const after of candidates) for (const found of after) for (const keys of found.keys) for (const k of keys) out.set(k, 0);
  words.forEach((list, b) => {
    if (list) {
      for (const w of list) {
        for (const k of wordForms(w).tailKeys) {
          const units = out.get(k);
          if (units !== undefined) out.set(k, units | (1 << b));
        }
      }
    }
  });
  return out;
}

/**
 * Alternatives for the index's compound words made of the forms of two of the query's units
 * (in either order), each matching both units at COMPOUND_QUALITY. They are readings, not
 * evidence of rarity: ./query-plan.ts adds them after the units are weighed.
 */
export function crossCompounds(index: InvertedIndex, tokens: readonly Token[], alternatives: readonly Alternative[]): Alternative[] {
  const count = Math.min(tokens.length, MAX_UNITS);
  if (count < 2) return [];
  const words = unitWords(index, tokens, count, alternatives);
  // Each unit's words that begin with one of its forms (a head) and go on.
  const candidates: HeadWords[][] = [];
  let any = false;
  for (let a = 0; a < count; a++) {
    const after: HeadWords[] = [];
    candidates.push(after);
    // A generic word (research, institute) is a compound's tail, never looked up as its head: its
    // forms begin too many words ("Forschungs…", "Instituts…") for what they find.
    if (EQUIVALENTS[tokens[a]!.word]) continue;
    let heads = 0;
    for (const head of unitForms(words[a] ?? null)) {
      if (head.length < MIN_PART || heads++ >= MAX_FORMS) continue;
      const found = wordsAfter(index, head);
      if (found.terms.length > 0) after.push(found);
      any ||= found.terms.length > 0;
    }
  }
  if (!any) return [];
  const tails = tailUnits(words, candidates);
  const out: Alternative[] = [];
  candidates.forEach((after, a) => {
    const found = new Map<number, number[]>();
    for (const words of after) {
      for (let i = 0; i < words.terms.length; i++) {
        let units = 0;
        for (const k of words.keys[i]!) units |= tails.get(k) ?? 0;
        units &= ~(1 << a);
        for (let b = 0; units !== 0 && b < count; b++) {
          if (!(units & (1 << b))) continue;
          const list = found.get(b) ?? (found.set(b, []), found.get(b)!);
          if (!list.includes(words.terms[i]!)) list.push(words.terms[i]!);
        }
      }
    }
    for (const [b, terms] of found) {
      out.push({ terms, from: 0, to: 0, quality: COMPOUND_QUALITY, units: (1 << a) | (1 << b), fields: WORD_FIELDS, acronym: null, syllabic: false });
    }
  });
  return out;
}
