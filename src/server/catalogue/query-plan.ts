// What a query asks for, in the numbers of one index: its units (the words that are not
// function words; a word in capitals is never one) and, for each, the alternatives it may
// match (./plan-builder.ts), each with a quality (QUALITY): the word itself 1; joined with a
// neighbour or its glued group ("micro probe" → microprobe, "ESI-QTOF" → esiqtof) or read as
// the initials of a name 0.95; a word of its English stem class 0.9; an abbreviation's full
// words 0.85; a lower-case acronym, a spelled-out acronym, a letter variant of an acronym 0.8;
// a cognate in another language, a likely slip of a much more used word, a combining form's
// adjective 0.75 (./slips.ts, ./word-forms.ts: also two words joined by a combining form 0.85, a
// swapped acronym 0.85 with the other variants then 0.7, another instrument ending 0.6); a completion
// 0.6; word beginnings 0.55; another near spelling 0.4; word beginnings of a word in capitals
// where capitals say nothing ("LHUMAIN" alone, also a word) 0.35. So an exact word outranks its stemmed
// form, a completion and a typo, and an exact acronym a word that merely starts with it.
// Each unit weighs by the rarity of what it matches (an inverse document frequency); a reading
// of several units gives each its share of that.
import type { InvertedIndex } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import { verifySpellings } from './verified-spellings.js';
import { readLongBeginnings } from './long-beginnings.js';
import { readParentSuffixes } from './parent-suffixes.js';
import { caseSegmentReadings } from './case-segments.js';
import { type Alternative, LONGEST_LOWER_CASE_ACRONYM, MAX_UNITS, PlanBuilder, QUALITY, type QueryPlan, readingBudget, WORD_FIELDS } from './plan-builder.js';
import { englishShortWord, rareLongWord, rareWord, SHORT_WORD } from './slips.js';
import { CAPS, DIGITS, prepareText, STOP, type Token } from './search-text.js';
import { type SplitCompound, splitCompounds } from './compounds.js';
import { JOINED_FIELDS } from './plan-quality.js';
import { crossCompounds } from './cross-compounds.js';
import { splitGluedEndings } from './glued-endings.js';
import { elementNames } from './element-symbols.js';
import { mixedCaseCapitals } from './acronym-readings.js';
import { acronymsInLatin } from './script-readings.js';
import { withoutLegalForms } from './legal-forms.js';
import { splitScriptWords } from './script-lexicon.js';
import { withoutCyrillicLegalForms } from './cyrillic-legal-forms.js';
import { writtenForms } from './brahmic-script.js';
import { phraseRunWeights } from './phrase-runs.js';

const SMALL_LETTER = /\p{Ll}/u;
/** The least a unit weighs (one nothing matches still counts). */
const MIN_WEIGHT = 0.1;

export { ACRONYM_FIELDS, type Alternative, MAX_UNITS, QUALITY, type QueryPlan, type Unit, WORD_FIELDS } from './plan-builder.js';

function lastMayBeCompleted(units: readonly Token[]): boolean {
  const last = units[units.length - 1];
  if (!last || last.flags & DIGITS) return false;
  return last.raw.length >= 3 || (last.raw.length === 2 && units.length > 1);
}

/**
 * A unit's weight: how informative its best evidence is, the most of quality × inverse
 * document frequency over its alternatives (postings over all their fields; a range's
 * postings are one subtraction of offsets), a reading of k units giving each 1/k of it. A
 * misspelt word weighs what its likely correction does, not what its most common neighbour does.
 */
function unitWeights(index: InvertedIndex, alternatives: readonly Alternative[], count: number, abbreviations: number, equivalents: number): number[] {
  const n = index.size;
  const weights = new Array<number>(count).fill(MIN_WEIGHT);
  // A generic word with equivalents in other languages ("onderzoek": research, recherche)
  // weighs, by its own readings, at most what the commonest word of its group does, whichever
  // language it is typed in; its equivalents never add weight. Readings spanning several
  // units (joined, spelled out) count as for any word, shared among them.
  const commonest = new Array<number>(count).fill(0);
  const generic = new Array<number>(count).fill(MIN_WEIGHT);
  const pooled = new Array<number>(count).fill(0);
  const translated = new Array<number>(count).fill(MIN_WEIGHT);
  for (const a of alternatives) {
    if (a.terms !== null && a.terms.length === 0) continue; // read in names only (./plan-builder.ts)
    const f = postings(index, a);
    if (a.units & equivalents && a.terms !== null && a.fields === WORD_FIELDS && a.quality >= QUALITY.abbreviation) {
      let most = 0;
      for (const t of a.terms) most = Math.max(most, index.postings(t, t + 1, a.fields));
      for (let u = 0; u < count && u < MAX_UNITS; u++) if (a.units & (1 << u) && most > commonest[u]!) commonest[u] = most;
      if (a.quality === QUALITY.abbreviation) {
        // A word no record has, read only by its translations ("fiziku": physics), weighs what they do.
        const w = a.quality * Math.log(1 + n / (1 + Math.min(f, n))) + MIN_WEIGHT;
        for (let u = 0; u < count && u < MAX_UNITS; u++) if (a.units & (1 << u) && w > translated[u]!) translated[u] = w;
        continue;
      }
    }
    if (a.units & abbreviations) {
      if (a.terms !== null && a.fields === WORD_FIELDS && a.quality >= QUALITY.abbreviation) {
        for (let u = 0; u < count && u < MAX_UNITS; u++) if (a.units & (1 << u)) pooled[u]! += f;
      }
      continue;
    }
    // A reading of several units ("cns" for Centre for Nuclear Studies, "studiecentrum") is
    // evidence of them together: each has its share of its weight, not the whole (a rare
    // reading would otherwise make "centre" outweigh the query's one distinctive word); the
    // Latin initials of words in another alphabet, often their only reading, excepted.
    const w = (a.quality * Math.log(1 + n / (1 + Math.min(f, n)))) / (a.undivided ? 1 : unitCount(a.units)) + MIN_WEIGHT;
    const single = (a.units & equivalents) === a.units && (a.units & (a.units - 1)) === 0;
    const into = single ? generic : weights;
    for (let u = 0; u < count && u < MAX_UNITS; u++) if (a.units & (1 << u) && w > into[u]!) into[u] = w;
  }
  for (let u = 0; u < count && u < MAX_UNITS; u++) {
    if (abbreviations & (1 << u)) weights[u] = Math.log(1 + n / (1 + Math.min(pooled[u]!, n))) + MIN_WEIGHT;
    const cap = Math.log(1 + n / (1 + Math.min(commonest[u]!, n))) + MIN_WEIGHT;
    const own = generic[u]! > MIN_WEIGHT ? generic[u]! : translated[u]!;
    if (equivalents & (1 << u)) weights[u] = Math.max(weights[u]!, Math.min(own, cap));
  }
  return weights;
}

/** How many units a reading spans. */
function unitCount(units: number): number {
  let c = 0;
  for (let u = units; u !== 0; u &= u - 1) c++;
  return c;
}

/** Postings of an alternative over its fields (a range's are one subtraction of offsets). */
function postings(index: InvertedIndex, a: Alternative): number {
  if (a.terms === null) return index.postings(a.from, a.to, a.fields);
  let f = 0;
  for (const t of a.terms) f += index.postings(t, t + 1, a.fields);
  return f;
}

/** A unit's bit, none for a token that is no unit. */
const unitBit = (i: number): number => (i >= 0 && i < MAX_UNITS ? 1 << i : 0);

/**
 * The plan of a query. With `misspelt`, every lower-case word of three to five letters may
 * also be a slip of a near one (a second try when no record has every word as typed).
 */
export function planQuery(text: string, index: InvertedIndex, misspelt = false, names?: NameTable): QueryPlan {
  const prepared = prepareText(text);
  const budget = readingBudget();
  const findsAlone = (token: Token): boolean | 'slip' => {
    const scratch = new PlanBuilder(index, false, budget);
    scratch.words(token, 1, true);
    scratch.acronym(token.raw, 1, (token.flags & CAPS) !== 0, false);
    if (scratch.alternatives.length > 0) return true;
    scratch.typos(token, 1);
    return scratch.alternatives.length > 0 && 'slip';
  };
  // Legal forms ("GmbH", "veřejná výzkumná instituce", "ФГБУ") say what kind of body, not which (./legal-forms.ts, ./cyrillic-legal-forms.ts).
  const typed = splitGluedEndings(index, text, withoutCyrillicLegalForms(withoutLegalForms(prepared.tokens).filter((t) => !(t.flags & STOP))));
  const wholes: SplitCompound[] = [];
  const tokens = splitScriptWords(splitCompounds(index, typed, findsAlone, wholes));
  // In a query with no small letter, capitals say nothing about which words are acronyms.
  const noSmallLetter = !SMALL_LETTER.test(text);
  const b = new PlanBuilder(index, noSmallLetter, budget);
  b.written = writtenForms(text);
  const complete = lastMayBeCompleted(tokens);
  const mixed = mixedCaseCapitals(text);
  const alone = tokens.length === 1 && noSmallLetter;
  const elements = tokens.length > 1 ? elementNames(text) : null;
  tokens.forEach((token, i) => {
    const bit = i < MAX_UNITS ? 1 << i : 0;
    const isWord = b.words(token, bit, complete && i === tokens.length - 1);
    // An element's symbol written as one ("Pt sputtering") is also its name (./element-symbols.ts).
    const element = elements?.get(token.raw);
    if (element) b.term(element, QUALITY.abbreviation, bit, WORD_FIELDS);
    // The one word of a query with no small letter that no record has as a word is read as
    // typed in capitals even where capitals say nothing (six letters or more): typed alone so, an
    // unknown word is an acronym far more often than a slip ("CIFASIS", "ACCIMT"); a slip is still
    // read as a letter variant of it.
    const caps = (token.flags & CAPS) !== 0 || (alone && !isWord && /^[a-z]+$/.test(token.raw));
    // A long lower-case word is a word ("horses"), not the initials of "higher-order Raman …";
    // one that no record has as a word may still be a record's initials ("IDEICE", or "ideice",
    // in a query written all in capitals, where capitals say nothing), and so may the one word
    // of a query in capitals ("SPRITE": split-pool recognition of interactions and tag extension).
    const asAcronym = (caps || !isWord || alone || token.raw.length <= LONGEST_LOWER_CASE_ACRONYM) && b.acronym(token.raw, bit, caps, isWord, alone, tokens.length === 1);
    // A word in mixed case may be its capitals' initials ("CHiMaD", "DECIPHer").
    const capitals = caps ? mixed.get(token.raw) : undefined;
    const isAcronym = (capitals !== undefined && b.capitals(capitals, bit)) || asAcronym;
    // A word no record has may be misspelt, even when it also reads as initials ("Ramen");
    // so may a rare one among other words ("mas spectrometer", "MADI-TOF").
    const slip = (!isWord && (!isAcronym || !caps)) || (tokens.length > 1 && rareWord(index, token, WORD_FIELDS));
    const tried = slip && b.typos(token, bit);
    // A long word few records have may be a misspelling they share ("flourescence"): also read
    // as a much commoner near spelling, below the word as written.
    if (!tried && !caps && rareLongWord(index, token, WORD_FIELDS)) b.typos(token, bit, false, true);
    // Any short word may be a slip: an English one among other words, of a much commoner one,
    // below the word as written (they decide by which reading fits; "mas spectrometer"); on a
    // second try, of any near one.
    const short = !caps && token.word.length >= 3 && token.word.length <= SHORT_WORD;
    if (short && (misspelt ? !slip : !tried && tokens.length > 1 && englishShortWord(index, token))) {
      b.typos(token, bit, true, !misspelt);
    }
  });
  b.joined(tokens);
  // A compound split into parts is, as written, a reading of them all ("Diabetesforschung").
  for (const w of wholes) b.term(w.word, QUALITY.joined, w.parts.reduce((bits, p) => bits | unitBit(tokens.indexOf(p)), 0), JOINED_FIELDS);
  acronymsInLatin(b, tokens, MAX_UNITS, QUALITY.spelledOut);
  // A parent's long name, its words found together in names, weighs as one word (./phrase-runs.ts).
  const weights = phraseRunWeights(index, tokens, unitWeights(index, b.alternatives, tokens.length, b.abbreviations, b.equivalents));
  // Another language's compounds of two query words' forms (./cross-compounds.ts): readings, not weight.
  b.alternatives.push(...crossCompounds(index, tokens, b.alternatives));
  b.alternatives.sort((x, y) => y.quality - x.quality);
  const units = tokens.map((token, i) => ({ token, weight: weights[i]! }));
  const plan: QueryPlan = { units, alternatives: b.alternatives, key: prepared.key, totalWeight: weights.reduce((s, w) => s + w, 0) };
  // Readings that fit many names loosely, kept where a name spells them (./verified-spellings.ts).
  if (names) plan.spelt = verifySpellings(plan, index, names);
  // A word in mixed case read by where its capitals begin the name's words (./case-segments.ts).
  if (names) plan.spelt!.push(...caseSegmentReadings(text, plan, index, names));
  // Word beginnings of any length, a word left out, found from the beginnings (./long-beginnings.ts).
  if (names) plan.spelt!.push(...readLongBeginnings(plan, index, names, noSmallLetter));
  // An own name's initials with a parent organisation's glued on ("IOCAS", ./parent-suffixes.ts).
  if (names) plan.spelt!.push(...readParentSuffixes(plan, index, names, noSmallLetter));
  return plan;
}
