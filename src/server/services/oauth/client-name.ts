// Client names are shown on the consent page, so a registered name must not be able to pass for
// this server's own CLI (RFC 6819 section 4.4.1.4 and RFC 9700 section 4.15: clients
// impersonating others; RFC 7591 section 5 leaves what a server accepts to the server). Rules:
//  - bounded, and free of what a reader cannot see or that reorders text: controls, format
//    characters (zero-width spaces and joiners, bidirectional marks, overrides and isolates, soft
//    hyphens, tags: Unicode category Cf), line and paragraph separators, private-use, surrogate
//    and unassigned code points;
//  - no word that mixes Latin letters with Cyrillic, Greek or Armenian ones (the classic
//    homograph, "rcаt" with a Cyrillic "а": a mixed-script string in Unicode TS #39 section 5);
//  - not a reserved name, nor anything that reads like one: names are compared by a skeleton in
//    the spirit of TS #39 section 4 (compatibility decomposition, marks dropped, case folded,
//    letters and digits that look like Latin letters mapped to them, everything else dropped),
//    so "rcat command‑line tool" with U+2011, "RCAT Command Line Tool.", "rcat comrnand-line tool"
//    or one spelled with Cyrillic letters are all refused, and so is a name that contains the
//    CLI's ("rcat command-line tool (official)").
// The lookalike table covers the Latin letters and digits; TS #39's full confusables data is not
// needed to protect a handful of reserved ASCII names.

export const MAX_CLIENT_NAME_LENGTH = 100;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
const MIXED_SCRIPT_WORD = /(?=[^\s]*\p{Script=Latin})(?=[^\s]*[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}])[^\s]+/u;

/** Letters (of other scripts, or Latin ones NFKD leaves alone) and signs that read as a Latin letter. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', ь: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', һ: 'h', н: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l',
  м: 'm', п: 'n', о: 'o', р: 'p', ԛ: 'q', г: 'r', ѕ: 's', т: 't', у: 'y', х: 'x', ԝ: 'w', ѡ: 'w',
  // Greek
  α: 'a', β: 'b', ϲ: 'c', δ: 'd', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u',
  χ: 'x', ω: 'w', γ: 'y',
  // Armenian
  ո: 'n', ս: 'u', օ: 'o', հ: 'h',
  // Latin letters NFKD does not reduce to a–z, small capitals
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ɩ: 'i', ɪ: 'i', ʟ: 'l', ɴ: 'n', ʀ: 'r', ʏ: 'y', ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd',
  ᴇ: 'e', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ᴋ: 'k', ᴍ: 'm', ᴏ: 'o', ᴘ: 'p', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z',
  ł: 'l', ø: 'o', đ: 'd', ħ: 'h',
  // digits and signs
  '0': 'o', '1': 'l', '|': 'l', '!': 'l', '3': 'e', '5': 's', '$': 's', '@': 'a',
};

/** The form two names are compared in (see the header). */
export function nameSkeleton(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()) {
    const mapped = LOOKALIKES[ch] ?? ch;
    if (/^[a-z0-9]$/.test(mapped)) out += mapped;
  }
  // Letter pairs that read as one letter, and I / l / 1 (mapped above or here) read alike.
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd').replace(/i/g, 'l');
}

/**
 * Why a client name cannot be registered, or null. `reserved`: the names of this server's own
 * clients; the first one (the CLI's display name) may not appear inside another name either.
 */
export function clientNameProblem(name: string, reserved: readonly string[]): string | null {
  if (name.trim().length === 0) return 'client_name must not be empty';
  if ([...name].length > MAX_CLIENT_NAME_LENGTH) return `client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters`;
  if (INVISIBLE.test(name)) return 'client_name must not contain control, invisible, formatting or bidirectional characters';
  if (MIXED_SCRIPT_WORD.test(name)) return 'client_name must not mix Latin letters with Cyrillic, Greek or Armenian ones in one word';
  const skeleton = nameSkeleton(name);
  const [displayName] = reserved;
  if (reserved.some((r) => nameSkeleton(r) === skeleton) || (displayName !== undefined && skeleton.includes(nameSkeleton(displayName)))) {
    return 'client_name is reserved for this server\'s own client';
  }
  return null;
}
