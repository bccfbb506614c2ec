// Repairs of evident conversion errors in the source snapshots, applied by the catalogue build
// (./build-catalogue.ts) to every text of a record before it is merged and written. Each repair
// is narrow and listed in the output's SOURCES.md, so the shipped text differs from the source
// only where the source is plainly wrong.
//
// "mu" written as "μ": some CHMO terms went through a conversion that replaced the letters "mu"
// with the micro sign inside English words ("aziμthal photoelectron diffraction",
// "imμnoaffinity", "the angle μst be", "μch thicker"), so a researcher typing "azimuthal" never
// found the term. The sign is read back as "mu" where it stands between Latin lower-case letters,
// or starts a word that goes on in two or more Latin lower-case letters that are not a unit
// (μm, μl, μs, μg, μL, μPL, μPIV, μmol and Greek words are left as they are).

/** Units written with the micro sign followed by two or more lower-case letters. */
const MICRO_UNITS = new Set(['mol', 'rad', 'sec', 'bar', 'gal', 'lm', 'lx']);

const INSIDE_WORD = /(?<=[a-z])μ(?=[a-z])/g;
const WORD_START = /(?<![\p{L}\p{N}])μ([a-z]{2,})(?![\p{L}\p{N}])/gu;

/** The text with "mu" put back where the source wrote "μ" for it; other text unchanged. */
export function repairMicroSign(text: string): string {
  if (!text.includes('μ')) return text;
  return text
    .replace(INSIDE_WORD, 'mu')
    .replace(WORD_START, (whole, rest: string) => (MICRO_UNITS.has(rest) ? whole : `mu${rest}`));
}

/** Every string of a JSON value repaired (the value is not changed; a repaired copy is returned). */
export function repairTexts<T>(value: T): T {
  if (typeof value === 'string') return repairMicroSign(value) as T;
  if (Array.isArray(value)) return value.map((v) => repairTexts(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = repairTexts(v);
    return out as T;
  }
  return value;
}
