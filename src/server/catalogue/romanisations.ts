// The other ways names of Japan and China are written in Latin letters, for the reading of a
// CJK query (./cjk-reading.ts picks the first spelling the index has) and for a Latin query
// word no record has (./script-readings.ts):
//  - Japanese: Hepburn with its long vowels written as English names write them (ō as o, ou,
//    oo or oh; ū as u or uu: Ōno, Ohno, Oono) and Kunrei/Nihon-shiki (shi si, chi ti, tsu tu,
//    fu hu, ji zi, sha sya, cho tyo: Kobayashi, Kobayasi);
//  - Chinese: pinyin syllables in Wade–Giles without its apostrophes (x hs, q and j ch, zh ch,
//    z and c ts, r j, b p, d t, g k, ong ung, ian ien, ie ieh: Qinghua, Chinghua) and in the
//    older postal spellings that follow Wade–Giles but keep ts, k and s before i (Tsinghua,
//    Peking, Sinkiang).

const KUNREI: readonly (readonly [RegExp, string])[] = [
  [/sh(?=[aou])/g, 'sy'], [/ch(?=[aou])/g, 'ty'], [/j(?=[aou])/g, 'zy'], [/shi/g, 'si'], [/chi/g, 'ti'], [/tsu/g, 'tu'],
  [/fu/g, 'hu'], [/ji/g, 'zi'],
];
const HEPBURN: readonly (readonly [RegExp, string])[] = [
  [/sy(?=[aou])/g, 'sh'], [/ty(?=[aou])/g, 'ch'], [/zy(?=[aou])/g, 'j'], [/si/g, 'shi'], [/ti/g, 'chi'], [/tu/g, 'tsu'],
  [/hu/g, 'fu'], [/zi/g, 'ji'], [/di/g, 'ji'], [/du/g, 'zu'],
];

function apply(word: string, rules: readonly (readonly [RegExp, string])[]): string {
  let w = word;
  for (const [pattern, to] of rules) w = w.replace(pattern, to);
  return w;
}

/** A Hepburn reading with macrons ("kōno") in every spelling names use, the plainest first. */
export function japaneseSpellings(reading: string): string[] {
  const long = ['o', 'oh', 'ou', 'oo'].flatMap((o) => ['u', 'uu'].map((u) => reading.replace(/ō/g, o).replace(/ū/g, u)));
  return [...new Set([...long, ...long.map((w) => apply(w, KUNREI))])];
}

/** Wade–Giles (without apostrophes) and postal spellings of one pinyin syllable, pinyin first. */
function oldSpellings(syllable: string): string[] {
  const m = /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw]?)(.*)$/.exec(syllable)!;
  const [initial, final] = [m[1]!, m[2]!];
  const front = /^[iu]/.test(final) && 'jqx'.includes(initial) ? (final.startsWith('u') ? 'ü' + final.slice(1) : final) : final;
  let wade = front
    .replace(/^ong$/, 'ung').replace(/^iong$/, 'iung').replace(/ian$/, 'ien').replace(/^ie$/, 'ieh').replace(/^üe$/, 'üeh')
    .replace(/^er$/, 'erh').replace(/ü/g, 'u');
  if ('gkh'.includes(initial) && initial && wade === 'e') wade = 'o';
  if (initial && 'dtnlzcs'.includes(initial) && wade === 'uo') wade = 'o';
  if ((initial === 'g' || initial === 'k') && wade === 'ui') wade = 'uei';
  if (initial === 'y' && wade === 'an') wade = 'en';
  if (initial === 'y' && wade === 'e') wade = 'eh';
  if (wade === 'i' && 'zcs'.includes(initial) && initial) wade = initial === 's' ? 'su' : 'u';
  if (wade === 'i' && ['zh', 'ch', 'sh', 'r'].includes(initial)) wade = 'ih';
  const to: Record<string, string[]> = {
    b: ['p'], d: ['t'], g: ['k'], j: ['ch', 'k', 'ts'], q: ['ch', 'ts'], x: ['hs', 's'], zh: ['ch'], z: ['ts', 'tz'], c: ['ts'], r: ['j'],
  };
  const initials = initial === 's' && wade === 'su' ? ['s'] : to[initial] ?? [initial];
  return [...new Set([syllable, ...initials.map((i) => (i === 'tz' && wade === 'u' ? 'tzu' : i + wade))])];
}

/** At most this many spellings of a name are tried. */
const MAX_SPELLINGS = 64;

/** A name of pinyin syllables written as one word in pinyin, then its Wade–Giles and postal spellings. */
export function chineseSpellings(syllables: readonly string[]): string[] {
  let out = [''];
  for (const s of syllables) {
    out = out.flatMap((w) => oldSpellings(s).map((o) => w + o)).slice(0, MAX_SPELLINGS);
  }
  return out;
}

/** Another romanisation of a Latin word: Kunrei for Hepburn and back, long vowels written short. */
export function otherRomanisations(word: string): string[] {
  const short = word.replace(/ou|oo|oh(?![aeiou])/g, 'o').replace(/uu/g, 'u');
  const out = new Set([short, apply(word, KUNREI), apply(short, KUNREI), apply(word, HEPBURN), apply(short, HEPBURN)]);
  out.delete(word);
  return [...out];
}
