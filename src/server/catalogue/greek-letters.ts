// A Greek letter written alone among Latin letters, as science writes it, is read as its name:
// μ as the prefix micro ("μPIV" = micro-PIV, "μ-PL"), the others spelt out ("γ-ray" = gamma-ray,
// "Kα" = K-alpha, "β-galactosidase" = beta-galactosidase), the same for records and queries
// (./search-text.ts), so the spelt-out names researchers and catalogues also write meet them.
// A Greek word (two Greek letters or more) is Greek text, read by ./transliterate.ts, and a
// letter after a small Latin letter is part of that word ("aziμthal" is left as written).
const NAMES: Record<string, string> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ζ: 'zeta', η: 'eta', θ: 'theta',
  ι: 'iota', κ: 'kappa', λ: 'lambda', μ: 'micro', ν: 'nu', ξ: 'xi', ο: 'omicron', π: 'pi',
  ρ: 'rho', σ: 'sigma', ς: 'sigma', τ: 'tau', υ: 'upsilon', φ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega',
};
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/u;
/** A Greek word: then the text is Greek, and a lone letter is a word of it (the article "Η"). */
const GREEK_WORD = /[\u0370-\u03ff\u1f00-\u1fff]{2}/u;
/** A Greek letter with no letter before it but a capital Latin one ("Kα"), and no Greek letter after it. */
const LONE = /(?<![\p{Ll}\p{Script=Greek}]|[\p{Lu}](?<=\P{Script=Latin}))([\u0391-\u03a9\u03b1-\u03c9])(?![\p{Script=Greek}])/gu;

/** The text with each lone Greek letter spelt out as a word of its own (glued to its neighbours). */
export function spellGreekLetters(text: string): string {
  if (!GREEK.test(text) || GREEK_WORD.test(text)) return text;
  return text.replace(LONE, (letter) => {
    const name = NAMES[letter.toLowerCase()];
    return name ? `-${name}-` : letter;
  });
}
