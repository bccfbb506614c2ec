// The other ways a number in an acronym repeats a letter (./acronym-readings.ts reads the first,
// `multiplied`). A digit between two letters may multiply either: the one after it ("AD2M":
// Adaptation et Diversité en Milieu Marin, A D M M) or, written as an exponent, the one before
// it ("L2CM": Laboratoire Lorrain de Chimie Moléculaire, L L C M; "C2TN", "CI2A", "P3R"); both
// are tried and the derived acronyms decide. An exponent also counts a letter that the name
// repeats apart ("I2BC": Institut de Biologie Intégrative de la Cellule, I B I C; "I2M"): the
// letter's other occurrences anywhere after its first, looked up only as whole derived acronyms.

/** At most this many readings with the letter repeated apart are tried. */
const MAX_SPREAD = 8;

/** The acronym with each letter before a 2 or 3 written that many times ("l2cm" → llcm), or null. */
export function exponentReading(raw: string): string | null {
  if (!/^[a-z]/.test(raw) || !/[a-z][23](?![0-9])/.test(raw)) return null;
  const out = raw.replace(/([a-z])([23])(?![0-9])/g, (_, letter: string, n: string) => letter.repeat(Number(n)));
  // Written out, at least three letters: "i2" or "h2" is a name or a formula, not I I.
  return /[0-9]/.test(out) || out.length < 3 ? null : out;
}

/**
 * The readings with one letter's exponent spread over the acronym: the letter first where it
 * is written, its other occurrences at later places among the other letters ("i2bc" → ibic,
 * ibci); only for an acronym with one exponent and no other digit.
 */
export function spreadExponent(raw: string): string[] {
  const m = /^([a-z]*)([a-z])([23])([a-z]*)$/.exec(raw);
  if (!m) return [];
  const [, before, letter, n, after] = m as unknown as [string, string, string, string, string];
  const rest = after.split('');
  const extra = Number(n) - 1;
  const out: string[] = [];
  // Places among the letters after it, as positions 0…rest.length (0 = right after it: adjacent, read already).
  const place = (from: number, left: number, acc: number[]): void => {
    if (out.length >= MAX_SPREAD) return;
    if (left === 0) {
      if (acc.every((p) => p === 0)) return;
      let s = '';
      for (let i = 0; i <= rest.length; i++) {
        s += letter.repeat(acc.filter((p) => p === i).length);
        if (i < rest.length) s += rest[i];
      }
      out.push(before + letter + s);
      return;
    }
    for (let p = from; p <= rest.length; p++) place(p, left - 1, [...acc, p]);
  };
  place(0, extra, []);
  return out;
}
