// Legal forms and status phrases of organisation names in Latin script ("GmbH", "S.p.A.",
// "Sp. z o.o.", "veřejná výzkumná instituce", "Federal State Budgetary Institution of Science"),
// the Latin-script counterpart of the CJK legal forms ./cjk-reading.ts drops (一般財団法人). They
// say what kind of body an organisation is, not which one: many records share them, and one
// record's name has them where another name of the same record does not. A query's legal forms
// are left out of its units (./query-plan.ts), so its distinctive words carry the match; they
// stay in the exact-name key, so a record named with them exactly still comes first. This is
// general linguistic data (the legal forms of the languages), never words taken from the
// catalogue. The table is built on the first query, not at import.
import { GLUED, prepareText, STOP, type Token } from './search-text.js';

/** Written forms; dots and spaces are kept, as they decide how the tokens are glued. */
const PHRASES: readonly string[] = [
  // Czech, Slovak: public research institution, state-funded organisation, companies, associations
  'veřejná výzkumná instituce', 'verejná výskumná inštitúcia', 'v. v. i.', 'v.v.i.', 'příspěvková organizace',
  'státní příspěvková organizace', 'štátna príspevková organizácia', 'rozpočtová organizácia', 'státní podnik',
  's.r.o.', 'spol. s r.o.', 'a.s.', 'o.p.s.', 'z. s.', 'z.s.', 'z. ú.', 'z.ú.', 'n. o.', 'n.o.',
  // Polish
  'Sp. z o.o.', 'sp. z o. o.', 'spółka z ograniczoną odpowiedzialnością', 'spółka akcyjna', 'Państwowy Instytut Badawczy',
  // Slovene, Croatian, Serbian, Bosnian
  'd.o.o.', 'd. o. o.', 'd.d.', 'javni zavod',
  // Hungarian
  'Kft.', 'Zrt.', 'Nyrt.', 'Nonprofit Kft.', 'Nonprofit Zrt.',
  // German, Austrian, Swiss
  'e.V.', 'e. V.', 'eingetragener Verein', 'GmbH & Co. KG', 'gemeinnützige GmbH', 'mbH', 'Körperschaft des öffentlichen Rechts',
  'Anstalt des öffentlichen Rechts', 'Stiftung des öffentlichen Rechts', 'Stiftung bürgerlichen Rechts',
  // Italian
  'S.p.A.', 'S.r.l.', 'S.c.a.r.l.', 'S.c.r.l.', 'Società per Azioni', 'Società a responsabilità limitata',
  'Società consortile a responsabilità limitata', 'Onlus',
  // French, Belgian
  'S.A.R.L.', 'Société Anonyme', 'Société par actions simplifiée', 'Société à responsabilité limitée',
  'Établissement public à caractère scientifique et technologique', 'Établissement public à caractère industriel et commercial',
  'a.s.b.l.', 'asbl', 'association sans but lucratif',
  // Spanish, Portuguese, Romanian
  'S.A.', 'S.L.', 'S.L.U.', 'Sociedad Anónima', 'Sociedad Limitada', 'Ltda.', 'Lda.', 'S.R.L.',
  // Dutch, Nordic, Finnish
  'B.V.', 'N.V.', 'Besloten Vennootschap', 'Naamloze Vennootschap', 'A/S', 'ApS', 'Aktiebolag', 'Aktieselskab', 'Osakeyhtiö',
  // English, and the Russian state forms as English names write them
  'Limited Liability Company', 'Joint Stock Company', 'Open Joint Stock Company', 'Closed Joint Stock Company',
  'Public Joint Stock Company', 'Pty Ltd', 'Co., Ltd.', 'Federal State Budgetary Institution of Science',
  'Federal State Institution of Science', 'Federal State Budgetary Scientific Institution', 'Federal State Budgetary Institution',
  'Federal State Autonomous Institution', 'Federal State Unitary Enterprise', 'Federal State Budgetary Educational Institution of Higher Education',
  'Federal State Autonomous Educational Institution of Higher Education', 'Federal State Budgetary Educational Institution of Higher Professional Education',
];

/** One word a legal form ends a name with ("Bruker GmbH"); never the query's first word ("AB Sciex"). */
const LAST_WORDS: readonly string[] = [
  'GmbH', 'gGmbH', 'Ltd', 'Ltd.', 'Limited', 'Inc', 'Inc.', 'Incorporated', 'LLC', 'LLP', 'PLC', 'Corp.', 'AB', 'Oy', 'Oyj', 'ASA',
  'SpA', 'Srl', 'SARL', 'Ltda', 'BV', 'NV',
];

interface Form {
  words: readonly string[];
  /** Per word after the first, whether it is written against the previous one (a dotted abbreviation). */
  glued: readonly boolean[];
  /** An abbreviation: the match must be the whole of its dotted group. */
  dotted: boolean;
  lastOnly: boolean;
}

let byFirstWord: Map<string, Form[]> | null = null;

function formOf(written: string, lastOnly: boolean): Form {
  const tokens = prepareText(written).tokens;
  const glued = tokens.map((t) => (t.flags & GLUED) !== 0);
  return { words: tokens.map((t) => t.word), glued, dotted: glued.slice(1).some(Boolean) || tokens.every((t) => t.word.length <= 3), lastOnly };
}

function table(): Map<string, Form[]> {
  if (byFirstWord) return byFirstWord;
  const map = new Map<string, Form[]>();
  for (const [written, lastOnly] of [...PHRASES.map((p) => [p, false] as const), ...LAST_WORDS.map((w) => [w, true] as const)]) {
    const form = formOf(written, lastOnly);
    if (form.words.length === 0) continue;
    const list = map.get(form.words[0]!) ?? [];
    list.push(form);
    map.set(form.words[0]!, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length);
  byFirstWord = map;
  return map;
}

/** How many tokens from `at` the form covers, or 0. */
function matchAt(tokens: readonly Token[], at: number, form: Form): number {
  const n = form.words.length;
  if (at + n > tokens.length) return 0;
  for (let k = 0; k < n; k++) {
    const t = tokens[at + k]!;
    if (t.word !== form.words[k]) return 0;
    if (form.dotted && k > 0 && ((t.flags & GLUED) !== 0) !== form.glued[k]) return 0;
  }
  if (form.dotted && ((at > 0 && tokens[at]!.flags & GLUED) || (tokens[at + n]?.flags ?? 0) & GLUED)) return 0;
  if (form.lastOnly && (at === 0 || at + n !== tokens.length)) return 0;
  return n;
}

/**
 * The tokens without the legal forms they hold (function words kept), or `tokens` itself when
 * they hold none, or when nothing but function words would be left.
 */
export function withoutLegalForms(tokens: readonly Token[]): readonly Token[] {
  const forms = table();
  let kept: Token[] | null = null;
  for (let i = 0; i < tokens.length; ) {
    let n = 0;
    for (const form of forms.get(tokens[i]!.word) ?? []) if ((n = matchAt(tokens, i, form)) > 0) break;
    if (n > 0) kept ??= tokens.slice(0, i);
    else kept?.push(tokens[i]!);
    i += Math.max(n, 1);
  }
  if (kept === null || !kept.some((t) => !(t.flags & STOP))) return tokens;
  return kept;
}
