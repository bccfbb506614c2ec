// Acronyms and initialisms a record does not spell out, derived from its own names:
//  - the initials of the whole name, with and without its function words ("National Solar
//    Observatory" → nso; "Institut de Recherche pour le Développement" → ird and irdpld), a
//    hyphenated or slashed part counting as a word ("matrix-assisted laser
//    desorption/ionization" → maldi) or not ("X-ray photoelectron spectroscopy" → xps) or, for
//    the part after one letter only ("small-angle X-ray scattering" → saxs), not; the "in" of a
//    Latin phrase as a word ("in situ hybridization" → ish); a number as its digits ("two-dimensional" → 2d), a word made of combining forms as its parts
//    ("infrared" → ir, "thermogravimetric analysis" → tga);
//  - the initials of runs of words that start or end a name, for a query that abbreviates only
//    part of it ("NMR spectrometer", "thermal CVD", "HPLC column").
// Written acronyms in a name ("… (MALDI)") are ordinary words of that name and need nothing here.
import { combinedInitials, NUMBER_WORDS } from './language-rules.js';
import { CJK, DIGITS, GLUED, STOP, type Token } from './search-text.js';

/** Shortest and longest acronym kept. */
export const MIN_ACRONYM = 2;
export const MAX_ACRONYM = 16;
/** Names with more tokens than this give no acronym (nobody spells those out). */
const MAX_NAME_TOKENS = 24;
/** Runs of at most this many content words give a partial acronym. */
const MAX_RUN = 5;

const NUMBER_DIGITS = new Map(Object.entries(NUMBER_WORDS));

/** The letters a token gives an acronym: its digits, a number word's digits, or its first letter. */
export function initialOf(t: Token): string {
  if (t.flags & DIGITS) return t.raw;
  return NUMBER_DIGITS.get(t.raw) ?? t.raw[0]!;
}

// Words repeat across names: their combining-form initials are worked out once.
const COMBINED = new Map<string, string | null>();
function combinedInitialsOf(word: string): string | null {
  let c = COMBINED.get(word);
  if (c === undefined) {
    c = combinedInitials(word);
    if (COMBINED.size >= 200_000) COMBINED.clear();
    COMBINED.set(word, c);
  }
  return c;
}

function usable(tokens: readonly Token[]): boolean {
  if (tokens.length < 2 || tokens.length > MAX_NAME_TOKENS) return false;
  for (const t of tokens) if (t.flags & CJK) return false;
  return true;
}

function keep(out: Set<string>, key: string): void {
  if (key.length >= MIN_ACRONYM && key.length <= MAX_ACRONYM) out.add(key);
}

/**
 * The readings of a name's initials, per token: plain; with combining forms split; without
 * the later parts of hyphenated words. Only readings that differ from the plain one are kept.
 */
function readings(tokens: readonly Token[]): string[][] {
  const plain = tokens.map(initialOf);
  const out = [plain];
  let combined: string[] | null = null;
  let firstParts: string[] | null = null;
  let letterParts: string[] | null = null;
  let otherGlued = false;
  tokens.forEach((t, i) => {
    const c = t.flags & (DIGITS | STOP) ? null : combinedInitialsOf(t.word);
    if (c) (combined ??= [...plain])[i] = c;
    if (t.flags & GLUED && !(t.flags & STOP) && i > 0 && !(tokens[i - 1]!.flags & STOP)) {
      (firstParts ??= [...plain])[i] = '';
      // "X-ray", "T-cell", "γ-ray": the part after one letter gives no initial of its own.
      if (isLetter(tokens[i - 1]!)) (letterParts ??= [...plain])[i] = '';
      else otherGlued = true;
    }
  });
  if (combined) out.push(combined);
  if (firstParts) out.push(firstParts);
  // Only when other hyphenated words keep their parts ("small-angle X-ray scattering" → saxs).
  if (letterParts && otherGlued) out.push(letterParts);
  return out;
}

/** A token that is one letter ("X" of "X-ray"). */
function isLetter(t: Token): boolean {
  return t.raw.length === 1 && !(t.flags & DIGITS);
}

// Latin phrases of method names whose function word gives an initial: "in situ hybridization"
// → ISH, "in vitro fertilisation" → IVF, "ex vivo".
const LATIN_HEADS = new Set(['in', 'ex']);
const LATIN_SECONDS = new Set(['situ', 'vivo', 'vitro', 'silico', 'planta', 'ovo', 'utero', 'cellulo']);

function contentPositions(tokens: readonly Token[]): number[] {
  const content: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!(t.flags & STOP) || (LATIN_HEADS.has(t.raw) && LATIN_SECONDS.has(tokens[i + 1]?.raw ?? ''))) content.push(i);
  }
  return content;
}

/** Whole-name acronyms: initials of every token ("Los Alamos National Laboratory" → lanl), and of the content tokens only. */
export function wholeNameAcronyms(tokens: readonly Token[], out: Set<string>): void {
  if (usable(tokens)) addWhole(readings(tokens), contentPositions(tokens), out);
}

/** Both kinds of a name's acronyms at once: the whole name's (`whole`) and its runs' (`runs`, the whole ones left out). */
export function nameAcronyms(tokens: readonly Token[], whole: Set<string>, runs: Set<string>): void {
  combinedWordAcronyms(tokens, runs);
  if (!usable(tokens)) return;
  const initials = readings(tokens);
  const content = contentPositions(tokens);
  addWhole(initials, content, whole);
  addRuns(initials, content, runs);
  for (const w of whole) runs.delete(w);
}

/**
 * The initials of one word made of combining forms ("photoluminescence" → pl, "infrared" → ir),
 * as a run of its own: "PL detection" is written for "photoluminescence detection".
 */
function combinedWordAcronyms(tokens: readonly Token[], out: Set<string>): void {
  if (tokens.length > MAX_NAME_TOKENS) return;
  for (const t of tokens) {
    if (t.flags & (DIGITS | STOP | CJK)) continue;
    const c = combinedInitialsOf(t.word);
    if (c !== null) keep(out, c);
  }
}

function addWhole(readings: readonly string[][], content: readonly number[], out: Set<string>): void {
  if (content.length < 2) return;
  for (const initials of readings) {
    addRun(initials, content, 0, content.length - 1, out);
    keep(out, initials.join(''));
  }
}

/**
 * Partial acronyms: the initials of the content words of the runs of 2 to MAX_RUN of them that
 * start a name or end it, but are not the whole name ("NMR spectrometer", "thermal CVD").
 * Other readings (function words, combining forms) and runs in the middle of a name are not
 * indexed (a long organisation name would give dozens): a query finds those records by its
 * other words, and the ranking reads every run's initials in every reading (./initials-match.ts).
 */
export function runAcronyms(tokens: readonly Token[], out: Set<string>): void {
  if (usable(tokens)) addRuns(readings(tokens), contentPositions(tokens), out);
}

function addRuns(readings: readonly string[][], content: readonly number[], out: Set<string>): void {
  const k = content.length;
  const plain = readings[0]!;
  for (let size = 2; size < k && size <= MAX_RUN; size++) {
    addRun(plain, content, 0, size - 1, out, false);
    addRun(plain, content, k - size, k - 1, out, false);
  }
}

/** The initials of content tokens a…b, and (with `stops`) of every token between them if that differs. */
function addRun(initials: readonly string[], content: readonly number[], a: number, b: number, out: Set<string>, stops = true): void {
  let plain = '';
  for (let i = a; i <= b; i++) plain += initials[content[i]!]!;
  keep(out, plain);
  if (stops && content[b]! - content[a]! > b - a) keep(out, initials.slice(content[a]!, content[b]! + 1).join(''));
}
