// The legal form of a Russian or Ukrainian organisation written into its name in Cyrillic (the
// Latin-script forms are ./legal-forms.ts's), dropped from a query: "Федеральное государственное бюджетное учреждение (науки)" (federal state budgetary
// institution of science), "ФГБНУ", "ФГУП", "Державна установа" (state institution). It says what
// kind of body the organisation is in law, not which one, and a record's English name rarely
// has it; searched for, it would favour the records that do ("The State Institution «Institute
// of World History …»") over the one named. A run of such words is dropped only when it ends in
// an institution or enterprise with an adjective of the form before it, and an abbreviated form
// of fewer than four letters only when written in capitals; "Государственный научный центр" (State Scientific Center) stays.
import { CAPS, type Token } from './search-text.js';

/** Adjectives of a legal form (folded: й → и). */
const FORM_ADJECTIVE = /^(федеральн|государственн|бюджетн|казенн|автономн|унитарн|некоммерческ|муниципальн|образовательн|научн|державн|комунальн)/;
/** The adjectives that make a run a legal form (научное, образовательное alone do not). */
const FORM_MARKER = /^(федеральн|государственн|бюджетн|казенн|автономн|унитарн|некоммерческ|муниципальн|державн|комунальн)/;
/** What the form is: an institution, an enterprise, an organisation. */
const FORM_HEAD = /^(учреждени|предприяти|установ|организаци)/;
/** Words a head takes after it ("учреждение науки", "… высшего профессионального образования"). */
const AFTER_HEAD = /^(науки|высшего|профессионального|образования|здравоохранения)$/;
/** Abbreviated forms: ФГБУ, ФГБНУ, ФГУП, ФГАОУ ВО, ГБУЗ, ООО, ТОВ … */
const ABBREVIATED_FORM = /^(фгбу|фгбну|фгбун|фгуп|фгаоу|фгбоу|фгоу|фгну|фгу|фгку|фку|фкп|гбуз|гауз|гбу|гуп|гну|мбу|муп|ано|ооо|оао|зао|пао|нко|тов|дп|ду|во|впо)$/;
const CYRILLIC = /^[\u0400-\u04ff]+$/;

/** The query's tokens without the legal forms of Russian and Ukrainian organisations. */
export function withoutCyrillicLegalForms(tokens: readonly Token[]): Token[] {
  if (!tokens.some((t) => CYRILLIC.test(t.word))) return tokens as Token[];
  const drop = new Array<boolean>(tokens.length).fill(false);
  tokens.forEach((t, i) => {
    // A short one only in capitals ("во" is also a preposition); a query all in capitals marks none.
    if (ABBREVIATED_FORM.test(t.word) && (t.flags & CAPS || t.word.length >= 4)) drop[i] = true;
  });
  for (let i = 0; i < tokens.length; i++) {
    if (!FORM_HEAD.test(tokens[i]!.word)) continue;
    let start = i;
    while (start > 0 && FORM_ADJECTIVE.test(tokens[start - 1]!.word)) start--;
    if (!tokens.slice(start, i).some((t) => FORM_MARKER.test(t.word))) continue;
    let end = i + 1;
    while (end < tokens.length && AFTER_HEAD.test(tokens[end]!.word)) end++;
    for (let j = start; j < end; j++) drop[j] = true;
  }
  const kept = tokens.filter((_, i) => !drop[i]);
  // A query that is nothing but a legal form is searched as typed.
  return kept.length > 0 ? kept : (tokens as Token[]);
}
